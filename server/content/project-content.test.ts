import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE_COUNT, PRAISE_COUNT } from '../../core/content/grammar';
import { GRAMMAR_GROUPS, GRAMMAR_TOPIC_PATHS } from '../../core/grammar/topics';
import { loadCatalog } from './catalog';

// The content that ships in content/, checked beyond its schema.
const catalog = loadCatalog(join(import.meta.dirname, '..', '..', 'content'));
const topics = [...catalog.grammar.topics.values()];
const all = [...topics.flatMap((t) => t.questions), ...catalog.grammar.deepDive];

/** Sentences in a text, allowing a closing quote after the full stop. */
const sentences = (text: string) =>
  text.split(/[.!?]["”']?(?:\s|$)/).filter((s) => s.trim().length > 3).length;

describe('grammar content', () => {
  it('has every spec topic, in its group, and nothing else', () => {
    expect([...catalog.grammar.topics.keys()].sort()).toEqual([...GRAMMAR_TOPIC_PATHS].sort());
    for (const t of topics) {
      const group = GRAMMAR_GROUPS.find((g) => g.sub.some((s) => s.path === t.topic));
      expect(group, t.topic).toBeDefined();
    }
  });

  it('has at least 12 questions per topic and 300 in all, plus the 30 deep-dive questions', () => {
    for (const t of topics) expect(t.questions.length, t.topic).toBeGreaterThanOrEqual(20);
    expect(topics.reduce((n, t) => n + t.questions.length, 0)).toBeGreaterThanOrEqual(300);
    expect(catalog.grammar.deepDive.map((q) => q.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('uses unique question ids', () => {
    const ids = topics.flatMap((t) => t.questions.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has 3–4 distinct options, a correctIndex in range and a real explanation for every question', () => {
    for (const q of all) {
      const label = String(q.id);
      expect(q.options.length, label).toBeGreaterThanOrEqual(3);
      expect(q.options.length, label).toBeLessThanOrEqual(4);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size, label).toBe(q.options.length);
      expect(q.correctIndex, label).toBeGreaterThanOrEqual(0);
      expect(q.correctIndex, label).toBeLessThan(q.options.length);
      expect(sentences(q.explanation), label).toBeGreaterThanOrEqual(2);
    }
  });

  it('spreads the right answer across positions (no giveaway pattern)', () => {
    const positions = [0, 1, 2, 3].map((i) => all.filter((q) => q.correctIndex === i).length);
    for (const n of positions.slice(0, 3)) expect(n / all.length).toBeGreaterThan(0.15);
  });

  it('has 37 praise and 27 failure phrases with the spec defaults', () => {
    expect(catalog.grammar.feedback?.praise).toHaveLength(PRAISE_COUNT);
    expect(catalog.grammar.feedback?.failure).toHaveLength(FAILURE_COUNT);
    expect(catalog.grammar.feedback?.praise).toEqual(
      expect.arrayContaining(['Bravo!', 'Well done!']),
    );
    expect(catalog.grammar.feedback?.failure).toEqual(
      expect.arrayContaining(['Not the one!', 'Incorrect!']),
    );
    expect(catalog.grammar.feedback?.defaults).toEqual({
      correct: 'Correct',
      incorrect: 'Incorrect',
    });
  });

  it('ships at least 300 real job names for the autocomplete', () => {
    expect(catalog.jobNames.length).toBeGreaterThanOrEqual(300);
  });
});
