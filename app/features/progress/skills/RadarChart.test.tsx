import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RadarChart, type RadarAxis } from './RadarChart';

afterEach(cleanup);

const axes: RadarAxis[] = [
  { id: 'a', label: 'Critical Thinking', score: 1, target: 5 },
  { id: 'b', label: 'Tech Skills', score: 3, target: 5 },
  { id: 'c', label: 'Emotional Intelligence', score: 5, target: 2 },
];

describe('RadarChart', () => {
  it('draws the scores and the target as polygons told apart by stroke style, not only color', () => {
    const { getByTestId } = render(
      <RadarChart title="Foundation" targetName="Tech" axes={axes} testId="radar" />,
    );
    const scores = getByTestId('radar-scores');
    const target = getByTestId('radar-target');
    expect(scores.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(scores.getAttribute('points')).not.toBe(target.getAttribute('points'));
    expect(target.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(scores.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('moves the score polygon when a score changes', () => {
    const { getByTestId, rerender } = render(
      <RadarChart title="Foundation" targetName="Tech" axes={axes} testId="radar" />,
    );
    const before = getByTestId('radar-scores').getAttribute('points');
    rerender(
      <RadarChart
        title="Foundation"
        targetName="Tech"
        axes={axes.map((a) => (a.id === 'b' ? { ...a, score: 5 } : a))}
        testId="radar"
      />,
    );
    expect(getByTestId('radar-scores').getAttribute('points')).not.toBe(before);
  });

  it('offers the same numbers as a table and names the image', () => {
    render(<RadarChart title="Foundation" targetName="Tech" axes={axes} testId="radar" />);
    expect(screen.getByRole('img', { name: /your Foundation scores against the Tech targets/ }));
    const table = screen.getByRole('table', {
      name: /Foundation: your scores and the Tech targets/,
    });
    const row = within(table).getByRole('row', { name: /Tech Skills/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '5']);
    expect(screen.getByRole('figure', { name: 'Foundation' })).toBeTruthy();
  });
});
