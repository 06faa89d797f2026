import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import {
  passwordResets,
  payments,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  quizzes,
  rateLimits,
  sessions,
  testPaymentIntents,
  uploads,
} from '#db/schema/index';
import { createCourse, createUser } from '#tests/factories';
import { createTestDb } from '#tests/helpers/db';
import { loadConfig } from '../env';
import { createLocalDiskStore } from './object-store/local-disk-store';
import type { ObjectStore } from './object-store/object-store';
import { purgeExpired } from './purge';
import { hitRateLimit } from './rate-limit';

let handle: DbHandle;
let storeDir: string;
let store: ObjectStore;
/** The defaults: orphaned uploads after a day, attempts after 30 days, payments after 3. */
const retention = loadConfig({}).retention;
beforeAll(async () => {
  handle = await createTestDb();
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'ga-purge-'));
  store = createLocalDiskStore({ root: storeDir });
});
afterAll(async () => {
  await handle?.close();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2030, 0, 1, 12, 0, 15);
let counter = 0;
const unique = (label: string) => `${label}:${++counter}:${Math.random()}`;
const at = (offset: number) => new Date(NOW + offset);

async function sessionIdsOf(userId: string) {
  return (await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id);
}

describe('purgeExpired', () => {
  it('deletes expired and long-revoked sessions, used or expired reset tokens, old windows and week-old test intents, nothing else', async () => {
    const db = handle.db;
    const user = await createUser(db);
    const [live, expired, revokedLongAgo, revokedToday] = await db
      .insert(sessions)
      .values([
        { userId: user.id, tokenHash: unique('s'), expiresAt: at(DAY) },
        { userId: user.id, tokenHash: unique('s'), expiresAt: at(-MINUTE) },
        { userId: user.id, tokenHash: unique('s'), expiresAt: at(DAY), revokedAt: at(-8 * DAY) },
        { userId: user.id, tokenHash: unique('s'), expiresAt: at(DAY), revokedAt: at(-MINUTE) },
      ])
      .returning({ id: sessions.id });
    const [openReset, usedReset, expiredReset] = await db
      .insert(passwordResets)
      .values([
        { userId: user.id, tokenHash: unique('r'), expiresAt: at(MINUTE) },
        { userId: user.id, tokenHash: unique('r'), expiresAt: at(MINUTE), usedAt: at(-MINUTE) },
        { userId: user.id, tokenHash: unique('r'), expiresAt: at(-MINUTE) },
      ])
      .returning({ id: passwordResets.id });
    const oldWindow = unique('w');
    const recentWindow = unique('w');
    await hitRateLimit({ db, key: oldWindow, limit: 1, windowMs: MINUTE, now: NOW - 2 * DAY });
    await hitRateLimit({ db, key: recentWindow, limit: 1, windowMs: 60 * MINUTE, now: NOW });

    const intent = (id: string, createdAt: Date) => ({
      id,
      clientSecretHash: 'h',
      amountCents: 500,
      currency: 'usd' as const,
      status: 'requires_payment_method' as const,
      metadata: { userId: user.id, courseId: user.id },
      createdAt,
      updatedAt: createdAt,
    });
    const [weekOldIntent, recentIntent] = [unique('tpi_old'), unique('tpi_new')];
    await db.insert(testPaymentIntents).values([intent(weekOldIntent, at(-8 * DAY)), intent(recentIntent, at(-DAY))]);

    const upload = (objectKey: string, expiresAt: Date, completedAt: Date | null) => ({
      userId: user.id,
      kind: 'image' as const,
      grantHash: objectKey,
      objectKey,
      expiresAt,
      completedAt,
    });
    const [staleUpload, openUpload, doneUpload] = [unique('images/stale'), unique('images/open'), unique('images/done')];
    await db.insert(uploads).values([
      upload(staleUpload, at(-DAY), null),
      upload(openUpload, at(DAY), null),
      // Finished after its address expired, and younger than the day an unused upload is kept.
      upload(doneUpload, at(-DAY), at(-MINUTE)),
    ]);

    const deleted = await purgeExpired({ db, now: NOW, store, retention });

    const uploadKeys = (await db.select({ key: uploads.objectKey }).from(uploads).where(eq(uploads.userId, user.id))).map(
      (row) => row.key,
    );
    expect(uploadKeys.sort()).toEqual([openUpload, doneUpload].sort());
    expect(deleted.uploads).toBeGreaterThanOrEqual(1);

    const intentIds = (await db.select({ id: testPaymentIntents.id }).from(testPaymentIntents)).map((row) => row.id);
    expect(intentIds).toContain(recentIntent);
    expect(intentIds).not.toContain(weekOldIntent);
    expect(deleted.testPaymentIntents).toBeGreaterThanOrEqual(1);

    const sessionIds = await sessionIdsOf(user.id);
    expect(sessionIds.sort()).toEqual([live?.id, revokedToday?.id].sort());
    expect(sessionIds).not.toContain(expired?.id);
    expect(sessionIds).not.toContain(revokedLongAgo?.id);
    const resetIds = (
      await db.select({ id: passwordResets.id }).from(passwordResets).where(eq(passwordResets.userId, user.id))
    ).map((row) => row.id);
    expect(resetIds).toEqual([openReset?.id]);
    expect(resetIds).not.toContain(usedReset?.id);
    expect(resetIds).not.toContain(expiredReset?.id);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, oldWindow))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, recentWindow))).toHaveLength(1);
    // Counts of the whole database: the factory's own session (a day after the wall clock) went too.
    expect(deleted.sessions).toBeGreaterThanOrEqual(3);
    expect(deleted.resets).toBeGreaterThanOrEqual(2);
    expect(deleted.rateLimitWindows).toBeGreaterThanOrEqual(1);
  });

  it('judges expiry by the clock it is given, not the wall clock', async () => {
    const db = handle.db;
    const user = await createUser(db);
    // The factory's session expires a day after the wall clock: long before NOW (2030).
    await purgeExpired({ db, now: Date.now(), store, retention });
    expect(await sessionIdsOf(user.id)).toHaveLength(1);
    await purgeExpired({ db, now: NOW, store, retention });
    expect(await sessionIdsOf(user.id)).toHaveLength(0);
  });
});

