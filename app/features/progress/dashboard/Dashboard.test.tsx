import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS, daysEnding, type Dashboard } from '../../../../core/progress/dashboard';
import { GRAMMAR_GROUPS } from '../../../../core/grammar/topics';
import { CalendarCard } from './CalendarCard';
import { GrammarCard } from './GrammarCard';
import { ListsCard } from './ListsCard';
import { PointsCard } from './PointsCard';

afterEach(cleanup);

const TODAY = '2026-03-14';
const days = daysEnding(TODAY, DASHBOARD_DAYS);
const wrap = (ui: ReactNode) =>
  render(<Router hook={memoryLocation({ path: '/activity' }).hook}>{ui}</Router>);

function board(over: Partial<Dashboard> = {}): Dashboard {
  return {
    timeZone: 'UTC',
    today: TODAY,
    points: { total: 0, byTag: {}, byDay: days.map((date) => ({ date, points: 0 })) },
    grammar: {
      topics: GRAMMAR_GROUPS.flatMap((g) =>
        g.sub.map((t) => ({ topic: t.path, title: t.name, group: g.name, score: null })),
      ),
      deepDive: { answered: 0, correct: 0, total: 30 },
      weakest: [],
    },
    lists: {
      word: { planned: 0, completed: 0, saved: 0 },
      prompt: { planned: 0, completed: 0, saved: 0 },
      activity: { planned: 0, completed: 0, saved: 0 },
      interview: { planned: 0, completed: 0, saved: 0 },
      insight: { planned: 0, completed: 0, saved: 0 },
    },
    next: [],
    calendar: days.map((date) => ({ date, visits: 0, answers: 0 })),
    goal: {
      goal: 150,
      todayPoints: 0,
      metToday: false,
      streak: 0,
      longest: 0,
      frozen: [],
      freezes: 0,
      nextFreezeIn: 7,
    },
    ...over,
  };
}

describe('dashboard cards, empty', () => {
  it('each card invites the first step with a link', () => {
    const d = board();
    wrap(
      <>
        <PointsCard points={d.points} />
        <GrammarCard grammar={d.grammar} />
        <ListsCard lists={d.lists} next={d.next} />
        <CalendarCard calendar={d.calendar} today={d.today} />
      </>,
    );
    const first = screen.getAllByRole('link', { name: 'Answer your first grammar question' });
    expect(first.map((l) => l.getAttribute('href'))).toEqual([
      '/grammar/question/1',
      '/grammar/question/1',
    ]);
    expect(screen.getByRole('link', { name: 'Plan your vocabulary' }).getAttribute('href')).toBe(
      '/vocabulary',
    );
    expect(
      screen
        .getByRole('link', { name: 'Start your streak with a grammar lesson' })
        .getAttribute('href'),
    ).toBe('/grammar');
    expect(screen.getByText('Active on 0 days in the last 12 weeks')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('dashboard cards, with data', () => {
  it('points: total, tags by size, a chart with a text summary and a table', () => {
    const byDay = days.map((date) => ({
      date,
      points: date === TODAY ? 20 : date === '2026-03-01' ? 10 : 0,
    }));
    wrap(
      <PointsCard
        points={{ total: 40, byTag: { verbs: 10, nouns: 30, 'business-writing': 20 }, byDay }}
      />,
    );
    expect(screen.getByTestId('points-total').textContent).toBe('40');
    const tags = within(
      screen.getByRole('list', { name: 'Points by skill and topic' }),
    ).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual([
      'Nouns: 30',
      'Business writing: 20',
      'Verbs: 10',
    ]);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      '30 points in the last 12 weeks; best week 8 Mar – 14 Mar: 20 points.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows.at(-2)?.textContent).toBe('1 Mar – 7 Mar10');
    expect(rows.at(-1)?.textContent).toBe('8 Mar – 14 Mar20');
  });

  it('grammar: scores say Good or Needs practice in words, weakest link to their topics', () => {
    const d = board();
    const topics = d.grammar.topics.map((t) =>
      t.topic === 'nouns' ? { ...t, score: 80 } : t.topic === 'verbs' ? { ...t, score: 50 } : t,
    );
    wrap(
      <GrammarCard
        grammar={{
          topics,
          deepDive: { answered: 3, correct: 2, total: 30 },
          weakest: [
            { topic: 'verbs', title: 'Verbs', score: 50 },
            { topic: 'nouns', title: 'Nouns', score: 80 },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('deep-dive-progress').textContent).toBe('Deep dive: 3 / 30');
    expect(screen.getByRole('link', { name: 'Continue the deep dive' }).getAttribute('href')).toBe(
      '/grammar/question/4',
    );
    const practice = screen.getByRole('link', { name: 'Practice Verbs' });
    expect(practice.getAttribute('href')).toBe('/grammar/verbs');
    expect(practice.closest('li')?.textContent).toContain('50% · ✗ Needs practice');
    const nounsRow = screen.getAllByRole('link', { name: 'Nouns' })[0]?.closest('li');
    expect(nounsRow?.textContent).toContain('80% · ✓ Good');
    expect(screen.getAllByText('No quiz yet')).toHaveLength(23);
    expect(screen.getByRole('link', { name: 'your path' }).getAttribute('href')).toBe('/learn');
  });

  it('lists: counts per section, saved only where a section saves, next items as links', () => {
    const d = board();
    wrap(
      <ListsCard
        lists={{ ...d.lists, prompt: { planned: 2, completed: 1, saved: 1 } }}
        next={[
          {
            kind: 'prompt',
            id: 'p1',
            title: 'Decline a meeting politely',
            href: '/prompts/p1',
          },
        ]}
      />,
    );
    const prompts = screen.getByRole('row', { name: /Prompts/ });
    expect(
      within(prompts)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '1']);
    const words = screen.getByRole('row', { name: /Vocabulary/ });
    expect(within(words).getAllByRole('cell')[2]?.textContent).toBe(
      '–No saved list for vocabulary',
    );
    expect(
      screen.getByRole('link', { name: 'Decline a meeting politely' }).getAttribute('href'),
    ).toBe('/prompts/p1');
  });

  it('calendar: 84 labeled squares, today marked, and the active days in words', () => {
    const calendar = days.map((date) => ({
      date,
      visits: date === TODAY ? 3 : 0,
      answers: date === TODAY ? 1 : date === '2026-03-05' ? 12 : 0,
    }));
    wrap(<CalendarCard calendar={calendar} today={TODAY} />);
    const squares = within(
      screen.getByRole('list', { name: 'Visits and answers per day, last 12 weeks' }),
    ).getAllByRole('img');
    expect(squares).toHaveLength(84);
    expect(squares.at(-1)?.getAttribute('aria-label')).toBe(
      '14 Mar: 1 question answered, 3 items opened (today)',
    );
    expect(
      screen.getByRole('img', { name: '5 Mar: 12 questions answered, 0 items opened' }),
    ).toBeTruthy();
    expect(screen.getByText('Active on 2 days in the last 12 weeks')).toBeTruthy();
    expect(screen.queryByText(/streak/i)).toBeNull();
  });
});
