import { randomInt, randomUUID } from 'node:crypto';
import { type BitstringStatusList, createCredential, createList, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { certificates, credentialStatusLists } from '#db/schema/index';
import { type CredentialKeys, readCredentialKeys } from './credential-key';
import { signCredential } from './issuer';

/*
 * Revocation lists (W3C Bitstring Status List, docs/decisions/0059). Each certificate's credential names
 * one bit of one list; the list is served as a signed BitstringStatusListCredential, signed again in
 * the transaction that sets a bit. A bit once set stays set ("revocation" is final in the standard):
 * a certificate restored later gets a new bit and a new credential.
 */

/** The standard's smallest list, so that a list reveals nothing about who holds one of its bits. */
export const STATUS_LIST_SIZE = 131_072;
/**
 * Bits are handed out at random places, for the same reason; a list takes new certificates until
 * half its bits are out, so a random pick finds a free bit in a try or two.
 */
const OPEN_SHARE = 2;
const PICK_TRIES = 64;

export function statusListUrl(publicUrl: string, listId: string): string {
  return `${publicUrl}/api/credentials/status/${listId}`;
}

type Signing = { issuer: string; keys: CredentialKeys; now: Date };

async function signedList({ url, list, signing }: { url: string; list: BitstringStatusList; signing: Signing }) {
  const unsigned = await createCredential({ id: url, list, statusPurpose: 'revocation' });
  return signCredential({
    credential: { ...unsigned, issuer: signing.issuer, validFrom: isoSeconds(signing.now) },
    ...signing,
  });
}

export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function encodedListOf(credential: Record<string, unknown> | null): string {
  const subject = credential?.credentialSubject as { encodedList?: unknown } | undefined;
  if (typeof subject?.encodedList !== 'string') throw new Error('stored status list has no encodedList');
  return subject.encodedList;
}

/**
 * A free bit for a certificate, in the caller's transaction: of an open list (locked, so two
 * certificates never get the same bit), or of a new one when every list is half used.
 */
export async function allocateStatusEntry(
  tx: DbOrTx,
  { publicUrl, signing }: { publicUrl: string; signing: Signing },
): Promise<{ listId: string; index: number }> {
  const [open] = await tx
    .select()
    .from(credentialStatusLists)
    .where(lt(sql`${credentialStatusLists.used} * ${OPEN_SHARE}`, credentialStatusLists.size))
    .orderBy(credentialStatusLists.id)
    .limit(1)
    .for('update');
  if (!open) {
    const id = randomUUID();
    const list = await createList({ length: STATUS_LIST_SIZE });
    const credential = await signedList({ url: statusListUrl(publicUrl, id), list, signing });
    await tx.insert(credentialStatusLists).values({ id, size: STATUS_LIST_SIZE, used: 1, credential });
    return { listId: id, index: randomInt(STATUS_LIST_SIZE) };
  }
  const list = await decodeList({ encodedList: encodedListOf(open.credential) });
  for (let attempt = 0; attempt < PICK_TRIES; attempt++) {
    const index = randomInt(open.size);
    // A set bit belonged to a certificate that was revoked and restored under another bit.
    if (list.getStatus(index)) continue;
    const [taken] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.statusListId, open.id), eq(certificates.statusIndex, index)))
      .limit(1);
    if (taken) continue;
    await tx
      .update(credentialStatusLists)
      .set({ used: sql`${credentialStatusLists.used} + 1` })
      .where(eq(credentialStatusLists.id, open.id));
    return { listId: open.id, index };
  }
  throw new Error(`status list ${open.id}: no free bit found in ${PICK_TRIES} tries`);
}

/**
 * Sets the bits (revoked) of one list and signs the list again, in the caller's transaction, under the
 * list's lock. The key and issuer are read from the database and the stored list, so any code that
 * revokes in a transaction can call it.
 */
export async function setStatusBits(tx: DbOrTx, { listId, indexes, now }: { listId: string; indexes: number[]; now: Date }) {
  const [row] = await tx.select().from(credentialStatusLists).where(eq(credentialStatusLists.id, listId)).for('update');
  if (!row?.credential) throw new Error(`status list ${listId} not found`);
  const list = await decodeList({ encodedList: encodedListOf(row.credential) });
  const unset = indexes.filter((index) => !list.getStatus(index));
  if (unset.length === 0) return;
  for (const index of unset) list.setStatus(index, true);
  const issuer = row.credential.issuer;
  const url = row.credential.id;
  if (typeof issuer !== 'string' || typeof url !== 'string') throw new Error(`status list ${listId} has no issuer or id`);
  const credential = await signedList({ url, list, signing: { issuer, keys: await readCredentialKeys(tx), now } });
  await tx.update(credentialStatusLists).set({ credential, updatedAt: now }).where(eq(credentialStatusLists.id, listId));
}
