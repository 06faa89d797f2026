import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db/client';
import { certificates, courses, credentialStatusLists } from '#db/schema/index';
import { htmlToPlainLines } from '#shared/format';
import { isUuid } from '#shared/ids';
import type { CredentialKeys } from '../../lib/credentials/credential-key';
import { signCredential } from '../../lib/credentials/issuer';
import { openBadgeCredential } from '../../lib/credentials/open-badge';
import { allocateStatusEntry, setStatusBits } from '../../lib/credentials/status-lists';

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
