import { describe, expect, it } from 'vitest';
import { gapReport, gaps, labelAnchor, polar, radarPoints, toSvgPoints } from './skills';
import { ZSkillScoreRequest } from '../requests';

const profile = { targets: { a: 5, b: 3, c: 4, d: 2, e: 5, f: 4, g: 3 } };

describe('gaps', () => {
  it('is target minus score, biggest first, with unrated skills at the baseline of 1', () => {
    expect(gaps({ a: 2, b: 3, c: 1, d: 1, e: 4, f: 1, g: 1 }, profile)).toEqual([
      { skillId: 'a', score: 2, target: 5, gap: 3 },
      { skillId: 'c', score: 1, target: 4, gap: 3 },
      { skillId: 'f', score: 1, target: 4, gap: 3 },
      { skillId: 'g', score: 1, target: 3, gap: 2 },
      { skillId: 'd', score: 1, target: 2, gap: 1 },
    ]);
    expect(gaps({}, profile).map((g) => g.skillId)).toEqual(['a', 'e', 'c', 'f', 'b']);
  });

  it('breaks ties by skill order, taken from the order given', () => {
    const order = ['g', 'f', 'e', 'd', 'c', 'b', 'a'];
    expect(gaps({}, profile, 3, order).map((g) => g.skillId)).toEqual(['e', 'a', 'f']);
  });

  it('lists only real gaps: met or beaten targets never appear', () => {
    const all = { a: 5, b: 5, c: 4, d: 2, e: 5, f: 5, g: 4 };
    expect(gaps(all, profile)).toEqual([]);
    expect(gaps({ ...all, b: 2 }, profile)).toEqual([
      { skillId: 'b', score: 2, target: 3, gap: 1 },
    ]);
  });

  it('returns at most n, and nothing for n ≤ 0', () => {
    expect(gaps({}, profile, 2)).toHaveLength(2);
    expect(gaps({}, profile, 0)).toEqual([]);
    expect(gaps({}, profile, 50)).toHaveLength(7);
  });

  it('ignores skills in the order that the profile does not target', () => {
    expect(gaps({}, { targets: { a: 2 } }, 5, ['x', 'a'])).toEqual([
      { skillId: 'a', score: 1, target: 2, gap: 1 },
    ]);
  });
});

describe('gapReport', () => {
  const order = Object.keys(profile.targets);

  it('shows no gaps before the learner has rated any skill (all at the baseline)', () => {
    const baseline = Object.fromEntries(order.map((id) => [id, 1]));
    expect(gapReport({ scores: baseline, rated: [] }, profile, 5, order)).toEqual({
      kind: 'unrated',
    });
    // A rating of a skill outside the list (e.g. one removed from the content) does not count.
    expect(gapReport({ scores: baseline, rated: ['gone'] }, profile, 5, order).kind).toBe(
      'unrated',
    );
  });

  it('after one rating, ranks every skill with unrated ones at the baseline and counts them', () => {
    const report = gapReport({ scores: { a: 5 }, rated: ['a'] }, profile, 3, order);
    expect(report).toEqual({
      kind: 'rated',
      gaps: [
        { skillId: 'e', score: 1, target: 5, gap: 4 },
        { skillId: 'c', score: 1, target: 4, gap: 3 },
        { skillId: 'f', score: 1, target: 4, gap: 3 },
      ],
      rated: 1,
      unrated: 6,
    });
  });
});

describe('radar geometry', () => {
  it('puts the first axis straight up and goes clockwise', () => {
    expect(polar(0, 4, 10)).toEqual([0, -10]);
    expect(polar(1, 4, 10)).toEqual([10, 0]);
    expect(polar(2, 4, 10)).toEqual([0, 10]);
    expect(polar(3, 4, 10)).toEqual([-10, 0]);
    expect(polar(0, 6, 10, 50, 50)).toEqual([50, 40]);
  });

  it('scales each value to its share of the radius and clamps out-of-range values', () => {
    expect(radarPoints([5, 0, 2.5, 9], 5, 100)).toEqual([
      [0, -100],
      [0, 0],
      [0, 50],
      [-100, 0],
    ]);
    expect(radarPoints([-3], 5, 100)).toEqual([[0, 0]]);
  });

  it('prints SVG points, and the same shape always prints the same text', () => {
    const pts = radarPoints([1, 2, 3, 4, 5, 1], 5, 80, 100, 100);
    expect(toSvgPoints(pts)).toBe(toSvgPoints(radarPoints([1, 2, 3, 4, 5, 1], 5, 80, 100, 100)));
    expect(toSvgPoints(pts)).toMatch(
      /^(-?\d+(\.\d+)?,-?\d+(\.\d+)? ){5}-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    );
    expect(toSvgPoints(pts)).not.toContain('-0,');
    expect(toSvgPoints(radarPoints([1, 3], 5, 80))).not.toBe(
      toSvgPoints(radarPoints([1, 4], 5, 80)),
    );
  });

  it('anchors labels away from the center', () => {
    expect(labelAnchor(0, 6)).toBe('middle');
    expect(labelAnchor(1, 6)).toBe('start');
    expect(labelAnchor(3, 6)).toBe('middle');
    expect(labelAnchor(4, 6)).toBe('end');
  });
});

describe('ZSkillScoreRequest', () => {
  it('takes only a whole score from 1 to 5', () => {
    for (const score of [1, 3, 5])
      expect(ZSkillScoreRequest.safeParse({ score }).success).toBe(true);
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: 2.5 },
      { score: '3' },
      {},
      { score: 3, x: 1 },
    ])
      expect(ZSkillScoreRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
