import { type Answer, call } from './crash-api';
import type { CrashCatalogue } from './crash-catalogue';

/**
 * Every write the server acknowledged (answered 2xx), as the client saw it. A request the killed
 * process never answered is not here: it may or may not have been stored.
 */
export type Ledger = {
  signUps: { email: string; token: string }[];
  enrollments: { token: string; courseId: string }[];
  progress: { token: string; lessonId: string }[];
  attempts: { token: string; attemptId: string }[];
  answers: { token: string; attemptId: string; questionId: string; selectedOption: number }[];
  completions: { token: string; attemptId: string; score: number }[];
  /** Payment intents created: the payment must be recorded. */
  intents: { token: string; paymentIntentId: string }[];
  /** Paid with a good test card ({ status: 'succeeded' }): recorded as succeeded, and the buyer enrolled. */
  paid: { token: string; paymentIntentId: string; courseId: string }[];
  /** Answers other than 2xx from a live server: none are expected. */
  refused: string[];
};

export function emptyLedger(): Ledger {
  return {
    signUps: [],
    enrollments: [],
    progress: [],
    attempts: [],
    answers: [],
    completions: [],
    intents: [],
    paid: [],
    refused: [],
  };
}

export function acknowledgedCount(ledger: Ledger): number {
  const { refused: _, ...writes } = ledger;
  return Object.values(writes).reduce((sum, list) => sum + list.length, 0);
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

class Refused extends Error {}

type Burst = {
  base: string;
  catalogue: CrashCatalogue;
  ledger: Ledger;
  /** Makes this burst's e-mail addresses distinct from every other burst's. */
  label: string;
  workers: number;
  /** Called after each acknowledgement with the number acknowledged in this burst so far. */
  onAcknowledged: (count: number) => void;
};

/**
 * Learners going through the whole product at once, each on their own: sign up, enroll free, mark
 * the slides, take the quiz, buy the paid course. Runs until the server stops answering.
 */
export async function runBurst({ base, catalogue, ledger, label, workers, onAcknowledged }: Burst): Promise<void> {
  let acknowledged = 0;
  /** The body of a 2xx answer; anything else from a live server is recorded and ends this learner. */
  const accepted = async (request: Promise<Answer>, what: string) => {
    const answer = await request;
    if (answer.status < 200 || answer.status > 299) {
      ledger.refused.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      throw new Refused(what);
    }
    return answer.body as Record<string, unknown>;
  };
  const acknowledge = <T>(list: T[], entry: T) => {
    list.push(entry);
    acknowledged += 1;
    onAcknowledged(acknowledged);
  };

  async function journey(n: number) {
    const email = `crash-${label}-${n}@crash.test`;
    const signUp = await accepted(
      call(base, 'POST', '/api/auth/signup', undefined, { email, password: 'crash-pass', name: `Learner ${n}` }),
      'sign-up',
    );
    const token = String(signUp.token);
    acknowledge(ledger.signUps, { email, token });
    const post = (path: string, body?: unknown) => call(base, 'POST', path, token, body);

    // Half the learners buy first, so the workers do not move in step and a kill can land on any kind
    // of write. Every slide is marked, as the Learn page does a second after each one opens.
    const learn = async () => {
      await accepted(post('/api/enroll-free', { courseId: catalogue.freeCourseId }), 'free enrollment');
      acknowledge(ledger.enrollments, { token, courseId: catalogue.freeCourseId });
      for (const lessonId of catalogue.lessonIds) {
        await accepted(post('/api/progress', { lessonId, completed: true, completedAt: new Date().toISOString() }), 'progress');
        acknowledge(ledger.progress, { token, lessonId });
      }
      await takeQuiz();
    };

    const takeQuiz = async () => {
      const attempt = await accepted(post(`/api/quizzes/${catalogue.quizId}/attempts`), 'quiz attempt');
      const attemptId = String(attempt.id);
      acknowledge(ledger.attempts, { token, attemptId });
      for (const [index, question] of catalogue.questions.entries()) {
        // Some wrong picks, so scores differ.
        const selectedOption = (n + index) % 3 === 0 ? (question.correctAnswer % 3) + 1 : question.correctAnswer;
        await accepted(post(`/api/quiz-attempts/${attemptId}/answers`, { questionId: question.id, selectedOption }), 'answer');
        acknowledge(ledger.answers, { token, attemptId, questionId: question.id, selectedOption });
      }
      const completed = await accepted(call(base, 'PATCH', `/api/quiz-attempts/${attemptId}/complete`, token), 'completion');
      acknowledge(ledger.completions, { token, attemptId, score: Number(completed.score) });
    };

    const buy = async () => {
      const courseId = catalogue.paidCourseId;
      const intent = await accepted(post('/api/create-payment-intent', { courseId }), 'payment intent');
      const paymentIntentId = String(intent.paymentIntentId);
      acknowledge(ledger.intents, { token, paymentIntentId });
      const pay = (card: typeof GOOD_CARD) => post(`/api/test-payments/${paymentIntentId}/confirm`, card);
      if (n % 4 === 0) await accepted(pay(DECLINED_CARD), 'declined card');
      const outcome = await accepted(pay(GOOD_CARD), 'payment');
      if (outcome.status !== 'succeeded') {
        ledger.refused.push(`payment: ${JSON.stringify(outcome)}`);
        throw new Refused('payment');
      }
      acknowledge(ledger.paid, { token, paymentIntentId, courseId });
      await accepted(post('/api/confirm-payment', { paymentIntentId, courseId }), 'payment confirmation');
      acknowledge(ledger.enrollments, { token, courseId });
    };

    if (n % 2 === 0) {
      await learn();
      await buy();
    } else {
      await buy();
      await learn();
    }
  }

  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      try {
        for (let n = worker; ; n += workers) await journey(n);
      } catch (error) {
        // The usual end: the killed server stops answering (fetch fails). A refusal is in the ledger.
        if (!(error instanceof Refused) && !(error instanceof TypeError)) throw error;
      }
    }),
  );
}
