import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveItem, Slides, type Slide } from './Slides';

afterEach(cleanup);

function Harness({
  initial,
  maxSlides,
  spy = vi.fn(),
}: {
  initial: Slide[];
  maxSlides?: number;
  spy?: (v: Slide[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Slides
      label="Lesson slides"
      value={value}
      maxSlides={maxSlides}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

const deck = (...titles: string[]) => titles.map((title) => ({ title, content: `${title}…` }));
const title = () => screen.getByLabelText<HTMLInputElement>('Title');
const content = () => screen.getByLabelText<HTMLTextAreaElement>('Content');
const position = () => screen.getByText(/^Slide \d+ of \d+$/).textContent;
const press = (name: string) => userEvent.setup().click(screen.getByRole('button', { name }));

describe('Slides', () => {
  it('says "No slides available" when empty and adds the first slide', async () => {
    const spy = vi.fn();
    render(<Harness initial={[]} spy={spy} />);
    expect(screen.getByRole('group', { name: 'Lesson slides' })).toBeTruthy();
    expect(screen.getByText('No slides available')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    await press('Add slide');
    expect(spy).toHaveBeenLastCalledWith([{ title: '', content: '' }]);
    expect(position()).toBe('Slide 1 of 1');
    expect(document.activeElement).toBe(title());
  });

  it('shows one slide at a time and steps with Previous and Next', async () => {
    const user = userEvent.setup();
    render(<Harness initial={deck('Intro', 'Body', 'End')} />);
    expect(position()).toBe('Slide 1 of 3');
    expect(title().value).toBe('Intro');
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(position()).toBe('Slide 3 of 3');
    expect(title().value).toBe('End');
    expect(content().value).toBe('End…');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);
    await user.keyboard('{Enter}');
    expect(position()).toBe('Slide 3 of 3');
    await press('Previous');
    expect(title().value).toBe('Body');
    expect(screen.getByText('Slide 2 of 3').getAttribute('aria-live')).toBe('polite');
  });

  it('edits the shown slide only', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={deck('A', 'B')} spy={spy} />);
    await press('Next');
    await user.type(content(), '!');
    expect(spy).toHaveBeenLastCalledWith([
      { title: 'A', content: 'A…' },
      { title: 'B', content: 'B…!' },
    ]);
  });

  it('adds after the current slide and removes the current one', async () => {
    const spy = vi.fn();
    render(<Harness initial={deck('A', 'B')} spy={spy} />);
    await press('Add slide');
    expect(spy.mock.lastCall?.[0].map((s: Slide) => s.title)).toEqual(['A', '', 'B']);
    expect(position()).toBe('Slide 2 of 3');
    await press('Next');
    await press('Remove slide');
    expect(spy.mock.lastCall?.[0].map((s: Slide) => s.title)).toEqual(['A', '']);
    expect(position()).toBe('Slide 2 of 2');
    await press('Remove slide');
    await press('Remove slide');
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No slides available')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add slide' }));
  });

  it('moves the current slide earlier and later, following it', async () => {
    const spy = vi.fn();
    render(<Harness initial={deck('A', 'B', 'C')} spy={spy} />);
    await press('Move later');
    expect(spy.mock.lastCall?.[0].map((s: Slide) => s.title)).toEqual(['B', 'A', 'C']);
    expect(position()).toBe('Slide 2 of 3');
    expect(title().value).toBe('A');
    await press('Move later');
    await press('Move later');
    expect(spy).toHaveBeenCalledTimes(2);
    await press('Move earlier');
    expect(spy.mock.lastCall?.[0].map((s: Slide) => s.title)).toEqual(['B', 'A', 'C']);
  });

  it('stops adding at maxSlides and says why', async () => {
    const spy = vi.fn();
    render(<Harness initial={deck('A', 'B')} maxSlides={2} spy={spy} />);
    await press('Add slide');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByText('A deck holds at most 2 slides.')).toBeTruthy();
  });

  it('moveItem moves one item and keeps the rest in order', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]);
  });
});
