import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rating } from './Rating';

afterEach(cleanup);

function Harness({
  initial,
  max,
  spy,
}: {
  initial?: number;
  max?: number;
  spy: (n: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Rating
      label="How useful was it?"
      value={value}
      max={max}
      onChange={(n) => {
        spy(n);
        setValue(n);
      }}
    />
  );
}

describe('Rating', () => {
  it('labels the group and defaults to 1 of 5', () => {
    render(<Harness spy={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'How useful was it?' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '1' }).checked).toBe(true);
    expect(screen.getByText('1 of 5')).toBeTruthy();
  });

  it('moves the value with the arrow keys', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={2} spy={spy} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2' }));
    await user.keyboard('{ArrowRight}');
    expect(spy).toHaveBeenLastCalledWith(3);
    expect(screen.getByText('3 of 5')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(spy).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '1' }).checked).toBe(true);
  });

  it('chooses by click', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await user.click(screen.getByText('4'));
    expect(spy).toHaveBeenCalledWith(4);
    expect(screen.getByText('4 of 5')).toBeTruthy();
  });

  it('respects max and clamps values outside 1..max', () => {
    const { unmount } = render(<Harness initial={9} max={3} spy={vi.fn()} />);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('3 of 3')).toBeTruthy();
    unmount();
    render(<Harness initial={-2} max={10} spy={vi.fn()} />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByText('1 of 10')).toBeTruthy();
  });
});
