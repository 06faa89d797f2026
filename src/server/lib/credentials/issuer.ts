import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { type CredentialKeys, keyPairOf } from './credential-key';
import { DID_V1_CONTEXT, MULTIKEY_CONTEXT, staticDocumentLoader } from './document-loader';

/*
 * The platform issues as `did:web` of its public address (docs/decisions/0059): a verifier reads the
 * keys from https://<host>/.well-known/did.json, which this app serves from the stored keys.
 */

/** `did:web:<host>`, the port's colon percent-encoded and a path's slashes as colons, as did:web asks. */
export function didWebOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', host, ...segments].join(':');
}

export function verificationMethodId(did: string, publicKeyMultibase: string): string {
  return `${did}#${publicKeyMultibase}`;
}

/** The DID document: the current key and every retired one, all able to assert credentials. */
export function didDocumentOf(did: string, keys: CredentialKeys) {
  const methods = [keys.current.publicKeyMultibase, ...[...keys.retired].reverse()].map((publicKeyMultibase) => ({
    id: verificationMethodId(did, publicKeyMultibase),
    type: 'Multikey',
    controller: did,
    publicKeyMultibase,
  }));
  return {
    '@context': [DID_V1_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

const signingLoader = staticDocumentLoader();

/** The credential with a DataIntegrityProof (eddsa-rdfc-2022) by the current key of `issuer`. */
export async function signCredential({
  credential,
  issuer,
  keys,
  now,
}: {
  credential: Record<string, unknown>;
  issuer: string;
  keys: CredentialKeys;
  now: Date;
}): Promise<Record<string, unknown>> {
  const pair = await keyPairOf(keys.current.seed);
  const signer = pair.signer();
  // The pair is shared by every issuer DID of the process; the signer names this issuer's method.
  signer.id = verificationMethodId(issuer, keys.current.publicKeyMultibase);
  const suite = new DataIntegrityProof({ signer, cryptosuite: eddsaRdfc2022, date: now });
  return vc.issue({ credential, suite, documentLoader: signingLoader, now });
}
