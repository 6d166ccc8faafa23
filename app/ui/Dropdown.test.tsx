import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dropdown } from './Dropdown';

afterEach(cleanup);

// happy-dom's window.Document is a sibling of the class its document is made from
// (capricorn86/happy-dom#1781), so react-aria's focus-within check fails and the opened
// popover takes focus from the first option. Point it at the shared base class.
beforeAll(() => {
  Object.defineProperty(window, 'Document', {
    value: Object.getPrototypeOf(window.Document) as typeof Document,
    configurable: true,
    writable: true,
  });
});

const LEVELS = ['Junior', 'Mid-level', 'Senior'];

function Harness({ initial = null, spy }: { initial?: string | null; spy: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Dropdown
      label="Level"
      options={LEVELS}
      value={value}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

describe('Dropdown', () => {
  it('shows its label and the placeholder when nothing is chosen', () => {
    render(<Harness spy={vi.fn()} />);
    const button = screen.getByRole('button', { name: /Level/ });
    expect(button.textContent).toContain('Choose…');
    expect(screen.getByText('Level')).toBeTruthy();
  });

  it('shows the chosen value', () => {
    render(<Harness initial="Senior" spy={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Level/ }).textContent).toContain('Senior');
  });

  it('chooses an option by keyboard', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Level/ }));
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox.getAttribute('aria-labelledby')).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(spy).toHaveBeenCalledWith('Mid-level');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /Level/ }).textContent).toContain('Mid-level');
  });

  it('chooses an option by pointer', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial="Junior" spy={spy} />);
    await user.click(screen.getByRole('button', { name: /Level/ }));
    await user.click(await screen.findByRole('option', { name: 'Senior' }));
    expect(spy).toHaveBeenCalledWith('Senior');
  });
});
