import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCards } from '#db/schema/index';
import { endEnrollment } from '#server/lib/end-enrollment';
import { newReviewCard } from '#server/modules/learning/review-schedule';
import { REVIEW_PAGE_SIZE, ReviewAnswerResultSchema, ReviewDeckSchema } from '#shared/schemas/review-deck';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/* The review deck (docs/product.md, Review deck): missed questions come back on an FSRS schedule. */

let t: TestApp;
let owner: TestUser;
/** Added to the real time: a test moves the server's clock forward. */
let clockOffset = 0;
const MINUTE = 60_000;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addQuestion(quizId: string, body: object): Promise<string> {
  const response = await call('POST', `/api/quizzes/${quizId}/questions`, owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A course with an empty quiz and an enrolled learner. */
async function courseWithLearner() {
  const course = await createCourse(t.db.db, owner.id, { title: 'Deep learning' });
  const quizId = (await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id ?? '';
  const learner = await createUser(t.db.db);
  await enroll(t.db.db, learner.id, course.id);
  return { courseId: course.id, quizId, learner };
}

/** One attempt of the learner's: each answer sent, then completed. */
async function takeQuiz(quizId: string, learner: TestUser, answers: Record<string, object>) {
  const attempt = (await call('POST', `/api/quizzes/${quizId}/attempts?forceNew=true`, learner)).json();
  for (const [questionId, body] of Object.entries(answers)) {
    const answered = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId, ...body });
    expect(answered.statusCode, answered.body).toBe(200);
  }
  const completed = await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, learner);
  expect(completed.statusCode, completed.body).toBe(200);
}

async function deck(learner: TestUser) {
  const response = await call('GET', '/api/review', learner);
  expect(response.statusCode, response.body).toBe(200);
  return ReviewDeckSchema.parse(response.json());
}

const cardOf = async (learner: TestUser, questionId: string) =>
  (await deck(learner)).items.find((item) => item.question.id === questionId);

const review = (learner: TestUser | undefined, cardId: string, body: object) =>
  call('POST', `/api/review/${cardId}`, learner, body);

const PICK_B = {
  question: 'Which activation is linear for positive inputs?',
  optionA: 'ReLU',
  optionB: 'Tanh',
  correctAnswer: 1,
};
const TRUE_FALSE = {
  type: 'true_false',
  question: 'Dropout is used at inference.',
  correctAnswer: false,
  explanation: 'Only in training.',
};
const CODE = {
  type: 'code',
  question: 'Write double(n).',
  starterCode: 'def double(n):\n    pass\n',
  testCode: 'assert double(4) == 8',
  explanation: 'n * 2.',
};
const NUMERIC = {
  type: 'numeric',
  question: 'How many outputs for 10 classes?',
  correctNumber: 10,
  explanation: 'One per class.',
};

