import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Testimonial, TESTIMONIAL_DEFAULTS, type TestimonialValue } from './Testimonial';

afterEach(cleanup);

function Harness({ spy }: { spy: (v: TestimonialValue) => void }) {
  const [value, setValue] = useState<TestimonialValue | undefined>(undefined);
  return (
    <Testimonial
      label="What a learner said"
      value={value}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

function preview() {
  const figure = screen.getByRole('figure', { name: 'Preview' });
  return {
    quote: figure.querySelector('blockquote')?.textContent,
    caption: figure.querySelector('figcaption')?.textContent,
  };
}

describe('Testimonial', () => {
  it('has the spec’s defaults', () => {
    expect(TESTIMONIAL_DEFAULTS).toEqual({
      fullName: 'John Doe',
      title: 'Teacher',
      testimonial: 'I loved it.',
    });
  });

  it('shows its label, the defaults in labeled fields and the preview', () => {
    render(<Harness spy={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'What a learner said' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('John Doe');
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Teacher');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Testimonial').value).toBe('I loved it.');
    expect(preview()).toEqual({ quote: 'I loved it.', caption: '— John Doe, Teacher' });
  });

  it('updates the preview as the fields change', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Asha Rao');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Testimonial'), ' Clear and short.');
    expect(spy).toHaveBeenLastCalledWith({
      fullName: 'Asha Rao',
      title: '',
      testimonial: 'I loved it. Clear and short.',
    });
    expect(preview()).toEqual({
      quote: 'I loved it. Clear and short.',
      caption: '— Asha Rao',
    });
  });
});
