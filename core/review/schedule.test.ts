import { State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { nextDueText, nextReviewText, parseCardId, reviewCardId } from './results';
import { applyReview, dayBounds, newCard, planQueue, reviewScheduler } from './schedule';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const scheduler = reviewScheduler({ fuzz: false });
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('scheduling (FSRS-6 defaults, retention 0.9, fixed clock)', () => {
  it('creates a new card due at once', () => {
    const card = newCard(NOW);
    expect(card).toMatchObject({
      due: NOW.toISOString(),
      state: State.New,
      reps: 0,
      lapses: 0,
      last_review: null,
    });
  });

  it('a pass on a new card schedules it 3 days out; a fail brings it back tomorrow', () => {
    const pass = applyReview(scheduler, newCard(NOW), true, NOW);
    expect(pass.card.state).toBe(State.Review);
    expect(pass.card.scheduled_days).toBe(3);
    expect(pass.card.due).toBe(at(3).toISOString());
    expect(pass.card.last_review).toBe(NOW.toISOString());
    const fail = applyReview(scheduler, newCard(NOW), false, NOW);
    expect(fail.card.scheduled_days).toBe(1);
    expect(fail.card.due).toBe(at(1).toISOString());
  });

  it('logs the card as it was before the review (ts-fsrs ReviewLog fields)', () => {
    const first = applyReview(scheduler, newCard(NOW), true, NOW);
    expect(first.before).toMatchObject({ state: State.New, stability: 0, scheduled_days: 0 });
    const second = applyReview(scheduler, first.card, true, at(3));
    expect(second.before.state).toBe(State.Review);
    expect(second.before.stability).toBe(first.card.stability);
    expect(second.before.elapsed_days).toBe(3);
  });

  it('intervals grow with each pass and a lapse shrinks them and is counted', () => {
    let card = newCard(NOW);
    let when = NOW;
    const intervals: number[] = [];
    for (let i = 0; i < 4; i++) {
      card = applyReview(scheduler, card, true, when).card;
      intervals.push(card.scheduled_days);
      when = new Date(card.due);
    }
    expect(intervals).toEqual([...intervals].sort((a, b) => a - b));
    expect(new Set(intervals).size).toBe(4);
    const lapse = applyReview(scheduler, card, false, when).card;
    expect(lapse.lapses).toBe(1);
    // Without minute steps a lapse stays a review card, with a short interval.
    expect(lapse.state).toBe(State.Review);
    expect(lapse.scheduled_days).toBeLessThan(card.scheduled_days);
    expect(lapse.reps).toBe(card.reps + 1);
  });

  it('is deterministic without fuzz', () => {
    const a = applyReview(reviewScheduler({ fuzz: false }), newCard(NOW), true, NOW);
    const b = applyReview(reviewScheduler({ fuzz: false }), newCard(NOW), true, NOW);
    expect(a).toEqual(b);
  });
});

describe('planQueue (20 new and 100 reviews a day, 20 cards a batch)', () => {
  const counts = { dueReviews: 0, newCards: 0, reviewedToday: 0, newToday: 0 };

  it('serves everything when under the caps', () => {
    expect(planQueue({ ...counts, dueReviews: 7, newCards: 3 }, 'today')).toEqual({
      dueToday: 10,
      waiting: 0,
      take: { reviews: 7, new: 3 },
    });
  });

  it('caps reviews and new cards, and says how many more are waiting', () => {
    expect(planQueue({ ...counts, dueReviews: 250, newCards: 45 }, 'today')).toEqual({
      dueToday: 120,
      waiting: 175,
      take: { reviews: 20, new: 0 },
    });
  });

  it('serves one batch of 20 at most: due reviews first, then new cards', () => {
    expect(planQueue({ ...counts, dueReviews: 12, newCards: 30 }, 'today').take).toEqual({
      reviews: 12,
      new: 8,
    });
    expect(planQueue({ ...counts, dueReviews: 0, newCards: 30 }, 'today').take).toEqual({
      reviews: 0,
      new: 20,
    });
    // The last batch of the day is what the caps leave.
    expect(
      planQueue({ dueReviews: 150, newCards: 30, reviewedToday: 95, newToday: 20 }, 'today'),
    ).toEqual({ dueToday: 5, waiting: 175, take: { reviews: 5, new: 0 } });
  });

  it('counts what was already done today against the caps', () => {
    const plan = planQueue(
      { dueReviews: 150, newCards: 30, reviewedToday: 100, newToday: 5 },
      'today',
    );
    expect(plan).toEqual({ dueToday: 15, waiting: 165, take: { reviews: 0, new: 15 } });
  });

  it('catch-up serves a further batch, oldest first, whatever was done today', () => {
    const plan = planQueue(
      { dueReviews: 150, newCards: 30, reviewedToday: 100, newToday: 20 },
      'catch-up',
    );
    expect(plan).toEqual({ dueToday: 0, waiting: 180, take: { reviews: 20, new: 0 } });
    expect(planQueue({ ...counts, dueReviews: 8, newCards: 30 }, 'catch-up').take).toEqual({
      reviews: 8,
      new: 12,
    });
  });

  it('takes custom caps', () => {
    expect(
      planQueue({ ...counts, dueReviews: 5, newCards: 5 }, 'today', {
        newPerDay: 1,
        reviewsPerDay: 2,
      }),
    ).toEqual({ dueToday: 3, waiting: 7, take: { reviews: 2, new: 1 } });
  });
});

describe('dayBounds', () => {
  it('is the UTC day by default zone', () => {
    expect(dayBounds(NOW, 'UTC')).toEqual({
      start: new Date('2026-03-05T00:00:00.000Z'),
      end: new Date('2026-03-06T00:00:00.000Z'),
    });
  });

  it('uses the learner’s zone: 20:00 UTC is already tomorrow in Kolkata', () => {
    expect(dayBounds(new Date('2026-03-05T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      start: new Date('2026-03-05T18:30:00.000Z'),
      end: new Date('2026-03-06T18:30:00.000Z'),
    });
    expect(dayBounds(new Date('2026-03-05T03:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-03-04T05:00:00.000Z'),
      end: new Date('2026-03-05T05:00:00.000Z'),
    });
  });

  it('handles days of 23 and 25 hours (DST) and month ends', () => {
    const spring = dayBounds(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const autumn = dayBounds(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 60 * 60 * 1000);
    expect(dayBounds(new Date('2026-02-28T12:00:00Z'), 'UTC').end.toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});

describe('card ids and texts', () => {
  it('round-trips card ids and refuses others', () => {
    expect(parseCardId(reviewCardId('grammar', 'deep-dive-3'))).toEqual({
      kind: 'grammar',
      itemId: 'deep-dive-3',
    });
    expect(parseCardId('word:leverage')).toEqual({ kind: 'word', itemId: 'leverage' });
    for (const bad of ['word:', 'leverage', 'prompt:x', ':x']) expect(parseCardId(bad)).toBeNull();
  });

  it('says when the next review is', () => {
    expect(nextReviewText(1)).toBe('tomorrow');
    expect(nextReviewText(3)).toBe('in 3 days');
  });

  it('says when the next due card is, in calendar days of the learner’s zone', () => {
    const now = new Date('2026-03-05T20:00:00Z');
    // 02:00 next morning UTC is still the 5th in New York, but the 6th in Kolkata.
    expect(nextDueText('2026-03-06T02:00:00Z', now, 'UTC')).toBe('tomorrow');
    expect(nextDueText('2026-03-06T02:00:00Z', now, 'America/New_York')).toBe('later today');
    expect(nextDueText('2026-03-08T09:00:00Z', now, 'UTC')).toBe('in 3 days');
    expect(nextDueText('2026-04-02T09:00:00Z', now, 'UTC')).toBe('on 2 Apr');
  });
});
