import { describe, expect, it } from 'vitest';
import { BUILDS_ON, buildsOn, buildsOnProblems } from './builds-on';
import { GRAMMAR_PATH, PATH_TOPICS } from './path';

const order = PATH_TOPICS.map((t) => t.path);

describe('what each grammar topic builds on', () => {
  it('names, for every topic on the path, only topics that come before it', () => {
    expect(buildsOnProblems()).toEqual([]);
    expect(Object.keys(BUILDS_ON).sort()).toEqual([...order].sort());
    for (const [path, before] of Object.entries(BUILDS_ON))
      for (const p of before)
        expect(order.indexOf(p), `${path} → ${p}`).toBeLessThan(order.indexOf(path));
  });

  it('starts the first unit from nothing, each of its topics building on earlier ones in it', () => {
    const [first, ...rest] = GRAMMAR_PATH;
    expect(BUILDS_ON[first!.topics[0]!]).toEqual([]);
    first!.topics.forEach((path, i) => {
      for (const p of BUILDS_ON[path]!) expect(first!.topics.slice(0, i)).toContain(p);
    });
    for (const unit of rest)
      for (const path of unit.topics) expect(BUILDS_ON[path]!.length, path).toBeGreaterThan(0);
  });

  it('has no cycles: following what a topic builds on always ends at the first topic', () => {
    const roots = (path: string, seen: readonly string[] = []): string[] => {
      expect(seen, `cycle through ${path}`).not.toContain(path);
      const before = BUILDS_ON[path] ?? [];
      return before.length === 0 ? [path] : before.flatMap((p) => roots(p, [...seen, path]));
    };
    for (const path of order) expect(new Set(roots(path))).toEqual(new Set([order[0]]));
  });

  it('teaches articles and nouns before conditionals and the subjunctive', () => {
    const reaches = (path: string): Set<string> =>
      new Set((BUILDS_ON[path] ?? []).flatMap((p) => [p, ...reaches(p)]));
    for (const early of ['nouns', 'articles'])
      for (const late of ['conditionals', 'the-subjunctive-mood'])
        expect(order.indexOf(early), `${early} before ${late}`).toBeLessThan(order.indexOf(late));
    expect([...reaches('conditionals')]).toEqual(expect.arrayContaining(['tenses', 'nouns']));
    expect([...reaches('the-subjunctive-mood')]).toEqual(
      expect.arrayContaining(['conditionals', 'clauses', 'nouns']),
    );
  });

  it('gives the names to show', () => {
    expect(buildsOn('definite-indefinite-articles')).toEqual([
      { name: 'Articles', path: 'articles' },
      { name: 'Countable and uncountable nouns', path: 'countable-uncountable-nouns' },
    ]);
    expect(buildsOn('nouns')).toEqual([]);
  });

  it('reports each kind of mistake with the fix', () => {
    const units = [
      { id: 'a', title: 'A', level: 'Student', about: '', topics: ['nouns', 'articles'] },
      { id: 'b', title: 'B', level: 'Junior', about: '', topics: ['verbs', 'tenses', 'clauses'] },
    ] as const;
    const problems = buildsOnProblems(units, {
      nouns: ['articles'],
      articles: ['nouns', 'nouns'],
      verbs: [],
      tenses: ['verbs', 'no-such-topic'],
      pronouns: [],
    });
    expect(problems).toEqual([
      'core/grammar/builds-on.ts: "pronouns" is not a topic on the path (core/grammar/path.ts)',
      'core/grammar/builds-on.ts: "nouns" builds on "articles", which is not before it on the path; move "articles" earlier in core/grammar/path.ts or drop it',
      'core/grammar/builds-on.ts: "articles" names a topic twice',
      'core/grammar/builds-on.ts: "verbs" builds on nothing; only a first-unit topic may, so name the earlier topics it needs',
      'core/grammar/builds-on.ts: "tenses" builds on "no-such-topic", not a topic',
      'core/grammar/builds-on.ts: "clauses" has no entry; list the topics it builds on, each earlier on the path',
    ]);
  });
});
