import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxList } from './CheckboxList';

afterEach(cleanup);

const STEPS = ['Plan', 'Draft', 'Review', 'Publish'];

function Harness({ initial = [], spy }: { initial?: string[]; spy: (v: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <CheckboxList
      label="Checklist"
      options={STEPS}
      value={value}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

describe('CheckboxList', () => {
  it('renders its label as the group name and a count', () => {
    render(<Harness initial={['Draft']} spy={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Checklist' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Draft' }).checked).toBe(true);
    expect(screen.getByText('1 of 4 done')).toBeTruthy();
  });

  it('keeps the options’ order whatever the ticking order', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await user.click(screen.getByRole('checkbox', { name: 'Publish' }));
    await user.click(screen.getByRole('checkbox', { name: 'Plan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Review' }));
    expect(spy).toHaveBeenLastCalledWith(['Plan', 'Review', 'Publish']);
    expect(screen.getByText('3 of 4 done')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Plan' }));
    expect(spy).toHaveBeenLastCalledWith(['Review', 'Publish']);
  });

  it('toggles with the space bar', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Draft' }));
    await user.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith(['Draft']);
    await user.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith([]);
  });
});
