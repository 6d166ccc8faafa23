import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableEditor } from './TableEditor';

afterEach(cleanup);

type Row = Record<string, string>;
const COLUMNS = ['Skill', 'Level'];

function Harness({
  initial,
  maxRows,
  spy,
}: {
  initial: Row[];
  maxRows?: number;
  spy: (v: Row[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TableEditor
      label="Skills"
      columns={COLUMNS}
      value={value}
      maxRows={maxRows}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

const cell = (column: string, row: number) =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: `${column}, row ${row}` });

describe('TableEditor', () => {
  it('keeps a cell to one line: Enter adds no break and pasted breaks become spaces', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={[{ Skill: '', Level: '' }]} spy={spy} />);
    await user.type(cell('Skill', 1), 'Data{Enter}');
    await user.paste('base\ndesign');
    expect(cell('Skill', 1).value).toBe('Database design');
    expect(spy).toHaveBeenLastCalledWith([{ Skill: 'Database design', Level: '' }]);
  });

  it('is a table captioned by its label, with column headers and named cells', () => {
    render(<Harness initial={[{ Skill: 'SQL', Level: 'Junior' }]} spy={vi.fn()} />);
    expect(screen.getByRole('table', { name: 'Skills' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Skill',
      'Level',
      'Actions',
    ]);
    expect(cell('Skill', 1).value).toBe('SQL');
    expect(cell('Level', 1).value).toBe('Junior');
  });

  it('writes typing into the cell under the right column key', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(
      <Harness
        initial={[
          { Skill: 'SQL', Level: '' },
          { Skill: 'Excel', Level: '' },
        ]}
        spy={spy}
      />,
    );
    await user.type(cell('Level', 2), 'Mid');
    expect(spy).toHaveBeenLastCalledWith([
      { Skill: 'SQL', Level: '' },
      { Skill: 'Excel', Level: 'Mid' },
    ]);
  });

  it('adds a row keyed by every column and focuses its first cell', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={[{ Skill: 'SQL', Level: 'Junior' }]} spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(spy).toHaveBeenLastCalledWith([
      { Skill: 'SQL', Level: 'Junior' },
      { Skill: '', Level: '' },
    ]);
    expect(document.activeElement).toBe(cell('Skill', 2));
    await user.keyboard('Go');
    expect(spy).toHaveBeenLastCalledWith([
      { Skill: 'SQL', Level: 'Junior' },
      { Skill: 'Go', Level: '' },
    ]);
  });

  it('removes the right row, down to none, and can start again', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(
      <Harness
        initial={[
          { Skill: 'A', Level: '1' },
          { Skill: 'B', Level: '2' },
          { Skill: 'C', Level: '3' },
        ]}
        spy={spy}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(spy).toHaveBeenLastCalledWith([
      { Skill: 'A', Level: '1' },
      { Skill: 'C', Level: '3' },
    ]);
    expect(cell('Skill', 2).value).toBe('C');
    // Focus stays on the Remove button now in the removed row's place.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.getByText(/No rows yet/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add row' }));
    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenLastCalledWith([{ Skill: '', Level: '' }]);
  });

  it('stops adding at maxRows and says why', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={[{ Skill: 'A', Level: '1' }]} maxRows={2} spy={spy} />);
    const add = screen.getByRole('button', { name: 'Add row' });
    await user.click(add);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/the most this table takes \(2 rows\)/)).toBeTruthy();
    await user.click(add);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('labels each cell with its column for the phone’s card layout, keeping the cell’s name', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { Skill: 'SQL', Level: '' },
          { Skill: 'Excel', Level: '' },
        ]}
        spy={vi.fn()}
      />,
    );
    const labels = screen.getAllByText('Level', { selector: 'label' });
    expect(labels).toHaveLength(2);
    // Tapping the card's label goes to that row's input, which screen readers still hear
    // by column and row.
    await user.click(labels[1]!);
    expect(document.activeElement).toBe(cell('Level', 2));
  });
});
