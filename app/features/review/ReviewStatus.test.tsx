import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewCardView } from '../../../core/review/results';
import { BacklogWaiting, ReviewStatus } from './ReviewStatus';

afterEach(cleanup);

const cards = (n: number): ReviewCardView[] =>
  Array.from({ length: n }, (_, i) => ({
    cardId: `grammar:q-${i}`,
    kind: 'grammar',
    answer: 'choice',
    isNew: false,
    prompt: 'Q?',
    detail: null,
    options: ['a', 'b', 'c'],
    source: { label: 'Nouns', path: '/grammar/nouns' },
  }));

describe('ReviewStatus', () => {
  it('counts down what is due today and offers catch-up for the backlog', async () => {
    const onCatchUp = vi.fn();
    const queue = { dueToday: 120, waiting: 35, cards: cards(20), nextDue: null };
    render(<ReviewStatus queue={queue} mode="today" answered={3} onCatchUp={onCatchUp} />);
    expect(screen.getByTestId('review-status').textContent).toBe(
      '117 due today, 35 more waitingCatch up',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Catch up' }));
    expect(onCatchUp).toHaveBeenCalledOnce();
  });

  it('offers no catch-up when nothing is waiting', () => {
    const queue = { dueToday: 2, waiting: 0, cards: cards(2), nextDue: null };
    render(<ReviewStatus queue={queue} mode="today" answered={0} onCatchUp={() => {}} />);
    expect(screen.getByTestId('review-status').textContent).toBe('2 due today');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in catch-up says what is left in the batch and what comes after, and nothing more above the card', () => {
    const queue = { dueToday: 0, waiting: 150, cards: cards(20), nextDue: null };
    render(<ReviewStatus queue={queue} mode="catch-up" answered={5} onCatchUp={() => {}} />);
    expect(
      screen.getByText('Catching up: 15 left in this batch, 130 more waiting after it.'),
    ).toBeTruthy();
    expect(screen.queryByText(/oldest first, 20 cards at a time/)).toBeNull();
  });

  it('once today is done, makes catching up on the backlog the next step, a batch at a time', async () => {
    const onCatchUp = vi.fn();
    render(<BacklogWaiting waiting={111} onCatchUp={onCatchUp} />);
    expect(screen.getByText('111 more cards are waiting from earlier days.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Catch up on the next 20' }));
    expect(onCatchUp).toHaveBeenCalledOnce();
    cleanup();
    render(<BacklogWaiting waiting={1} onCatchUp={() => {}} />);
    expect(screen.getByText('1 more card is waiting from earlier days.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Catch up on the last card' })).toBeTruthy();
  });
});
