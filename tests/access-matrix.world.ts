import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  cartItems,
  certificates,
  coupons,
  courseModules,
  emailChanges,
  ledgerEntries,
  lessonProgress,
  lessons,
  lessonThreads,
  passwordResets,
  payments,
  quizAttempts,
  quizQuestions,
  quizzes,
  reviewCards,
  reviews,
  sessions,
  threadReplies,
  users,
} from '#db/schema/index';
import { createCreatorInvite } from '#server/lib/creator-invites';
import { generateToken, hashToken } from '#server/lib/tokens';
import { newReviewCard } from '#server/modules/learning/review-schedule';
import { addContent, bearer, createCourse, createUser, enroll, revokedSessionToken, type TestUser } from '#tests/factories';
import type { TestApp } from '#tests/helpers/app';
import { mp4Bytes, NOTEBOOK_BYTES, PNG_BYTES } from '#tests/helpers/media-bytes';

/*
 * The seeded world the access matrix (access-matrix.table.ts) runs in: who calls, and what they call
 * it on. Fixed things are made once; a cell that changes something (deletes a slide, logs a session
 * out, pays) asks `fresh` for a thing of its own, so no cell can spoil another's.
 */

/**
 * The columns of the matrix. `revoked` sends a token of the owner that was revoked by logging out;
 * `admin` is an account made an admin as `npm run admin` makes one.
 */
