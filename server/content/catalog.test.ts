import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ContentError, loadCatalog } from './catalog';
import { startTestServer } from '../test/support';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function topicYaml(topic: string, questions: number) {
  return stringify({
    topic,
    title: 'Nouns',
    lesson: {
      summary: 'Nouns name people, things, places and ideas.',
      rules: [
        {
          rule: 'A singular countable noun needs a determiner.',
          examples: ['Please send the report.'],
        },
        { rule: 'Uncountable nouns take no plural -s.', examples: ['We need more information.'] },
      ],
      mistakes: [
        {
          wrong: 'two feedbacks',
          right: 'two pieces of feedback',
          why: 'Feedback is uncountable.',
        },
        {
          wrong: 'many informations',
          right: 'much information',
          why: 'Information is uncountable.',
        },
      ],
    },
    questions: Array.from({ length: questions }, (_, i) => ({
      id: `${topic}-${String(i + 1).padStart(2, '0')}`,
      question: `Which sentence is correct? (${i + 1})`,
      options: [
        'We need more information.',
        'We need more informations.',
        'We need many information.',
      ],
      correctIndex: 0,
      explanation: 'Information is uncountable, so it has no plural form and takes much, not many.',
      tags: [topic, 'clarity'],
    })),
  });
}

function contentDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'skillway-content-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('content catalog', () => {
  it('counts 0 for every section when content/ is empty', () => {
    const { summary } = loadCatalog(contentDir({}));
    expect(summary).toEqual({
      grammarTopics: 0,
      grammarQuestions: 0,
      deepDiveQuestions: 0,
      deepDiveTopics: {},
      wordSets: 0,
      words: 0,
      prompts: 0,
      insights: 0,
      interviewQuestions: { behavioral: 0, 'system-design': 0, coding: 0 },
      activities: 0,
      skills: 0,
    });
  });

  it('counts the topics and questions it finds', () => {
    const { summary } = loadCatalog(
      contentDir({ 'grammar/topics/nouns.yaml': topicYaml('nouns', 21) }),
    );
    expect(summary.grammarTopics).toBe(1);
    expect(summary.grammarQuestions).toBe(21);
  });

  it('refuses a topic with too few questions, naming the file and field', () => {
    const dir = contentDir({ 'grammar/topics/nouns.yaml': topicYaml('nouns', 5) });
    expect(() => loadCatalog(dir)).toThrow(ContentError);
    expect(() => loadCatalog(dir)).toThrow(
      /nouns\.yaml does not match its schema:\n {2}questions: /,
    );
  });

  it('refuses a file whose name does not match its topic', () => {
    const dir = contentDir({ 'grammar/topics/pronouns.yaml': topicYaml('nouns', 20) });
    expect(() => loadCatalog(dir)).toThrow(/file name must match its topic "nouns"/);
  });

  it('refuses YAML that does not parse', () => {
    const dir = contentDir({ 'grammar/topics/nouns.yaml': 'topic: [unclosed' });
    expect(() => loadCatalog(dir)).toThrow(/not valid YAML/);
  });

  it('GET /api/content/summary serves the counts', async () => {
    const t = await startTestServer({
      contentDir: contentDir({ 'grammar/topics/nouns.yaml': topicYaml('nouns', 20) }),
    });
    try {
      const res = await t.fetch('/api/content/summary');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        grammarTopics: 1,
        grammarQuestions: 20,
        deepDiveQuestions: 0,
        wordSets: 0,
      });
      expect(body.deepDiveTopics).toEqual({});
      expect(res.headers.get('cache-control')).toContain('max-age=');
    } finally {
      await t.close();
    }
  });

  it('serves the job names for the autocomplete', async () => {
    const t = await startTestServer({
      contentDir: contentDir({
        'jobs/job-names.yaml': stringify({
          jobs: Array.from({ length: 300 }, (_, i) => `Job Title ${i}`),
        }),
      }),
    });
    try {
      const res = await t.fetch('/api/content/jobs', { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect((await res.json()).jobs).toHaveLength(300);
    } finally {
      await t.close();
    }
  });

  it('the project content in content/ is valid', () => {
    expect(() => loadCatalog(join(import.meta.dirname, '..', '..', 'content'))).not.toThrow();
  });
});
