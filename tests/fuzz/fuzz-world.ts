import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { certificates, coupons, payments, quizQuestions, reviews, users } from '#db/schema/index';
import { createCreatorInvite } from '#server/lib/creator-invites';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '../factories';
import type { TestApp } from '../helpers/app';
import { PNG_BYTES } from '../helpers/media-bytes';

/*
 * A small marketplace for one route's fuzzing: whatever the route's earlier requests deleted,
 * archived or logged out, the next route starts from a whole one. Its ids are what the fuzzer
 * puts in paths and bodies so that requests get past "not found" to the handler's own checks.
 */

export const IDENTITIES = ['owner', 'otherCreator', 'enrolled', 'outsider', 'admin', 'guest', 'forged'] as const;
export type Identity = (typeof IDENTITIES)[number];

export type PoolName =
  | 'course'
  | 'module'
  | 'lesson'
  | 'quiz'
  | 'question'
  | 'attempt'
  | 'certificate'
  | 'paymentIntent'
  | 'grant'
  | 'objectKey'
  | 'objectPath'
  | 'uploadURL'
  | 'email'
  | 'password'
  | 'resetToken'
  | 'inviteCode'
  | 'user'
  | 'invitation'
  | 'review'
  | 'payment'
  | 'coupon';

export type FuzzWorld = {
  /** The Authorization header of each identity; none for a guest. */
  authorization: Record<Identity, string | undefined>;
  pools: Record<PoolName, string[]>;
};

const FACTORY_PASSWORD = 'factory-password';
/**
 * FACTORY_PASSWORD hashed with scrypt at N=16 (the parameters travel with the hash): the fuzzer
 * signs in to this account a hundred times, and the real cost would make that minutes.
 */