describe('purgeExpired: what learners and buyers abandoned', () => {
  /** A quiz of its own per attempt: a learner has at most one attempt in progress per quiz. */
  async function quizOf(creatorId: string) {
    const course = await createCourse(handle.db, creatorId);
    const [quiz] = await handle.db.insert(quizzes).values({ courseId: course.id, title: 'Quiz' }).returning();
    const [question] = await handle.db
      .insert(quizQuestions)
      .values({ quizId: quiz?.id as string, question: 'Q?', optionA: 'a', optionB: 'b', correctAnswer: 1 })
      .returning();
    return { courseId: course.id, quizId: quiz?.id as string, questionId: question?.id as string };
  }

  it('deletes quiz attempts in progress that nobody touched for 30 days, and nothing else', async () => {
    const db = handle.db;
    const creator = await createUser(db, { role: 'creator' });
    const learner = await createUser(db);
    const attempt = async (startedAt: Date, status: 'in_progress' | 'completed' = 'in_progress', answeredAt?: Date) => {
      const { quizId, questionId } = await quizOf(creator.id);
      const [row] = await db
        .insert(quizAttempts)
        .values({ userId: learner.id, quizId, status, startedAt, ...(status === 'completed' ? { completedAt: startedAt } : {}) })
        .returning({ id: quizAttempts.id });
      const id = row?.id as string;
      if (answeredAt)
        await db.insert(quizAnswers).values({ attemptId: id, questionId, selectedOption: 1, isCorrect: true, answeredAt });
      return id;
    };
    const abandoned = await attempt(at(-31 * DAY));
    const abandonedAnsweredLongAgo = await attempt(at(-40 * DAY), 'in_progress', at(-35 * DAY));
    const answeredLately = await attempt(at(-40 * DAY), 'in_progress', at(-DAY));
    const recent = await attempt(at(-29 * DAY));
    const completed = await attempt(at(-300 * DAY), 'completed');

    const deleted = await purgeExpired({ db, now: NOW, store, retention });

    const left = (await db.select({ id: quizAttempts.id }).from(quizAttempts).where(eq(quizAttempts.userId, learner.id))).map(
      (row) => row.id,
    );
    expect(left.sort()).toEqual([answeredLately, recent, completed].sort());
    expect(left).not.toContain(abandoned);
    expect(left).not.toContain(abandonedAnsweredLongAgo);
    expect(deleted.abandonedQuizAttempts).toBeGreaterThanOrEqual(2);
    // The answers of a deleted attempt go with it; the others keep theirs.
    expect(await db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, abandonedAnsweredLongAgo))).toHaveLength(0);
    expect(await db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, answeredLately))).toHaveLength(1);
  });

  it('keeps attempts for as long as ABANDONED_QUIZ_ATTEMPT_DAYS says', async () => {
    const db = handle.db;
    const creator = await createUser(db, { role: 'creator' });
    const learner = await createUser(db);
    const { quizId } = await quizOf(creator.id);
    await db.insert(quizAttempts).values({ userId: learner.id, quizId, startedAt: at(-31 * DAY) });
    const longer = loadConfig({ ABANDONED_QUIZ_ATTEMPT_DAYS: '60' }).retention;
    await purgeExpired({ db, now: NOW, store, retention: longer });
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id))).toHaveLength(1);
    await purgeExpired({ db, now: NOW + 30 * DAY, store, retention: longer });
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id))).toHaveLength(0);
  });

  it('deletes payments that never succeeded once their intent cannot succeed any more, with the test intents of that age', async () => {
    const db = handle.db;
    const creator = await createUser(db, { role: 'creator' });
    const buyer = await createUser(db);
    const course = await createCourse(db, creator.id, { priceCents: 1999 });
    let counter = 0;
    const payment = async (
      provider: 'test' | 'stripe',
      status: 'requires_payment_method' | 'succeeded' | 'canceled' | 'refund_pending' | 'refunded',
      updatedAt: Date,
      intent?: { status: 'requires_payment_method' | 'succeeded' | 'canceled'; updatedAt: Date },
    ) => {
      const providerPaymentId = `pi_purge_${++counter}_${Math.random().toString(36).slice(2)}`;
      await db.insert(payments).values({
        userId: buyer.id,
        courseId: course.id,
        provider,
        providerPaymentId,
        amountCents: 1999,
        status,
        createdAt: updatedAt,
        updatedAt,
      });
      if (intent) {
        await db.insert(testPaymentIntents).values({
          id: providerPaymentId,
          clientSecretHash: 'h',
          amountCents: 1999,
          currency: 'usd',
          status: intent.status,
          metadata: { userId: buyer.id, courseId: course.id },
          // Within the 7 days after which every test intent goes anyway.
          createdAt: intent.updatedAt,
          updatedAt: intent.updatedAt,
        });
      }
      return providerPaymentId;
    };
    const untouched = { status: 'requires_payment_method' as const, updatedAt: at(-4 * DAY) };
    const abandonedTest = await payment('test', 'requires_payment_method', at(-4 * DAY), untouched);
    const declinedYesterday = await payment('test', 'requires_payment_method', at(-4 * DAY), {
      status: 'requires_payment_method',
      updatedAt: at(-DAY),
    });
    const paidTest = await payment('test', 'succeeded', at(-4 * DAY), { status: 'succeeded', updatedAt: at(-4 * DAY) });
    const recentTest = await payment('test', 'requires_payment_method', at(-2 * DAY), {
      status: 'requires_payment_method',
      updatedAt: at(-2 * DAY),
    });
    const refunded = await payment('stripe', 'refunded', at(-40 * DAY));
    const succeeded = await payment('stripe', 'succeeded', at(-40 * DAY));
    // Stripe could still take this one: without its record, a late success could not enroll.
    const openAtStripe = await payment('stripe', 'requires_payment_method', at(-40 * DAY));
    const canceledAtStripe = await payment('stripe', 'canceled', at(-4 * DAY));
    const canceledToday = await payment('stripe', 'canceled', at(-MINUTE));
    // Paid, and being refunded: its intent is long gone, but the payment is not abandoned.
    const refunding = await payment('test', 'refund_pending', at(-40 * DAY));

    const deleted = await purgeExpired({ db, now: NOW, store, retention });

    const left = (await db.select({ id: payments.providerPaymentId }).from(payments).where(eq(payments.userId, buyer.id))).map(
      (row) => row.id,
    );
    expect(left.sort()).toEqual(
      [declinedYesterday, paidTest, recentTest, refunded, succeeded, openAtStripe, canceledToday, refunding].sort(),
    );
    expect(left).not.toContain(abandonedTest);
    expect(left).not.toContain(canceledAtStripe);
    expect(deleted.abandonedPayments).toBeGreaterThanOrEqual(2);
    const intents = (
      await db
        .select({ id: testPaymentIntents.id })
        .from(testPaymentIntents)
        .where(inArray(testPaymentIntents.id, [abandonedTest, declinedYesterday, paidTest, recentTest]))
    ).map((row) => row.id);
    expect(intents.sort()).toEqual([declinedYesterday, paidTest, recentTest].sort());
  });
});
