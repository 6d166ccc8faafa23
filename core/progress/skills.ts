import { SKILL_BASELINE } from '../constants';
import type {
  TCareerCategory,
  TSkill,
  TSkillGroup,
  TSkillSource,
  TTargetProfile,
} from '../content/skills';

/** A builtBy reference resolved by the server to something the client can link to. */
export interface SkillSourceLink {
  section: TSkillSource['section'];
  id: string;
  title: string;
  href: string;
}

/** GET /api/skills/content: content/skills.yaml with every builtBy reference resolved. */
export interface SkillsContent {
  groups: TSkillGroup[];
  skills: (Omit<TSkill, 'builtBy'> & { builtBy: SkillSourceLink[] })[];
  careerCategories: TCareerCategory[];
  targetProfiles: TTargetProfile[];
}

/** The user's overall grammar result: mean topic score (0–100) over the topics scored. */
export interface GrammarEvidence {
  average: number | null;
  topics: number;
}

/**
 * What our content measured for one skill. `completed` counts the skill's prompts, insights,
 * activities and interview questions on the user's completed lists (`of` is how many it has).
 * The other parts appear only when the skill is built by that section.
 */
export interface SkillEvidence {
  completed: number;
  of: number;
  /** Completed words from the skill's word sets. */
  words?: { completed: number; of: number };
  /** The user's grammar topic scores, for skills that clear writing builds. */
  grammar?: GrammarEvidence;
  /** Self-review scores (0–100) on the skill's interview questions. */
  interviews?: { average: number | null; scored: number; of: number };
}

/** GET /api/skills */
export interface SkillsState {
  /** Every skill, with the baseline for the ones not rated yet. */
  scores: Record<string, number>;
  /** The skills the learner has rated (the others sit at the baseline). */
  rated: string[];
  evidence: Record<string, SkillEvidence>;
}

/** PUT /api/skills/:skillId answers the stored row. */
export interface SavedSkillScore {
  skillId: string;
  score: number;
  updatedAt: string;
}

export interface SkillGap {
  skillId: string;
  score: number;
  target: number;
  gap: number;
}

/**
 * The skills furthest below the profile's targets: target minus score, biggest first, ties
 * in skill order (the order of `order`, by default the profile's own target order). Only
 * real gaps count; an unrated skill is at the baseline.
 */
export function gaps(
  scores: Readonly<Record<string, number>>,
  profile: Pick<TTargetProfile, 'targets'>,
  n = 5,
  order: readonly string[] = Object.keys(profile.targets),
): SkillGap[] {
  const found: SkillGap[] = [];
  for (const skillId of order) {
    const target = profile.targets[skillId];
    if (target === undefined) continue;
    const score = scores[skillId] ?? SKILL_BASELINE;
    if (target > score) found.push({ skillId, score, target, gap: target - score });
  }
  // Array.prototype.sort is stable, so equal gaps keep skill order.
  return found.sort((a, b) => b.gap - a.gap).slice(0, Math.max(0, n));
}

/** What the gaps list shows; `unrated` before the learner has rated any skill. */
export type GapReport =
  { kind: 'unrated' } | { kind: 'rated'; gaps: SkillGap[]; rated: number; unrated: number };

/**
 * The biggest gaps once the learner has rated a skill. Before any rating there is nothing
 * to show: every skill would sit at the baseline and the list would only repeat the
 * profile's highest targets. After that the spec's rule holds (an unrated skill counts at
 * the baseline), and `unrated` says how many skills do.
 */
export function gapReport(
  state: Pick<SkillsState, 'scores' | 'rated'>,
  profile: Pick<TTargetProfile, 'targets'>,
  n: number,
  order: readonly string[],
): GapReport {
  const rated = new Set(state.rated);
  const ratedCount = order.filter((id) => rated.has(id)).length;
  if (ratedCount === 0) return { kind: 'unrated' };
  return {
    kind: 'rated',
    gaps: gaps(state.scores, profile, n, order),
    rated: ratedCount,
    unrated: order.length - ratedCount,
  };
}

export type Point = readonly [x: number, y: number];

/** The angle of axis i of n in radians: the first axis points up, the rest follow clockwise. */
export function axisAngle(i: number, n: number): number {
  return -Math.PI / 2 + (2 * Math.PI * i) / n;
}

/** A point at `radius` along axis i of n around (cx, cy). */
export function polar(i: number, n: number, radius: number, cx = 0, cy = 0): Point {
  const a = axisAngle(i, n);
  const round = (v: number) => Math.round(v * 100) / 100;
  // `+ 0` turns -0 into 0, so the same shape always prints the same string.
  return [round(cx + radius * Math.cos(a)) + 0, round(cy + radius * Math.sin(a)) + 0];
}

/**
 * One polygon vertex per value, each at value/max of the radius along its axis (values are
 * clamped to 0..max so a bad value cannot draw outside the chart).
 */
export function radarPoints(
  values: readonly number[],
  max: number,
  radius: number,
  cx = 0,
  cy = 0,
): Point[] {
  return values.map((v, i) =>
    polar(i, values.length, (Math.min(max, Math.max(0, v)) / max) * radius, cx, cy),
  );
}

/** SVG `points` attribute text: "x1,y1 x2,y2 …". */
export function toSvgPoints(points: readonly Point[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Where an axis label sits and how it is anchored, so labels never overlap the chart. */
export function labelAnchor(i: number, n: number): 'start' | 'middle' | 'end' {
  const c = Math.cos(axisAngle(i, n));
  if (Math.abs(c) < 0.2) return 'middle';
  return c > 0 ? 'start' : 'end';
}
