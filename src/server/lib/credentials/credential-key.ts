import { randomBytes } from 'node:crypto';
import type { Ed25519KeyPair } from '@digitalbazaar/ed25519-multikey';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { appSecrets } from '#db/schema/index';
import { SEED_BYTES } from './credential-key-format';

/*
 * The platform's signing key for credentials (docs/decisions/0059): an Ed25519 key whose 32-byte seed
 * is kept in the database's secrets, so every instance signs with the same key and a backup carries
 * it. CREDENTIAL_KEY (the seed in base64 or base64url) replaces it; the public keys it replaced stay
 * listed, so the credentials they signed still verify against the DID document.
 */

const SECRET_NAME = 'credential-key';

type StoredKeys = {
  /** The current key's seed, base64url. */
  seed: string;
  /** Public keys (multibase) of the keys used before, oldest first. */
  retired: string[];
};

export type CredentialKeys = {
  /** Signs; its id is `<issuer DID>#<its public key multibase>`. */
  current: { publicKeyMultibase: string; seed: string };
  /** Public keys that signed before a rotation, still listed in the DID document. */
  retired: readonly string[];
};

const pairs = new Map<string, Promise<Ed25519KeyPair>>();

/** The key pair of a seed, made once per process. `id` and `controller` are set by whoever signs. */
export function keyPairOf(seed: string): Promise<Ed25519KeyPair> {
  let pair = pairs.get(seed);
  if (!pair) {
    pair = Ed25519Multikey.generate({ seed: new Uint8Array(Buffer.from(seed, 'base64url')) });
    pairs.set(seed, pair);
  }
  return pair;
}

async function publicKeyOf(seed: string): Promise<string> {
  return (await (await keyPairOf(seed)).export({ publicKey: true })).publicKeyMultibase;
}

function parseStored(value: string): StoredKeys {
  const parsed = JSON.parse(value) as Partial<StoredKeys>;
  if (typeof parsed.seed !== 'string' || !Array.isArray(parsed.retired)) throw new Error('stored credential key is malformed');
  return { seed: parsed.seed, retired: parsed.retired.filter((key): key is string => typeof key === 'string') };
}

async function toKeys(stored: StoredKeys): Promise<CredentialKeys> {
  return { current: { seed: stored.seed, publicKeyMultibase: await publicKeyOf(stored.seed) }, retired: stored.retired };
}

/** The stored keys, for signing inside a transaction that has no app at hand (a refund revoking). */
export async function readCredentialKeys(db: DbOrTx): Promise<CredentialKeys> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('credential key missing: the app makes it at start');
  return toKeys(parseStored(row.value));
}

/**
 * At start: the stored key, made by the first instance to start on this database; or CREDENTIAL_KEY,
 * which becomes the stored key, the one it replaces moving to the retired list (under the row's lock,
 * so instances starting together agree).
 */
export async function loadCredentialKeys({
  db,
  configured,
}: {
  db: Db;
  configured: string | undefined;
}): Promise<CredentialKeys> {
  const initial: StoredKeys = { seed: configured ?? randomBytes(SEED_BYTES).toString('base64url'), retired: [] };
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(initial) })
    .onConflictDoNothing();
  if (!configured) return readCredentialKeys(db);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, SECRET_NAME))
      .for('update');
    if (!row) throw new Error('credential key missing after insert');
    const kept = parseStored(row.value);
    if (kept.seed === configured) return kept;
    const incoming = await publicKeyOf(configured);
    const previous = await publicKeyOf(kept.seed);
    const rotated: StoredKeys = {
      seed: configured,
      retired: [...kept.retired.filter((key) => key !== previous), previous].filter((key) => key !== incoming),
    };
    await tx
      .update(appSecrets)
      .set({ value: JSON.stringify(rotated) })
      .where(eq(appSecrets.name, SECRET_NAME));
    return rotated;
  });
  return toKeys(stored);
}
