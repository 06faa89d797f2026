import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Db } from '#db/client';
import { courseModules, courses, enrollments, lessons, quizQuestions, quizzes, sessions, uploads, users } from '#db/schema/index';
import type { App } from '#server/app';
import { generateToken, hashToken } from '#server/lib/tokens';
import type { UserRole } from '#shared/lists';

/** Every factory-made user's password. */
export const FACTORY_PASSWORD = 'factory-password';
// A fixed, precomputed hash of FACTORY_PASSWORD keeps factories fast.
const FACTORY_PASSWORD_HASH =
  'scrypt$16384$8$1$fXu73mxRnZ40u5kArldLFw==$KcQICK/Kmr7cUG4uuGW0D2IQh+vc3kITN+kuMX78lk/67n6izjU6sUREQ3xu1tAPrTAGq1jAEyYNOjpJTEejDA==';

export type TestUser = { id: string; email: string; name: string; role: UserRole; token: string };

/** An admin is made here as `npm run admin` makes one: by setting the role of an account. */
export async function createUser(db: Db, overrides: { role?: UserRole; name?: string } = {}): Promise<TestUser> {
  const role = overrides.role ?? 'student';
  const email = `${role}-${randomUUID()}@factory.test`;
  const name = overrides.name ?? `Test ${role}`;
  const [user] = await db
    .insert(users)
    .values({ email, name, role, passwordHash: FACTORY_PASSWORD_HASH })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = generateToken();
  await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user.id, email, name, role, token };
}

export async function createCourse(
  db: Db,
  creatorId: string,
  overrides: Partial<typeof courses.$inferInsert> = {},
): Promise<typeof courses.$inferSelect> {
  const [course] = await db
    .insert(courses)
    .values({
      creatorId,
      title: `Course ${randomUUID().slice(0, 8)}`,
      description: '<p>About <strong>AI</strong></p>',
      priceCents: 0,
      published: true,
      ...overrides,
    })
    .returning();
  if (!course) throw new Error('course not created');
  return course;
}

/**
 * A module with `lessonCount` text lessons and `quizCount` quizzes after it, each with
 * `questionsPerQuiz` questions (none by default: a quiz without questions counts for no progress).
 */
export async function addContent(db: Db, courseId: string, { lessonCount = 2, quizCount = 1, questionsPerQuiz = 0 } = {}) {
  const [module] = await db.insert(courseModules).values({ courseId, title: 'Module', position: 0 }).returning();
  if (!module) throw new Error('module not created');
  const lessonRows = await db
    .insert(lessons)
    .values(
      Array.from({ length: lessonCount }, (_, i) => ({
        moduleId: module.id,
        title: `Lesson ${i + 1}`,
        type: 'text' as const,
        position: i,
      })),
    )
    .returning();
  const quizRows =
    quizCount > 0
      ? await db
          .insert(quizzes)
          .values(Array.from({ length: quizCount }, (_, i) => ({ courseId, title: `Quiz ${i + 1}`, position: i + 1 })))
          .returning()
      : [];
  if (questionsPerQuiz > 0 && quizRows.length > 0) {
    await db.insert(quizQuestions).values(
      quizRows.flatMap((quiz) =>
        Array.from({ length: questionsPerQuiz }, (_, i) => ({
          quizId: quiz.id,
          question: `Question ${i + 1}?`,
          optionA: 'A',
          optionB: 'B',
          optionC: 'C',
          optionD: 'D',
          correctAnswer: 1,
          position: i,
        })),
      ),
    );
  }
  return { module, lessons: lessonRows, quizzes: quizRows };
}

export async function enroll(db: Db, userId: string, courseId: string) {
  await db.insert(enrollments).values({ userId, courseId, source: 'free' });
}

export function bearer(user: { token: string }) {
  return { authorization: `Bearer ${user.token}` };
}

/** A token of `user` that worked (so its session was cached) and was then revoked by logging out. */
export async function revokedSessionToken(app: App, user: { email: string }): Promise<string> {
  const call = async (options: InjectOptions) => {
    const response = await app.inject(options);
    if (response.statusCode !== 200) throw new Error(`${options.method} ${options.url} answered ${response.statusCode}`);
    return response;
  };
  const login = await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: FACTORY_PASSWORD },
  });
  const token = (login.json() as { token: string }).token;
  await call({ method: 'GET', url: '/api/auth/me', headers: bearer({ token }) });
  await call({ method: 'POST', url: '/api/auth/logout', headers: bearer({ token }) });
  return token;
}

/** A finished upload of `userId`, as the upload routes record it; answers its object path. */
export async function createUpload(db: Db, userId: string, kind: 'image' | 'video' = 'image'): Promise<string> {
  const objectKey = `uploads/${randomUUID()}`;
  await db.insert(uploads).values({
    userId,
    kind,
    grantHash: randomUUID(),
    objectKey,
    contentType: kind === 'image' ? 'image/png' : 'video/mp4',
    sizeBytes: 100,
    expiresAt: new Date(Date.now() + 900_000),
    completedAt: new Date(),
  });
  return `/objects/${objectKey}`;
}
