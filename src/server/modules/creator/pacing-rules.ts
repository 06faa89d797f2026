import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client';
import { courseModules, quizzes } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';

type PacingInput = {
  unlockAfterDays?: number | null | undefined;
  unlockAt?: string | null | undefined;
  prerequisiteQuizId?: string | null | undefined;
};

const invalid = (field: keyof PacingInput, message: string) =>
  new AppError(ErrorCode.BAD_REQUEST, message, { errors: { [field]: message } });

/**
 * A module's or quiz's pacing as the creator sets it (docs/product.md, Pacing): the prerequisite must
 * be another quiz of the same course, and no chain of quizzes may lead back to where it started (a
 * circle of prerequisites never opens). Runs in the edit's transaction, which holds the course's row
 * lock, so two edits cannot close a circle between them.
 */
export async function setPacing(
  tx: Tx,
  { kind, id, courseId, input }: { kind: 'module' | 'quiz'; id: string; courseId: string; input: PacingInput },
) {
  const changes: { unlockAfterDays?: number | null; unlockAt?: Date | null; prerequisiteQuizId?: string | null } = {};
  if (input.unlockAfterDays !== undefined) changes.unlockAfterDays = input.unlockAfterDays;
  if (input.unlockAt !== undefined) {
    const at = input.unlockAt === null ? null : new Date(input.unlockAt);
    if (at !== null && Number.isNaN(at.getTime())) throw invalid('unlockAt', 'unlockAt is not a real date');
    changes.unlockAt = at;
  }
  const prerequisite = input.prerequisiteQuizId;
  if (prerequisite !== undefined) {
    if (prerequisite !== null) await requireReachablePrerequisite(tx, { kind, id, courseId, prerequisite });
    changes.prerequisiteQuizId = prerequisite;
  }
  if (Object.keys(changes).length === 0) return;
  const table = kind === 'module' ? courseModules : quizzes;
  await tx.update(table).set(changes).where(eq(table.id, id));
}

async function requireReachablePrerequisite(
  tx: Tx,
  { kind, id, courseId, prerequisite }: { kind: 'module' | 'quiz'; id: string; courseId: string; prerequisite: string },
) {
  if (kind === 'quiz' && prerequisite === id) throw invalid('prerequisiteQuizId', 'A quiz cannot be its own prerequisite');
  const courseQuizzes = await tx
    .select({ id: quizzes.id, prerequisiteQuizId: quizzes.prerequisiteQuizId })
    .from(quizzes)
    .where(eq(quizzes.courseId, courseId));
  const prerequisiteOf = new Map(courseQuizzes.map((quiz) => [quiz.id, quiz.prerequisiteQuizId]));
  if (!prerequisiteOf.has(prerequisite)) throw invalid('prerequisiteQuizId', 'The prerequisite must be a quiz of this course');
  if (kind === 'module') return;
  // Walk the chain from the new prerequisite: meeting this quiz again would shut every quiz on the way.
  const seen = new Set<string>();
  for (let at: string | null | undefined = prerequisite; at; at = prerequisiteOf.get(at)) {
    if (at === id) {
      throw invalid(
        'prerequisiteQuizId',
        'These prerequisites would go round in a circle, so none of those quizzes could ever open',
      );
    }
    if (seen.has(at)) return;
    seen.add(at);
  }
}
