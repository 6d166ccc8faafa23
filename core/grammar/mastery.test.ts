import { describe, expect, it } from 'vitest';
import { deepDiveByTopic, masteryOf, nextOnPath, topicMasteries, type Mastery } from './mastery';
import { GRAMMAR_PATH, PATH_TOPICS, pathCoversAllTopics } from './path';
import { LEVELS } from '../constants';

const none = { tagged: 0, answered: 0, correct: 0 };

describe('the grammar path', () => {
  it('holds every topic exactly once, in units ordered Student to Executive', () => {
    expect(pathCoversAllTopics()).toBe(true);
    const ranks = GRAMMAR_PATH.map((u) => LEVELS.indexOf(u.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(GRAMMAR_PATH.map((u) => u.level)).size).toBe(LEVELS.length);
  });
});

describe('masteryOf', () => {
  it('is not started without any evidence', () => {
    expect(masteryOf({ quiz: undefined, deepDive: { tagged: 3, answered: 0, correct: 0 } })).toBe(
      'not-started',
    );
  });
  it('is practicing below the proficient score, or with deep-dive answers only', () => {
    expect(masteryOf({ quiz: 60, deepDive: none })).toBe('practicing');
    expect(masteryOf({ quiz: undefined, deepDive: { tagged: 2, answered: 1, correct: 1 } })).toBe(
      'practicing',
    );
  });
  it('is proficient from 70 %, and falls back when two deep-dive answers were missed', () => {
    expect(masteryOf({ quiz: 70, deepDive: none })).toBe('proficient');
    expect(masteryOf({ quiz: 80, deepDive: { tagged: 3, answered: 3, correct: 2 } })).toBe(
      'proficient',
    );
    expect(masteryOf({ quiz: 100, deepDive: { tagged: 3, answered: 3, correct: 1 } })).toBe(
      'practicing',
    );
  });
  it('is mastered at 90 % with the deep dive confirming it, or a perfect quiz where none is tagged', () => {
    expect(masteryOf({ quiz: 90, deepDive: { tagged: 2, answered: 1, correct: 1 } })).toBe(
      'mastered',
    );
    expect(masteryOf({ quiz: 90, deepDive: { tagged: 2, answered: 0, correct: 0 } })).toBe(
      'proficient',
    );
    expect(masteryOf({ quiz: 90, deepDive: { tagged: 2, answered: 2, correct: 1 } })).toBe(
      'proficient',
    );
    expect(masteryOf({ quiz: 100, deepDive: none })).toBe('mastered');
    expect(masteryOf({ quiz: 90, deepDive: none })).toBe('proficient');
  });
  it('falls when a later quiz is weaker', () => {
    const confirmed = { tagged: 1, answered: 1, correct: 1 };
    expect(masteryOf({ quiz: 100, deepDive: confirmed })).toBe('mastered');
    expect(masteryOf({ quiz: 40, deepDive: confirmed })).toBe('practicing');
  });
});

describe('topicMasteries and nextOnPath', () => {
  const deep = deepDiveByTopic([
    { id: 1, tags: ['verbs', 'business-writing'] },
    { id: 3, tags: ['countable-uncountable-nouns'] },
  ]);
  it('maps deep-dive questions to topics through their tags', () => {
    expect(deep.get('verbs')).toEqual(['deep-dive-1']);
    expect(deep.get('countable-uncountable-nouns')).toEqual(['deep-dive-3']);
  });
  it('recommends the first topic on the path that is not yet proficient', () => {
    const first = PATH_TOPICS[0]!.path;
    const second = PATH_TOPICS[1]!.path;
    const m = topicMasteries({ topics: {}, questions: {} }, deep);
    expect(nextOnPath(m)).toEqual({ path: first, mastery: 'not-started', stretch: false });
    const after = topicMasteries({ topics: { [first]: 80 }, questions: {} }, deep);
    expect(nextOnPath(after)?.path).toBe(second);
  });
  it('brings back a topic being practiced before a new one further on', () => {
    const first = PATH_TOPICS[0]!.path;
    const m = topicMasteries(
      { topics: { [first]: 40, [PATH_TOPICS[1]!.path]: 80 }, questions: {} },
      deep,
    );
    expect(nextOnPath(m)).toEqual({ path: first, mastery: 'practicing', stretch: false });
  });
  it('stretches to the first topic not mastered once all are proficient, then null', () => {
    const all = new Map<string, Mastery>(PATH_TOPICS.map((t) => [t.path, 'proficient']));
    expect(nextOnPath(all)).toEqual({
      path: PATH_TOPICS[0]!.path,
      mastery: 'proficient',
      stretch: true,
    });
    const mastered = new Map<string, Mastery>(PATH_TOPICS.map((t) => [t.path, 'mastered']));
    expect(nextOnPath(mastered)).toBeNull();
  });
  it('counts a deep-dive question missed on a topic against it', () => {
    const stats = {
      topics: { verbs: 100 },
      questions: { 'deep-dive-1': false } as Record<string, boolean>,
    };
    expect(topicMasteries(stats, deep).get('verbs')).toBe('proficient');
    stats.questions['deep-dive-1'] = true;
    expect(topicMasteries(stats, deep).get('verbs')).toBe('mastered');
  });
});
