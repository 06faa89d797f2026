/** An Ed25519 private key is made from 32 random bytes, its seed. */
export const SEED_BYTES = 32;

export class CredentialKeyError extends Error {}

/** The seed of CREDENTIAL_KEY, base64url; throws when it is not 32 bytes in base64 or base64url. */
export function parseCredentialKey(text: string): string {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    throw new CredentialKeyError('CREDENTIAL_KEY must be 32 bytes in base64 or base64url (openssl rand -base64 32)');
  }
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== SEED_BYTES) {
    throw new CredentialKeyError(`CREDENTIAL_KEY must be ${SEED_BYTES} bytes in base64 or base64url; it holds ${seed.length}`);
  }
  return seed.toString('base64url');
}