export const PRINCIPALS = ['guest', 'student', 'enrolled', 'otherCreator', 'owner', 'revoked', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export { FACTORY_PASSWORD } from '#tests/factories';

export type AccessWorld = {
  /** The bearer token each principal sends; null for the guest. */
  tokens: Record<Principal, string | null>;
  /** The owner's published paid course; the enrolled student has finished it and holds its certificate. */
  paid: {
    courseId: string;
    moduleId: string;
    textLessonId: string;
    quizId: string;
    questionId: string;
    /** A true_false question of the quiz, added after the enrolled student finished it. */
    typedQuestionId: string;
    /** A code question of the quiz, added with the typed one. */
    codeQuestionId: string;
    /** The video slide's object path, as stored. */
    videoPath: string;
    /** The same video's address as the lesson list handed it to the enrolled student. */
    signedVideoUrl: string;
    /** The course's notebook slide (docs/product.md, Notebooks). */
    notebookLessonId: string;
    /** The object path of the course's image slide, also paid lesson media. */
    imagePath: string;
    /** The course's thumbnail: not lesson media, so public. */
    thumbnailPath: string;
    /** The enrolled student's review of the course. */
    reviewId: string;
  };
  /** The owner's unpublished course. */
  draft: { courseId: string; moduleId: string; lessonId: string; quizId: string };
  /** The owner's archived paid course, in which the enrolled student is enrolled too. */
  archived: { courseId: string; moduleId: string };
  freeCourseId: string;
  /** The owner's user id (their instructor page). */
  ownerId: string;
  /** A draft of the owner that no fixed cell reads: modules and quizzes are added to it. */
  workbenchCourseId: string;
  /** The upload address the owner's thumbnail was sent to (what PUT /api/course-thumbnails takes). */
  thumbnailUploadURL: string;
  certificateId: string;
  /** The revocation status list that certificate's credential names. */
  statusListId: string;
  /** An account nobody else uses, to log in as. */
  loginEmail: string;
  fresh: FreshThings;
};

/** Things made for one cell only; everything course-shaped belongs to the owner. */
export type FreshThings = {
  /** A course of the owner, without content. */
  course(options?: { published?: boolean; archived?: boolean }): Promise<string>;
  module(): Promise<string>;
  quiz(): Promise<string>;
  lesson(): Promise<string>;
  question(): Promise<string>;
  /** An in-progress attempt of the enrolled student at the paid course's quiz. */
  attempt(): Promise<string>;
  /** A review by the enrolled student of the archived course (made again if a cell deleted it); the course's id. */
  archivedReview(): Promise<string>;
  /** The enrolled student's review-deck card of the paid course's question, due now (again, if a cell answered it). */
  reviewCard(): Promise<string>;
  /** A new session of the principal's account (the guest has none; `revoked` keeps its dead token). */
  token(as: Principal): Promise<string | null>;
  /** A live password-reset token of an account made for it. */
  resetToken(): Promise<string>;
  /**
   * A token of a new account of the principal's role (no courses, no enrollments), for calls that
   * sign out the account's other sessions or delete it; the guest has none, `revoked` keeps its dead token.
   */
  account(as: Principal): Promise<string | null>;
  /** A valid certificate of the enrolled student, for a fresh course of the owner's. */
  certificate(): Promise<string>;
  /** The id of a new session of the principal's account (a random id for those without one). */
  sessionId(as: Principal): Promise<string>;
  /** A live email-change token of an account made for it. */
  emailChangeToken(): Promise<string>;
  /** An unused upload address of the owner. */
  uploadURL(): Promise<string>;
  /** The student's payment intent for a new paid course, paid with a test card when `paid`. */
  studentIntent(options: { paid: boolean }): Promise<{ paymentIntentId: string; courseId: string }>;
  /** The id of a purchase the student has just made (its recorded payment). */
  studentPurchase(): Promise<string>;
  /** A 10 % coupon of the owner's paid course. */
  coupon(): Promise<{ id: string; code: string }>;
  /** The id of a new student account (for an admin to suspend); `suspended` makes it suspended already. */
  user(options?: { suspended?: boolean }): Promise<string>;
  /** The id of a new unused creator invitation. */
  invitation(): Promise<string>;
  /** The id of a new reported review of the paid course, by a new enrolled student; `hidden` hides it already. */
  reportedReview(options?: { hidden?: boolean }): Promise<string>;
  /** The id of a new site-wide coupon. */
  siteCoupon(): Promise<string>;
  /** The owner's id, after a new sale of theirs 31 days old: money an admin may pay out. */
  payableCreator(): Promise<string>;
  /** Puts a new published paid course of the owner in the principal's cart (the guest has none). */
  cartCourse(as: Principal): Promise<string>;
  /** A new lesson Q&A question under the paid course's text slide, by the enrolled student or a new classmate. */
  thread(options?: { by?: 'enrolled' | 'classmate' }): Promise<string>;
  /** A new reply, by the enrolled student or a new classmate, to a new question of a classmate. */
  threadReply(options?: { by?: 'enrolled' | 'classmate' }): Promise<string>;
};

const PRICE_CENTS = 1999;

export async function seedAccessWorld(t: TestApp): Promise<AccessWorld> {
  const db = t.db.db;
  /** Seeding goes through the app where the app keeps caches; any refusal is a broken world. */
  const call = async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    if (response.statusCode !== 200 && response.statusCode !== 201) {
      throw new Error(`seeding: ${options.method} ${options.url} answered ${response.statusCode}: ${response.body}`);
    }
    return response;
  };

  const [owner, otherCreator, student, enrolled, loginAccount, admin] = await Promise.all([
    createUser(db, { role: 'creator', name: 'Owner' }),
    createUser(db, { role: 'creator', name: 'Other creator' }),
    createUser(db, { name: 'Student' }),
    createUser(db, { name: 'Enrolled student' }),
    createUser(db, { name: 'Login account' }),
    createUser(db, { role: 'admin', name: 'Admin' }),
  ]);

  const upload = async (kind: 'image' | 'video' | 'notebook', bytes: Buffer, contentType: string) => {
    const granted = await call({ method: 'POST', url: '/api/objects/upload', headers: bearer(owner), payload: { kind } });
    const { uploadURL } = granted.json() as { uploadURL: string };
    const stored = await call({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType }, payload: bytes });
    return { uploadURL, objectPath: (stored.json() as { objectPath: string }).objectPath };
  };
  const thumbnail = await upload('image', PNG_BYTES, 'image/png');
  const video = await upload('video', mp4Bytes(64), 'video/mp4');
  const slideImage = await upload('image', PNG_BYTES, 'image/png');
  const slideNotebook = await upload('notebook', NOTEBOOK_BYTES, 'application/x-ipynb+json');

  const paidCourse = await createCourse(db, owner.id, {
    title: 'Paid course',
    priceCents: PRICE_CENTS,
    thumbnail: thumbnail.objectPath,
  });
  const paidContent = await addContent(db, paidCourse.id, { lessonCount: 1, quizCount: 1 });
  const mediaLessons = await db
    .insert(lessons)
    .values([
      { moduleId: paidContent.module.id, title: 'Video', type: 'video', position: 1, videoUrl: video.objectPath },
      { moduleId: paidContent.module.id, title: 'Image', type: 'image', position: 2, imageUrl: slideImage.objectPath },
      {
        moduleId: paidContent.module.id,
        title: 'Notebook',
        type: 'notebook',
        position: 3,
        notebookUrl: slideNotebook.objectPath,
      },
    ])
    .returning();
  const videoLesson = mediaLessons.find((lesson) => lesson.type === 'video');
  const imageLesson = mediaLessons.find((lesson) => lesson.type === 'image');
  const notebookLesson = mediaLessons.find((lesson) => lesson.type === 'notebook');
  const paidQuiz = paidContent.quizzes[0];
  const textLesson = paidContent.lessons[0];
  if (!videoLesson || !imageLesson || !notebookLesson || !paidQuiz || !textLesson)
    throw new Error('seeding: paid course content missing');
  const [paidQuestion] = await db
    .insert(quizQuestions)
    .values({ quizId: paidQuiz.id, question: 'Which is a tensor?', optionA: 'An array', optionB: 'A tree', correctAnswer: 1 })
    .returning();
  if (!paidQuestion) throw new Error('seeding: question missing');

  const draftCourse = await createCourse(db, owner.id, { title: 'Draft course', priceCents: PRICE_CENTS, published: false });
  const draftContent = await addContent(db, draftCourse.id, { lessonCount: 1, quizCount: 1 });
  const archivedCourse = await createCourse(db, owner.id, { title: 'Archived course', priceCents: PRICE_CENTS, archived: true });
  const archivedContent = await addContent(db, archivedCourse.id, { lessonCount: 1, quizCount: 0 });
  const freeCourse = await createCourse(db, owner.id, { title: 'Free course', priceCents: 0 });
  // Where fresh modules and quizzes go.
  const workbench = await createCourse(db, owner.id, { title: 'Workbench', published: false });
  await enroll(db, enrolled.id, paidCourse.id);
  await enroll(db, enrolled.id, archivedCourse.id);

  // The enrolled student finishes the paid course the way the learner page does, and takes the certificate.
  const asEnrolled = bearer(enrolled);
  for (const lessonId of [textLesson.id, videoLesson.id, imageLesson.id, notebookLesson.id]) {
    await call({ method: 'POST', url: '/api/progress', headers: asEnrolled, payload: { lessonId, completed: true } });
  }
  const attempt = await call({ method: 'POST', url: `/api/quizzes/${paidQuiz.id}/attempts`, headers: asEnrolled });
  const attemptId = (attempt.json() as { id: string }).id;
  await call({
    method: 'POST',
    url: `/api/quiz-attempts/${attemptId}/answers`,
    headers: asEnrolled,
    payload: { questionId: paidQuestion.id, selectedOption: 1 },
  });
  await call({ method: 'PATCH', url: `/api/quiz-attempts/${attemptId}/complete`, headers: asEnrolled });
  const certificate = await call({ method: 'GET', url: `/api/courses/${paidCourse.id}/certificate`, headers: asEnrolled });
  const certificateId = String(certificate.headers['x-certificate-id']);
  const [issued] = await db
    .select({ statusListId: certificates.statusListId })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  const [typedQuestion] = await db
    .insert(quizQuestions)
    .values({
      quizId: paidQuiz.id,
      type: 'true_false',
      question: 'A tensor may have more than two axes.',
      fields: { type: 'true_false', correctAnswer: true },
      position: 1,
    })
    .returning();
  if (!typedQuestion) throw new Error('seeding: typed question missing');
  const [codeQuestion] = await db
    .insert(quizQuestions)
    .values({
      quizId: paidQuiz.id,
      type: 'code',
      question: 'Define one.',
      fields: { type: 'code', language: 'python', starterCode: '', testCode: 'assert one == 1' },
      position: 2,
    })
    .returning();
  if (!codeQuestion) throw new Error('seeding: code question missing');
  const lessonList = await call({ method: 'GET', url: `/api/modules/${paidContent.module.id}/lessons`, headers: asEnrolled });
  const signedVideoUrl = (lessonList.json() as { id: string; videoUrl: string | null }[]).find(
    (lesson) => lesson.id === videoLesson.id,
  )?.videoUrl;
  if (!signedVideoUrl?.startsWith(`${video.objectPath}?`)) throw new Error(`seeding: no signed video address: ${signedVideoUrl}`);

  const review = await call({
    method: 'PUT',
    url: `/api/courses/${paidCourse.id}/review`,
    headers: asEnrolled,
    payload: { rating: 5, body: 'Every slide taught me something.' },
  });
  const reviewId = (review.json() as { id: string }).id;
  await db
    .insert(lessonProgress)
    .values({ userId: enrolled.id, lessonId: archivedContent.lessons[0]?.id ?? '', completed: true });

  const revokedToken = await revokedSessionToken(t.app, owner);

  const accountOf: Record<Principal, TestUser | null> = {
    guest: null,
    student,
    enrolled,
    otherCreator,
    owner,
    revoked: null,
    admin,
  };
  const tokens: Record<Principal, string | null> = {
    guest: null,
    student: student.token,
    enrolled: enrolled.token,
    otherCreator: otherCreator.token,
    owner: owner.token,
    revoked: revokedToken,
    admin: admin.token,
  };

  const inserted = <T>(rows: T[]): T => {
    const [row] = rows;
    if (!row) throw new Error('fresh: nothing inserted');
    return row;
  };
  const classmate = async () => {
    const account = await createUser(db, { name: 'Classmate' });
    await enroll(db, account.id, paidCourse.id);
    return account;
  };
  const fresh: FreshThings = {
    course: async ({ published = false, archived = false } = {}) => {
      const course = await createCourse(db, owner.id, { title: 'Fresh course', priceCents: PRICE_CENTS, published, archived });
      return course.id;
    },
    module: async () =>
      inserted(await db.insert(courseModules).values({ courseId: workbench.id, title: 'Fresh module' }).returning()).id,
    quiz: async () => inserted(await db.insert(quizzes).values({ courseId: workbench.id, title: 'Fresh quiz' }).returning()).id,
    lesson: async () =>
      inserted(
        await db
          .insert(lessons)
          .values({ moduleId: await fresh.module(), title: 'Fresh slide', type: 'text', content: '<p>Hi</p>' })
          .returning(),
      ).id,
    question: async () =>
      inserted(
        await db
          .insert(quizQuestions)
          .values({ quizId: await fresh.quiz(), question: 'Fresh?', optionA: 'Yes', optionB: 'No', correctAnswer: 1 })
          .returning(),
      ).id,
    attempt: async () => {
      // One attempt in progress per learner and quiz: the previous cell's is finished first.
      await db
        .update(quizAttempts)
        .set({ status: 'completed', score: 0, completedAt: new Date() })
        .where(
          and(eq(quizAttempts.userId, enrolled.id), eq(quizAttempts.quizId, paidQuiz.id), eq(quizAttempts.status, 'in_progress')),
        );
      return inserted(
        await db.insert(quizAttempts).values({ userId: enrolled.id, quizId: paidQuiz.id, totalQuestions: 1 }).returning(),
      ).id;
    },
    archivedReview: async () => {
      await db.insert(reviews).values({ courseId: archivedCourse.id, userId: enrolled.id, rating: 4 }).onConflictDoNothing();
      return archivedCourse.id;
    },
    reviewCard: async () => {
      const due = new Date();
      const card = newReviewCard(due);
      return inserted(
        await db
          .insert(reviewCards)
          .values({ userId: enrolled.id, questionId: paidQuestion.id, courseId: paidCourse.id, due, card })
          .onConflictDoUpdate({ target: [reviewCards.userId, reviewCards.questionId], set: { due, card } })
          .returning(),
      ).id;
    },
    token: async (as) => {
      const account = accountOf[as];
      if (!account) return tokens[as];
      const token = generateToken();
      await db
        .insert(sessions)
        .values({ userId: account.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
      return token;
    },
    resetToken: async () => {
      const account = await createUser(db, { name: 'Forgetful' });
      const token = generateToken();
      await db
        .insert(passwordResets)
        .values({ userId: account.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    },
    certificate: async () =>
      inserted(
        await db
          .insert(certificates)
          .values({
            userId: enrolled.id,
            courseId: await fresh.course(),
            studentName: enrolled.name,
            courseTitle: 'Fresh course',
          })
          .returning(),
      ).id,
    account: async (as) => {
      const account = accountOf[as];
      if (!account) return tokens[as];
      return (await createUser(db, { role: account.role, name: 'Fresh account' })).token;
    },
    sessionId: async (as) => {
      const account = accountOf[as];
      if (!account) return randomUUID();
      return inserted(
        await db
          .insert(sessions)
          .values({ userId: account.id, tokenHash: hashToken(generateToken()), expiresAt: new Date(Date.now() + 86_400_000) })
          .returning(),
      ).id;
    },
    emailChangeToken: async () => {
      const account = await createUser(db, { name: 'Moving' });
      const token = generateToken();
      await db.insert(emailChanges).values({
        userId: account.id,
        newEmail: uniqueEmail('moved'),
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return token;
    },
    uploadURL: async () => {
      const granted = await call({ method: 'POST', url: '/api/objects/upload', headers: bearer(owner), payload: {} });
      return (granted.json() as { uploadURL: string }).uploadURL;
    },
    studentPurchase: async () => {
      const { paymentIntentId } = await fresh.studentIntent({ paid: true });
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.providerPaymentId, paymentIntentId));
      if (!payment) throw new Error('seeding: the purchase was not recorded');
      return payment.id;
    },
    coupon: async () => {
      const made = await call({
        method: 'POST',
        url: '/api/creator/coupons',
        headers: bearer(owner),
        payload: { code: uniqueCouponCode(), courseId: paidCourse.id, percentOff: 10 },
      });
      return made.json() as { id: string; code: string };
    },
    user: async ({ suspended = false } = {}) => {
      const account = await createUser(db, { name: 'Someone' });
      if (suspended) await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.id));
      return account.id;
    },
    invitation: async () => (await createCreatorInvite({ db, publicUrl: t.config.publicUrl, email: uniqueEmail('invited') })).id,
    reportedReview: async ({ hidden = false } = {}) => {
      const author = await createUser(db, { name: 'Reviewer' });
      await enroll(db, author.id, paidCourse.id);
      return inserted(
        await db
          .insert(reviews)
          .values({ courseId: paidCourse.id, userId: author.id, rating: 1, reportCount: 1, hiddenAt: hidden ? new Date() : null })
          .returning(),
      ).id;
    },
    siteCoupon: async () =>
      inserted(await db.insert(coupons).values({ code: uniqueCouponCode(), createdBy: admin.id, percentOff: 10 }).returning()).id,
    payableCreator: async () => {
      const paymentId = await fresh.studentPurchase();
      // Past the 30-day refund window: the sale's net is available.
      await db
        .update(ledgerEntries)
        .set({ createdAt: sql`${ledgerEntries.createdAt} - interval '31 days'` })
        .where(eq(ledgerEntries.paymentId, paymentId));
      return owner.id;
    },
    cartCourse: async (as) => {
      const courseId = await fresh.course({ published: true });
      const account = accountOf[as];
      if (account) await db.insert(cartItems).values({ userId: account.id, courseId });
      return courseId;
    },
    thread: async ({ by = 'classmate' } = {}) => {
      const userId = by === 'enrolled' ? enrolled.id : (await classmate()).id;
      return inserted(
        await db
          .insert(lessonThreads)
          .values({ lessonId: textLesson.id, courseId: paidCourse.id, userId, body: 'Why?' })
          .returning(),
      ).id;
    },
    threadReply: async ({ by = 'classmate' } = {}) => {
      const threadId = await fresh.thread();
      const userId = by === 'enrolled' ? enrolled.id : (await classmate()).id;
      return inserted(await db.insert(threadReplies).values({ threadId, userId, body: 'Because.' }).returning()).id;
    },
    studentIntent: async ({ paid }) => {
      const courseId = await fresh.course({ published: true });
      const intent = await call({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(student),
        payload: { courseId },
      });
      const { paymentIntentId } = intent.json() as { paymentIntentId: string };
      if (paid) {
        await call({
          method: 'POST',
          url: `/api/test-payments/${paymentIntentId}/confirm`,
          headers: bearer(student),
          payload: TEST_CARD,
        });
      }
      return { paymentIntentId, courseId };
    },
  };

  return {
    tokens,
    paid: {
      courseId: paidCourse.id,
      moduleId: paidContent.module.id,
      textLessonId: textLesson.id,
      quizId: paidQuiz.id,
      questionId: paidQuestion.id,
      typedQuestionId: typedQuestion.id,
      codeQuestionId: codeQuestion.id,
      videoPath: video.objectPath,
      signedVideoUrl,
      notebookLessonId: notebookLesson.id,
      imagePath: slideImage.objectPath,
      thumbnailPath: thumbnail.objectPath,
      reviewId,
    },
    draft: {
      courseId: draftCourse.id,
      moduleId: draftContent.module.id,
      lessonId: draftContent.lessons[0]?.id ?? '',
      quizId: draftContent.quizzes[0]?.id ?? '',
    },
    archived: { courseId: archivedCourse.id, moduleId: archivedContent.module.id },
    freeCourseId: freeCourse.id,
    ownerId: owner.id,
    workbenchCourseId: workbench.id,
    thumbnailUploadURL: thumbnail.uploadURL,
    certificateId,
    statusListId: issued?.statusListId ?? '',
    loginEmail: loginAccount.email,
    fresh,
  };
}

/** Stripe's test card that always succeeds. */
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/** An address for a cell that must not collide with any other. */
export const uniqueEmail = (what: string) => `${what}-${randomUUID()}@matrix.test`;
export const uniqueCouponCode = () => `M-${randomUUID().slice(0, 13).toUpperCase()}`;
