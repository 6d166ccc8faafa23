import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupedCombobox, type ComboGroup } from './GroupedCombobox';

afterEach(cleanup);

const GROUPS: ComboGroup[] = [
  { id: 'planned', title: 'Planned', options: [{ id: 'batna', label: 'BATNA' }] },
  {
    id: 'negotiation',
    title: 'Negotiation',
    options: [
      { id: 'batna', label: 'BATNA' },
      { id: 'leverage', label: 'leverage', note: 'drawn' },
      { id: 'concession', label: 'concession' },
      { id: 'anchor', label: 'anchor' },
    ],
  },
  { id: 'finance', title: 'Finance', options: [{ id: 'ebitda', label: 'EBITDA' }] },
];

function Harness({ onChange = vi.fn() }: { onChange?: (id: string) => void }) {
  const [value, setValue] = useState('leverage');
  return (
    <>
      <GroupedCombobox
        label="Word to draw"
        groups={GROUPS}
        value={value}
        showAllLabel="Show all words"
        onChange={(id) => {
          onChange(id);
          setValue(id);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Word to draw' });
const visible = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => !g.closest('[hidden]'))
    .map((g) => [
      g.getAttribute('aria-labelledby') &&
        document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      within(g)
        .queryAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ]);

describe('GroupedCombobox', () => {
  it('shows the chosen label, and every group when opened', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(input().value).toBe('leverage');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    await user.click(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(visible()).toEqual([
      ['Planned', ['BATNA']],
      ['Negotiation', ['BATNA', 'leveragedrawn✓', 'concession', 'anchor']],
      ['Finance', ['EBITDA']],
    ]);
  });

  it('filters by any part of the label, ignoring case, and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(input());
    await user.keyboard('ces');
    expect(visible()).toEqual([['Negotiation', ['concession']]]);
    await user.clear(input());
    await user.keyboard('a');
    // Those starting with the text first, in each group.
    expect(visible()).toEqual([
      ['Planned', ['BATNA']],
      ['Negotiation', ['anchor', 'BATNA', 'leveragedrawn✓']],
      ['Finance', ['EBITDA']],
    ]);
    await user.clear(input());
    await user.keyboard('ces');
    await user.keyboard('{ArrowDown}');
    const active = input().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('concession');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('concession');
    expect(input().value).toBe('concession');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches, and Escape or leaving puts the chosen label back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(input());
    await user.keyboard('zzz');
    expect(screen.getByRole('status').textContent).toBe('Nothing matches “zzz”.');
    await user.keyboard('{Escape}');
    expect(input().value).toBe('leverage');
    await user.click(input());
    await user.keyboard('ebit');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input().value).toBe('leverage');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks an option with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Show all words', hidden: true }));
    await user.click(within(screen.getByRole('listbox')).getByText('EBITDA'));
    expect(onChange).toHaveBeenCalledWith('ebitda');
    expect(input().value).toBe('EBITDA');
  });
});
