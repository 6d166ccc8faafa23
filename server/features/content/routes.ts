import { Hono } from 'hono';
import { INTERVIEW_TYPES, type InterviewType } from '../../../core/constants';
import type {
  TActivitySummary,
  TInsightSummary,
  TPromptSummary,
} from '../../../core/content/practice';
import type { Catalog } from '../../content/catalog';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { withoutGuidance, type PremiumGate } from './premium';

export function contentRoutes(catalog: Catalog, premium: PremiumGate) {
  // Content changes only with a deploy; let browsers and the service worker reuse it briefly.
  const cache = 'public, max-age=300';
  return new Hono<AppEnv>()
    .get('/summary', (c) => {
      c.header('Cache-Control', cache);
      return c.json(catalog.summary);
    })
    .get('/jobs', (c) => {
      c.header('Cache-Control', cache);
      return c.json({ jobs: catalog.jobNames });
    })
    .get('/grammar', (c) => {
      c.header('Cache-Control', cache);
      const topics = Object.fromEntries(
        [...catalog.grammar.topics.values()].map((t) => [
          t.topic,
          { title: t.title, questions: t.questions.length },
        ]),
      );
      return c.json({ topics, deepDive: catalog.grammar.deepDive.length });
    })
    .get('/grammar/feedback', (c) => {
      c.header('Cache-Control', cache);
      const f = catalog.grammar.feedback;
      return c.json(
        f ?? { praise: [], failure: [], defaults: { correct: 'Correct', incorrect: 'Incorrect' } },
      );
    })
    .get('/grammar/deep-dive', (c) => {
      c.header('Cache-Control', cache);
      return c.json({ questions: catalog.grammar.deepDive });
    })
    .get('/vocabulary', (c) => {
      c.header('Cache-Control', cache);
      return c.json({
        sets: catalog.vocabulary.sets.map((set) => ({
          id: set.id,
          title: set.title,
          description: set.description,
          professions: set.professions,
          unit: set.unit,
          words: set.words.length,
          items: set.words.map((w) => ({ id: w.id, word: w.word, level: w.level })),
        })),
      });
    })
    .get('/vocabulary/:set', (c) => {
      const set = catalog.vocabulary.sets.find((x) => x.id === c.req.param('set'));
      if (!set) throw notFound(`There is no word set "${c.req.param('set')}".`);
      c.header('Cache-Control', cache);
      return c.json(set);
    })
    .get('/prompts', (c) => {
      c.header('Cache-Control', cache);
      const prompts: TPromptSummary[] = catalog.prompts.map(
        ({ id, title, category, minutes, level, professions, premium }) => ({
          id,
          title,
          category,
          minutes,
          level,
          professions,
          premium,
        }),
      );
      return c.json({ prompts });
    })
    .get('/prompts/:id', (c) => {
      const prompt = catalog.prompts.find((x) => x.id === c.req.param('id'));
      if (!prompt) throw notFound(`There is no prompt "${c.req.param('id')}".`);
      premium.require(c.var.user, 'prompt', prompt.id);
      c.header('Cache-Control', prompt.premium ? 'private, no-store' : cache);
      return c.json(prompt);
    })
    .get('/insights', (c) => {
      c.header('Cache-Control', cache);
      const insights: TInsightSummary[] = catalog.insights.map(
        ({ id, title, summary, minutes, professions, premium }) => ({
          id,
          title,
          summary,
          minutes,
          professions,
          premium,
        }),
      );
      return c.json({ insights });
    })
    .get('/insights/:id', (c) => {
      const insight = catalog.insights.find((x) => x.id === c.req.param('id'));
      if (!insight) throw notFound(`There is no insight "${c.req.param('id')}".`);
      premium.require(c.var.user, 'insight', insight.id);
      c.header('Cache-Control', insight.premium ? 'private, no-store' : cache);
      return c.json(insight);
    })
    .get('/interviews/:type', (c) => {
      const type = c.req.param('type');
      if (!(INTERVIEW_TYPES as readonly string[]).includes(type))
        throw notFound(`There is no interview type "${type}".`);
      // Premium questions keep their text but not their guidance for everyone else, so
      // the list can show what Premium adds; the answer differs by role, so no shared cache.
      const full = premium.opensAll(c.var.user);
      const questions = catalog.interviews.byType[type as InterviewType].map((q) =>
        q.premium && !full ? withoutGuidance(q) : q,
      );
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ type, questions });
    })
    .get('/activities', (c) => {
      c.header('Cache-Control', cache);
      const activities: TActivitySummary[] = catalog.activities.map(
        ({ id, title, summary, outcome, minutes, professions, premium }) => ({
          id,
          title,
          summary,
          outcome,
          minutes,
          professions,
          premium,
        }),
      );
      return c.json({ activities });
    })
    .get('/activities/:id', (c) => {
      const activity = catalog.activities.find((x) => x.id === c.req.param('id'));
      if (!activity) throw notFound(`There is no activity "${c.req.param('id')}".`);
      premium.require(c.var.user, 'activity', activity.id);
      c.header('Cache-Control', activity.premium ? 'private, no-store' : cache);
      return c.json(activity);
    })
    .get('/grammar/topics/:topic', (c) => {
      const topic = catalog.grammar.topics.get(c.req.param('topic'));
      if (!topic) throw notFound(`There is no grammar topic "${c.req.param('topic')}".`);
      c.header('Cache-Control', cache);
      // The writing checker's patterns stay on the server: the page shows the lesson and
      // its questions (the checks are ~6 KB a topic the browser never reads).
      const { checks, ...lesson } = topic;
      return c.json(lesson);
    });
}
