import { type Card, createEmptyCard, fsrs, Rating, TypeConvert } from 'ts-fsrs';

/*
 * The review deck's schedule (ADR 0055): FSRS with ts-fsrs's own defaults (90 % retention, learning
 * steps of 1 and 10 minutes, no fuzz), so a wrong answer comes back within the session and a right one
 * moves out to days, then weeks.
 */
const scheduler = fsrs();

/** A card as review_cards.card keeps it: ts-fsrs's card, its dates as ISO strings. */
export type StoredCard = Record<string, unknown>;

const stored = (card: Card): StoredCard => JSON.parse(JSON.stringify(card)) as StoredCard;

/** A card never reviewed, due at `now`: what a missed question enters the deck as. */
export function newReviewCard(now: Date): StoredCard {
  return stored(createEmptyCard(now));
}

/** The card after one answer: right is Good, wrong is Again. */
export function scheduleReview(card: StoredCard, { correct, now }: { correct: boolean; now: Date }) {
  const next = scheduler.next(TypeConvert.card(card as unknown as Card), now, correct ? Rating.Good : Rating.Again).card;
  return { card: stored(next), due: next.due };
}