beforeAll(async () => {
  t = await createTestApp({
    clock: () => Date.now() + clockOffset,
    env: { RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: '1000', PYTHON_WORKERS: '1', RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1000' },
  });
  owner = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

describe('entering the deck', () => {
  it('takes the questions answered wrong, not the right or unanswered ones, once however often they are missed', async () => {
    const { courseId, quizId, learner } = await courseWithLearner();
    const single = await addQuestion(quizId, PICK_B);
    const trueFalse = await addQuestion(quizId, TRUE_FALSE);
    const numeric = await addQuestion(quizId, NUMERIC);
    const unanswered = await addQuestion(quizId, { ...PICK_B, question: 'Left unanswered' });
    expect((await deck(learner)).dueCount).toBe(0);

    await takeQuiz(quizId, learner, {
      [single]: { selectedOption: 2 },
      [trueFalse]: { answer: false },
      [numeric]: { answer: 3 },
    });
    const first = await deck(learner);
    expect(first.dueCount).toBe(2);
    expect(first.items.map((item) => item.question.id).sort()).toEqual([single, numeric].sort());
    expect(first.items.every((item) => item.course.id === courseId && item.course.title === 'Deep learning')).toBe(true);
    expect(first.items.map((item) => item.question.id)).not.toContain(unanswered);

    // Missed again, and the one right before missed now: one card each, the old ones as they were.
    await takeQuiz(quizId, learner, { [single]: { selectedOption: 2 }, [trueFalse]: { answer: true } });
    const second = await deck(learner);
    expect(second.dueCount).toBe(3);
    const dueOf = (items: typeof first.items, id: string) => items.find((item) => item.question.id === id)?.due;
    expect(dueOf(second.items, single)).toBe(dueOf(first.items, single));
  });

  it('lists nothing a learner may not see before answering', async () => {
    const { quizId, learner } = await courseWithLearner();
    const ids = [
      await addQuestion(quizId, { ...PICK_B, explanation: 'ReLU is x for x > 0.' }),
      await addQuestion(quizId, TRUE_FALSE),
      await addQuestion(quizId, NUMERIC),
      await addQuestion(quizId, {
        type: 'short_text',
        question: 'Name the optimizer',
        acceptedAnswers: ['Adam'],
        explanation: 'Adaptive moments.',
      }),
      await addQuestion(quizId, {
        type: 'multiple',
        question: 'Optimizers?',
        choices: ['Adam', 'ReLU', 'SGD'],
        correctChoices: [1, 3],
      }),
      await addQuestion(quizId, { type: 'ordering', question: 'Order a step', choices: ['Forward', 'Loss', 'Backward'] }),
    ];
    const learnerQuestions = (await call('GET', `/api/quizzes/${quizId}/questions`, learner)).json() as {
      id: string;
      choices?: { id: string; text: string }[];
    }[];
    const choiceId = (questionId: string | undefined, text: string) =>
      learnerQuestions.find((question) => question.id === questionId)?.choices?.find((choice) => choice.text === text)?.id;
    await takeQuiz(quizId, learner, {
      [ids[0] ?? '']: { selectedOption: 2 },
      [ids[1] ?? '']: { answer: true },
      [ids[2] ?? '']: { answer: 1 },
      [ids[3] ?? '']: { answer: 'SGD' },
      [ids[4] ?? '']: { answer: [choiceId(ids[4], 'ReLU')] },
      [ids[5] ?? '']: { answer: ['Loss', 'Forward', 'Backward'].map((text) => choiceId(ids[5], text)) },
    });
    const body = (await call('GET', '/api/review', learner)).body;
    expect(JSON.parse(body).items).toHaveLength(6);
    for (const secret of [
      'correctAnswer',
      'correctChoices',
      'acceptedAnswers',
      'correctNumber',
      'tolerance',
      'explanation',
      'Adaptive',
      'ReLU is x',
    ]) {
      expect(body).not.toContain(secret);
    }
    // Choices come in an order of the card's own, the same on every read.
    expect((await call('GET', '/api/review', learner)).body).toBe(body);
  });
});

describe('GET /api/review', () => {
  it('answers 401 to a guest', async () => {
    expect((await call('GET', '/api/review')).statusCode).toBe(401);
  });

  it('lists due cards longest due first, a page at a time, and counts all that are due', async () => {
    const { quizId: early, learner, courseId } = await courseWithLearner();
    const earlyQuestion = await addQuestion(early, PICK_B);
    await takeQuiz(early, learner, { [earlyQuestion]: { selectedOption: 2 } });
    clockOffset += MINUTE;
    const late =
      (await addContent(t.db.db, courseId, { lessonCount: 1, quizCount: 1, questionsPerQuiz: REVIEW_PAGE_SIZE + 2 })).quizzes[0]
        ?.id ?? '';
    const lateQuestions = (await call('GET', `/api/quizzes/${late}/questions`, learner)).json() as { id: string }[];
    await takeQuiz(late, learner, Object.fromEntries(lateQuestions.map((question) => [question.id, { selectedOption: 2 }])));

    const listed = await deck(learner);
    expect(listed.dueCount).toBe(REVIEW_PAGE_SIZE + 3);
    expect(listed.items).toHaveLength(REVIEW_PAGE_SIZE);
    expect(listed.items[0]?.question.id).toBe(earlyQuestion);
    const dues = listed.items.map((item) => Date.parse(item.due));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });
});

describe('POST /api/review/:id', () => {
  it('schedules a right answer further out than a wrong one, and lists neither until it is due', async () => {
    const { quizId, learner } = await courseWithLearner();
    const right = await addQuestion(quizId, PICK_B);
    const wrong = await addQuestion(quizId, NUMERIC);
    await takeQuiz(quizId, learner, { [right]: { selectedOption: 2 }, [wrong]: { answer: 1 } });
    const rightCard = (await cardOf(learner, right))?.id ?? '';
    const wrongCard = (await cardOf(learner, wrong))?.id ?? '';

    const before = Date.now() + clockOffset;
    const good = await review(learner, rightCard, { selectedOption: 1 });
    expect(good.statusCode, good.body).toBe(200);
    expect(ReviewAnswerResultSchema.parse(good.json())).toMatchObject({ correct: true, correctAnswer: 1, explanation: null });
    const again = await review(learner, wrongCard, { answer: 7 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ correct: false, correctAnswer: 10, explanation: 'One per class.' });
    const goodDue = Date.parse(good.json().nextDue);
    const againDue = Date.parse(again.json().nextDue);
    expect(againDue).toBeGreaterThan(before);
    expect(goodDue).toBeGreaterThan(againDue);
    expect((await deck(learner)).dueCount).toBe(0);

    // Answered before it is due again: refused, with when it is.
    const early = await review(learner, wrongCard, { answer: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ nextDue: again.json().nextDue });

    clockOffset += againDue - before + 1000;
    expect((await deck(learner)).items.map((item) => item.id)).toEqual([wrongCard]);
    clockOffset += goodDue - againDue;
    expect((await deck(learner)).dueCount).toBe(2);
  });

  it('gives one schedule to two answers sent at once', async () => {
    const { quizId, learner } = await courseWithLearner();
    const question = await addQuestion(quizId, PICK_B);
    await takeQuiz(quizId, learner, { [question]: { selectedOption: 2 } });
    const cardId = (await cardOf(learner, question))?.id ?? '';
    const answers = await Promise.all([
      review(learner, cardId, { selectedOption: 1 }),
      review(learner, cardId, { selectedOption: 2 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0]?.statusCode === 200 ? answers : [answers[1], answers[0]];
    expect(lost?.json().nextDue).toBe(won?.json().nextDue);
  });

  it('answers 404 for a card that is not the caller’s or does not exist, and 401 to a guest', async () => {
    const { quizId, learner } = await courseWithLearner();
    const question = await addQuestion(quizId, PICK_B);
    await takeQuiz(quizId, learner, { [question]: { selectedOption: 2 } });
    const cardId = (await cardOf(learner, question))?.id ?? '';
    const stranger = await createUser(t.db.db);
    for (const [user, id] of [
      [stranger, cardId],
      [learner, 'not-a-card'],
      [learner, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await review(user, id, { selectedOption: 1 });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBeTruthy();
    }
    expect((await review(undefined, cardId, { selectedOption: 1 })).statusCode).toBe(401);
    expect((await cardOf(learner, question))?.id).toBe(cardId);
  });

  it('refuses a body of the wrong form with 400 and leaves the card due', async () => {
    const { quizId, learner } = await courseWithLearner();
    const single = await addQuestion(quizId, { ...PICK_B, optionC: 'Sigmoid' });
    const trueFalse = await addQuestion(quizId, TRUE_FALSE);
    await takeQuiz(quizId, learner, { [single]: { selectedOption: 2 }, [trueFalse]: { answer: true } });
    const singleCard = (await cardOf(learner, single))?.id ?? '';
    const typedCard = (await cardOf(learner, trueFalse))?.id ?? '';
    for (const [cardId, body, field] of [
      [singleCard, {}, 'selectedOption'],
      [singleCard, { selectedOption: 1, answer: true }, 'selectedOption'],
      [singleCard, { selectedOption: 4 }, 'selectedOption'],
      [singleCard, { selectedOption: 9 }, 'selectedOption'],
      [singleCard, { answer: true }, 'selectedOption'],
      [typedCard, { selectedOption: 1 }, 'answer'],
      [typedCard, { answer: 'yes' }, 'answer'],
      [typedCard, { answer: { nested: true } }, 'answer'],
    ] as const) {
      const response = await review(learner, cardId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await deck(learner)).dueCount).toBe(2);
  });
});

describe('what the deck keeps', () => {
  it('hides the cards of a course the learner is no longer enrolled in, and shows them again on enrolling anew', async () => {
    const { courseId, quizId, learner } = await courseWithLearner();
    const question = await addQuestion(quizId, PICK_B);
    await takeQuiz(quizId, learner, { [question]: { selectedOption: 2 } });
    const cardId = (await cardOf(learner, question))?.id ?? '';
    await endEnrollment(t.db.db, { userId: learner.id, courseId, reason: 'refunded' });
    expect(await deck(learner)).toEqual({ dueCount: 0, items: [] });
    expect((await review(learner, cardId, { selectedOption: 1 })).statusCode).toBe(404);
    await enroll(t.db.db, learner.id, courseId);
    expect((await deck(learner)).items.map((item) => item.id)).toEqual([cardId]);
  });

  it('loses the card of a deleted question', async () => {
    const { quizId, learner } = await courseWithLearner();
    const kept = await addQuestion(quizId, PICK_B);
    const deleted = await addQuestion(quizId, NUMERIC);
    await takeQuiz(quizId, learner, { [kept]: { selectedOption: 2 }, [deleted]: { answer: 1 } });
    const cardId = (await cardOf(learner, deleted))?.id ?? '';
    expect((await call('DELETE', `/api/questions/${deleted}`, owner)).statusCode).toBe(204);
    expect((await deck(learner)).items.map((item) => item.question.id)).toEqual([kept]);
    expect((await review(learner, cardId, { answer: 10 })).statusCode).toBe(404);
  });

  it('gives the course’s creator no deck of their own quiz', async () => {
    const { quizId } = await courseWithLearner();
    const question = await addQuestion(quizId, PICK_B);
    await takeQuiz(quizId, owner, { [question]: { selectedOption: 2 } });
    expect((await deck(owner)).dueCount).toBe(0);
  });
});

describe('code questions in the deck', () => {
  it('takes a missed code question, never shows its tests, and grades an answer by running them', {
    timeout: 90_000,
  }, async () => {
    const { quizId, learner } = await courseWithLearner();
    const code = await addQuestion(quizId, CODE);
    await takeQuiz(quizId, learner, { [code]: { answer: 'def double(n):\n    return n\n' } });
    const item = await cardOf(learner, code);
    expect(item?.question).toMatchObject({ type: 'code', language: 'python', starterCode: CODE.starterCode, choices: [] });
    expect(JSON.stringify(item)).not.toContain('assert');
    const cardId = item?.id ?? '';

    const before = Date.now() + clockOffset;
    const wrong = await review(learner, cardId, { answer: 'def double(n):\n    print("halving", n)\n    return n / 2\n' });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const missed = ReviewAnswerResultSchema.parse(wrong.json());
    expect(missed).toMatchObject({ correct: false, correctAnswer: null, explanation: 'n * 2.' });
    const output = 'output' in missed ? missed.output : '';
    expect(output).toContain('halving 4');
    expect(output).toContain('AssertionError');
    const againDue = Date.parse(missed.nextDue);
    expect(againDue).toBeGreaterThan(before);
    expect((await review(learner, cardId, { answer: 'def double(n):\n    return n * 2\n' })).statusCode).toBe(409);

    clockOffset += againDue - before + 1000;
    const right = await review(learner, cardId, { answer: 'def double(n):\n    return n * 2\n' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ correct: true, correctAnswer: null, output: '' });
    expect(Date.parse(right.json().nextDue) - (Date.now() + clockOffset)).toBeGreaterThan(againDue - before);
  });

  it('refuses an answer that is not Python source with 400, running nothing, and leaves the card due', {
    timeout: 60_000,
  }, async () => {
    const { quizId, learner } = await courseWithLearner();
    const code = await addQuestion(quizId, CODE);
    await takeQuiz(quizId, learner, { [code]: { answer: 'pass' } });
    const cardId = (await cardOf(learner, code))?.id ?? '';
    for (const body of [{ selectedOption: 1 }, { answer: 8 }, { answer: ['a'] }, { answer: 'x'.repeat(20_001) }]) {
      const response = await review(learner, cardId, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain('answer');
    }
    expect((await cardOf(learner, code))?.id).toBe(cardId);
  });

  it('answers 503 where the instance runs no Python, and leaves the card as it was', { timeout: 60_000 }, async () => {
    const off = await createTestApp({ env: { PYTHON_WORKERS: '0' } });
    try {
      const creator = await createUser(off.db.db, { role: 'creator' });
      const course = await createCourse(off.db.db, creator.id);
      const quizId = (await addContent(off.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id ?? '';
      const learner = await createUser(off.db.db);
      await enroll(off.db.db, learner.id, course.id);
      const added = await off.app.inject({
        method: 'POST',
        url: `/api/quizzes/${quizId}/questions`,
        headers: bearer(creator),
        payload: CODE,
      });
      expect(added.statusCode, added.body).toBe(201);
      // The quiz cannot grade it here either: the card is put in the deck as a missed answer would.
      const due = new Date(Date.now() - MINUTE);
      const [card] = await off.db.db
        .insert(reviewCards)
        .values({ userId: learner.id, questionId: added.json().id, courseId: course.id, due, card: newReviewCard(due) })
        .returning();
      const response = await off.app.inject({
        method: 'POST',
        url: `/api/review/${card?.id}`,
        headers: bearer(learner),
        payload: { answer: 'def double(n):\n    return n * 2\n' },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toBe('Running Python on the server is turned off on this instance.');
      const deckNow = ReviewDeckSchema.parse(
        (await off.app.inject({ method: 'GET', url: '/api/review', headers: bearer(learner) })).json(),
      );
      expect(deckNow.items.map((item) => [item.id, item.due])).toEqual([[card?.id, due.toISOString()]]);
    } finally {
      await off.close();
    }
  });
});
