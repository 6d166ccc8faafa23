import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { z } from 'zod';
import { INTERVIEW_TYPES } from '../../core/constants';
import { ZActivity, ZInsight, ZInterviewSet, ZPrompt } from '../../core/content/practice';

// Prompts, insights, interviews and activities are written ahead of their pages (issue 6);
// whatever is in content/ must already be valid and unique.
const root = join(import.meta.dirname, '..', '..', 'content');
function load<T>(folder: string, schema: z.ZodType<T>): T[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => {
      const result = schema.safeParse(parse(readFileSync(join(dir, f), 'utf8')));
      if (!result.success)
        throw new Error(
          `${folder}/${f}: ${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`,
        );
      const data = result.data as { id?: string; type?: string };
      expect(f, `${folder}/${f} is named after its id`).toBe(`${data.id ?? data.type}.yaml`);
      return result.data;
    });
}

describe('practice content', () => {
  it('has at least 40 valid prompts and 20 activities with unique ids', () => {
    const prompts = load('prompts', ZPrompt);
    const activities = load('activities', ZActivity);
    expect(prompts.length).toBeGreaterThanOrEqual(40);
    expect(activities.length).toBeGreaterThanOrEqual(20);
    expect(new Set(prompts.map((p) => p.id)).size).toBe(prompts.length);
    // Every editor widget is used somewhere.
    const widgets = new Set(activities.flatMap((a) => a.widgets.map((w) => w.type)));
    expect([...widgets].sort()).toEqual([
      'checklist',
      'dropdown',
      'job',
      'rating',
      'slides',
      'table',
      'testimonial',
      'text',
    ]);
  });

  it('has at least 20 questions for each interview type, ids unique within a type', () => {
    const sets = load('interviews', ZInterviewSet);
    expect(sets.map((s) => s.type).sort()).toEqual([...INTERVIEW_TYPES].sort());
    for (const s of sets) {
      expect(s.questions.length, s.type).toBeGreaterThanOrEqual(20);
      expect(new Set(s.questions.map((q) => q.id)).size, s.type).toBe(s.questions.length);
    }
  });

  it('has only valid insights', () => {
    const insights = load('insights', ZInsight);
    expect(new Set(insights.map((i) => i.id)).size).toBe(insights.length);
  });
});
