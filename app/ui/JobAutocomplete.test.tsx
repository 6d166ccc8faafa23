import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobAutocomplete } from './JobAutocomplete';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const JOBS = ['Product Manager', 'Product Designer', 'Project Manager', 'Editor-in-Chief'];

function Harness({
  onChange = vi.fn(),
  onCommit = vi.fn(),
  error,
}: {
  onChange?: (t: string) => void;
  onCommit?: (t: string) => void;
  error?: string;
}) {
  const [value, setValue] = useState('');
  return (
    <>
      <JobAutocomplete
        label="Job title"
        value={value}
        onChange={(text) => {
          onChange(text);
          setValue(text);
        }}
        onCommit={onCommit}
        jobs={JOBS}
        hint="Start typing for suggestions."
        error={error}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Job title' });
const suggestions = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('JobAutocomplete', () => {
  it('renders its label, hint and error on the input', () => {
    render(<Harness error="Too long." />);
    const box = input();
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Start typing for suggestions.', 'Too long.']);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('suggests across hyphen and space, whatever the case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), 'product-m');
    expect(suggestions()).toEqual(['Product Manager']);
    await user.clear(input());
    await user.type(input(), 'EDITOR IN');
    expect(suggestions()).toEqual(['Editor-in-Chief']);
  });

  it('suggests nothing for blank text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '  ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(suggestions()).toEqual([]);
  });

  it('commits a suggestion chosen by keyboard, and commits the text on blur', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    const onChange = vi.fn();
    render(<Harness onCommit={onCommit} onChange={onChange} />);
    await user.type(input(), 'prod');
    expect(suggestions()).toEqual(['Product Manager', 'Product Designer']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onCommit).toHaveBeenCalledWith('Product Designer');
    expect(input().value).toBe('Product Designer');
    expect(onChange).toHaveBeenLastCalledWith('Product Designer');
    await user.type(input(), ' Lead');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onCommit).toHaveBeenLastCalledWith('Product Designer Lead');
  });

  it('commits a suggestion chosen by pointer', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    await user.type(input(), 'proj');
    await user.click(screen.getByRole('option', { name: 'Project Manager' }));
    expect(onCommit).toHaveBeenCalledWith('Project Manager');
    expect(input().value).toBe('Project Manager');
  });
});
