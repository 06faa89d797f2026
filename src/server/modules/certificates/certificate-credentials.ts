import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db/client';
import { certificates, courses, credentialStatusLists } from '#db/schema/index';
import { htmlToPlainLines } from '#shared/format';
import { isUuid } from '#shared/ids';
import type { CredentialVerification } from '#shared/schemas/certificates';
import type { CredentialKeys } from '../../lib/credentials/credential-key';
import { type didDocumentOf, signCredential } from '../../lib/credentials/issuer';
import { openBadgeCredential } from '../../lib/credentials/open-badge';
import { allocateStatusEntry, setStatusBits } from '../../lib/credentials/status-lists';
import type { createVerificationCache } from '../../lib/credentials/verifier';

type Issuing = { db: Db; publicUrl: string; issuer: string; keys: CredentialKeys; now: Date };
type SignedCredential = Record<string, unknown>;

/**
 * A certificate's Open Badges credential (docs/product.md, Credentials): signed once, when the
 * certificate is issued or at the first request for it, and stored; every request after that serves
 * the stored one. Null when there is no such certificate.
 */
export async function certificateCredential({ id, ...issuing }: Issuing & { id: string }): Promise<SignedCredential | null> {
  if (!isUuid(id)) return null;
  const [row] = await issuing.db
    .select({ credential: certificates.credential })
    .from(certificates)
    .where(eq(certificates.id, id))
    .limit(1);
  if (!row) return null;
  return row.credential ?? makeCredential({ id, ...issuing });
}

async function makeCredential({
  id,
  db,
  publicUrl,
  issuer,
  keys,
  now,
}: Issuing & { id: string }): Promise<SignedCredential | null> {
  // Its bit first, in a short transaction: the signing below holds no lock.
  const entry = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
    if (!locked) return null;
    if (locked.statusListId !== null && locked.statusIndex !== null) {
      return { ...locked, statusListId: locked.statusListId, statusIndex: locked.statusIndex };
    }
    const { listId, index } = await allocateStatusEntry(tx, { publicUrl, signing: { issuer, keys, now } });
    await tx.update(certificates).set({ statusListId: listId, statusIndex: index }).where(eq(certificates.id, id));
    // Revoked before it ever had a credential (issued before credentials were): born revoked.
    if (locked.revokedAt) await setStatusBits(tx, { listId, indexes: [index], now });
    return { ...locked, statusListId: listId, statusIndex: index };
  });
  if (!entry) return null;
  const [course] = await db.select({ description: courses.description }).from(courses).where(eq(courses.id, entry.courseId));
  const credential = await signCredential({
    credential: openBadgeCredential({
      certificate: { ...entry, courseDescription: htmlToPlainLines(course?.description ?? '') },
      publicUrl,
      issuer,
    }),
    issuer,
    keys,
    now,
  });
  // Of two signed at once (two instances, two first requests), the first stored is the one kept.
  await db
    .update(certificates)
    .set({ credential })
    .where(
      and(
        eq(certificates.id, id),
        isNull(certificates.credential),
        eq(certificates.statusListId, entry.statusListId),
        eq(certificates.statusIndex, entry.statusIndex),
      ),
    );
  const [kept] = await db.select({ credential: certificates.credential }).from(certificates).where(eq(certificates.id, id));
  return kept?.credential ?? credential;
}

/** A status list as stored (signed when a bit last changed); null when there is none. */
export async function storedStatusList({ db, id }: { db: Db; id: string }): Promise<SignedCredential | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ credential: credentialStatusLists.credential })
    .from(credentialStatusLists)
    .where(eq(credentialStatusLists.id, id));
  return row?.credential ?? null;
}

/**
 * What the verification page says was checked: the certificate's credential (made now if it has none
 * yet) verified with the list its status entry names, as the app stores and serves it.
 */
export async function certificateVerification({
  id,
  verified,
  didDocument,
  ...issuing
}: Issuing & {
  id: string;
  verified: ReturnType<typeof createVerificationCache>;
  didDocument: ReturnType<typeof didDocumentOf>;
}): Promise<CredentialVerification | null> {
  const credential = await certificateCredential({ id, ...issuing });
  if (!credential) return null;
  const status = credential.credentialStatus as { statusListCredential?: unknown } | undefined;
  const listUrl = typeof status?.statusListCredential === 'string' ? status.statusListCredential : '';
  const statusList = await storedStatusList({ db: issuing.db, id: listUrl.slice(listUrl.lastIndexOf('/') + 1) });
  return verified({ certificateId: id, credential, statusList, didDocument, now: issuing.now.getTime() });
}