const CHEAP_PASSWORD_HASH = (() => {
  const salt = randomBytes(16);
  const key = scryptSync(FACTORY_PASSWORD.normalize('NFKC'), salt, 64, { N: 16, r: 8, p: 1 });
  return ['scrypt', 16, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
})();

export async function seedWorld(t: TestApp): Promise<FuzzWorld> {
  const db = t.db.db;
  const api = apiCaller(t);
  // Independent rows go in together: a world per route must cost little next to its 200 requests.
  const [owner, otherCreator, enrolled, outsider, admin, account] = await Promise.all([
    createUser(db, { role: 'creator' }),
    createUser(db, { role: 'creator' }),
    createUser(db),
    createUser(db),
    createUser(db, { role: 'admin' }),
    // Only ever signed in to, reset and logged out by the fuzzer; never an identity it sends as.
    createUser(db),
  ]);
  const [free, paid, forSale, draft, archived, foreign] = await Promise.all([
    createCourse(db, owner.id),
    createCourse(db, owner.id, { priceCents: 1500 }),
    createCourse(db, owner.id, { priceCents: 2500 }),
    createCourse(db, owner.id, { published: false }),
    createCourse(db, owner.id, { archived: true }),
    createCourse(db, otherCreator.id, { priceCents: 900 }),
    db.update(users).set({ passwordHash: CHEAP_PASSWORD_HASH }).where(eq(users.id, account.id)),
  ]);
  const [freeContent, paidContent, foreignContent] = await Promise.all([
    addContent(db, free.id, { lessonCount: 2, quizCount: 1 }),
    addContent(db, paid.id, { lessonCount: 1, quizCount: 1 }),
    addContent(db, foreign.id, { lessonCount: 1, quizCount: 1 }),
    ...[free, paid, archived].map((course) => enroll(db, enrolled.id, course.id)),
  ]);
  const quizIds = [...freeContent.quizzes, ...paidContent.quizzes, ...foreignContent.quizzes].map((quiz) => quiz.id);
  const [questions, [certificate], intent, grants, , invitation, [review], [siteCoupon]] = await Promise.all([
    db
      .insert(quizQuestions)
      .values(
        quizIds.flatMap((quizId) => [
          { quizId, question: 'One?', optionA: 'yes', optionB: 'no', correctAnswer: 1, position: 0 },
          { quizId, question: 'Two?', optionA: 'a', optionB: 'b', optionC: 'c', correctAnswer: 3, position: 1 },
        ]),
      )
      .returning({ id: quizQuestions.id }),
    db
      .insert(certificates)
      .values({ userId: enrolled.id, courseId: free.id, studentName: enrolled.name, courseTitle: free.title })
      .returning({ id: certificates.id }),
    api<{ paymentIntentId: string }>('POST', '/api/create-payment-intent', enrolled, { courseId: forSale.id }),
    Promise.all([1, 2, 3].map(() => api<{ uploadURL: string }>('POST', '/api/objects/upload', owner, {}))),
    api('POST', '/api/auth/forgot-password', undefined, { email: account.email }),
    // What the admin routes act on: an invitation, a reported review, a site-wide coupon.
    createCreatorInvite({ db, publicUrl: t.config.publicUrl, email: 'invited@fuzz.test' }),
    db
      .insert(reviews)
      .values({ courseId: free.id, userId: enrolled.id, rating: 2, reportCount: 1 })
      .returning({ id: reviews.id }),
    db
      .insert(coupons)
      .values({ code: `FUZZ${randomBytes(6).toString('hex').toUpperCase()}`, createdBy: admin.id, percentOff: 10 })
      .returning({ id: coupons.id }),
  ]);
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, intent.paymentIntentId));
  const [uploaded] = grants;
  if (!uploaded) throw new Error('no upload grant');
  const [attempt, stored] = await Promise.all([
    api<{ id: string }>('POST', `/api/quizzes/${freeContent.quizzes[0]?.id}/attempts`, enrolled),
    t.app.inject({
      method: 'PUT',
      url: pathOf(uploaded.uploadURL),
      headers: { 'content-type': 'image/png' },
      payload: PNG_BYTES,
    }),
    t.app.background.drain(),
  ]);
  const { objectPath } = stored.json() as { objectPath: string };
  const resetToken = t.mailer.last(account.email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!resetToken) throw new Error('no reset link mailed');

  const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);
  return {
    authorization: {
      owner: bearer(owner).authorization,
      otherCreator: bearer(otherCreator).authorization,
      enrolled: bearer(enrolled).authorization,
      outsider: bearer(outsider).authorization,
      admin: bearer(admin).authorization,
      guest: undefined,
      forged: `Bearer ${'f'.repeat(64)}`,
    },
    pools: {
      course: ids([free, paid, forSale, draft, archived, foreign]),
      module: ids([freeContent.module, paidContent.module, foreignContent.module]),
      lesson: ids([...freeContent.lessons, ...paidContent.lessons, ...foreignContent.lessons]),
      quiz: quizIds,
      question: ids(questions),
      attempt: [attempt.id],
      certificate: certificate ? [certificate.id] : [],
      paymentIntent: [intent.paymentIntentId],
      grant: grants.map((grant) => pathOf(grant.uploadURL).split('/').pop() ?? ''),
      objectKey: [objectPath.replace(/^\/objects\//, '')],
      objectPath: [objectPath],
      uploadURL: grants.map((grant) => grant.uploadURL),
      // The account whose hash is cheap: a known email costs a real scrypt otherwise.
      email: [account.email, account.email.toUpperCase()],
      password: [FACTORY_PASSWORD],
      resetToken: [resetToken],
      inviteCode: [t.config.creatorInviteCode ?? 'test-invite-code'],
      user: [enrolled.id, outsider.id, otherCreator.id, admin.id],
      invitation: [invitation.id],
      review: review ? [review.id] : [],
      payment: payment ? [payment.id] : [],
      coupon: siteCoupon ? [siteCoupon.id] : [],
    },
  };
}

/** The path of an address that may be absolute or relative. */
const pathOf = (address: string) => new URL(address, 'http://localhost').pathname;

/** A JSON call that must succeed while the world is built. */
function apiCaller(t: TestApp) {
  return async <T>(method: 'POST' | 'PUT', url: string, user?: TestUser, payload?: object): Promise<T> => {
    const response = await t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
}
