import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, pickQuizQuestions } from '../../core/grammar/quiz-pick';
import { loadCatalog } from '../content/catalog';
import { loadClientAssets, type PageRenderer } from '../http/static';
import { pageRenderer } from './pages';
import { publicPaths } from './head';
import { projectRoot } from '../project-root';
import { startTestServer, type TestServer } from '../test/support';

// The real content and the app's own index.html as the template (no client build needed):
// what a search engine or a link preview gets, fetched as raw HTML without JavaScript.
const root = projectRoot();
const clientDir = mkdtempSync(join(tmpdir(), 'skillway-pages-'));
cpSync(join(root, 'app/index.html'), join(clientDir, 'index.html'));
const APP_URL = 'https://learn.example.com';
const catalog = loadCatalog(join(root, 'content'));

let t: TestServer;
let renderer: PageRenderer;
beforeAll(async () => {
  t = await startTestServer({
    contentDir: join(root, 'content'),
    assets: loadClientAssets(clientDir),
    pages: (opts) => (renderer = pageRenderer(opts)),
    // Premium kept locked, as on a server that takes payments: what a guest may see is less.
    env: { APP_URL, PREMIUM_WITHOUT_PAYMENTS: 'locked' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const html = async (path: string, status = 200) => {
  const res = await t.fetch(path);
  expect(res.status).toBe(status);
  return res.text();
};
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const meta = (doc: string, attr: 'name' | 'property', key: string) => {
  const found = [...doc.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, 'g'))];
  expect(found, `one ${key}`).toHaveLength(1);
  return decode(found[0]?.[1] ?? '');
};
const title = (doc: string) => {
  const found = [...doc.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(found, 'one <title>').toHaveLength(1);
  return decode(found[0]?.[1] ?? '');
};
const canonical = (doc: string) => /<link rel="canonical" href="([^"]*)"/.exec(doc)?.[1];

/** Every head tag a page needs, each saying the same title and description. */
function expectHead(
  doc: string,
  want: { title: string; description: RegExp | string; path: string },
) {
  expect(title(doc)).toBe(want.title);
  const description = meta(doc, 'name', 'description');
  if (typeof want.description === 'string') expect(description).toBe(want.description);
  else expect(description).toMatch(want.description);
  expect(description.length).toBeLessThanOrEqual(160);
  expect(canonical(doc)).toBe(`${APP_URL}${want.path}`);
  expect(meta(doc, 'property', 'og:title')).toBe(want.title);
  expect(meta(doc, 'property', 'og:description')).toBe(description);
  expect(meta(doc, 'property', 'og:url')).toBe(`${APP_URL}${want.path}`);
  expect(meta(doc, 'property', 'og:image')).toBe(`${APP_URL}/icons/icon-512.png`);
  expect(meta(doc, 'name', 'twitter:card')).toBe('summary');
  expect(meta(doc, 'name', 'twitter:title')).toBe(want.title);
  expect(meta(doc, 'name', 'twitter:description')).toBe(description);
}

describe('per-page head in the raw HTML', () => {
  it('home', async () => {
    const doc = await html('/');
    expectHead(doc, {
      title: 'Skillway',
      description: 'Practical English, vocabulary and career skills for working professionals.',
      path: '/',
    });
    expect(meta(doc, 'property', 'og:type')).toBe('website');
    expect(doc).not.toContain('name="robots"');
  });

  it('a grammar topic: its name and lesson summary', async () => {
    const nouns = catalog.grammar.topics.get('nouns');
    const doc = await html('/grammar/nouns');
    expectHead(doc, {
      title: 'Nouns · Skillway',
      description: new RegExp(`^${escape((nouns?.lesson.summary ?? '').slice(0, 30))}`),
      path: '/grammar/nouns',
    });
    expect(meta(doc, 'property', 'og:type')).toBe('article');
  });

  it('a deep-dive question: its number and question', async () => {
    const q = catalog.grammar.deepDive[6];
    const doc = await html('/grammar/question/7');
    expectHead(doc, {
      title: 'Deep Dive 7 · Skillway',
      description: new RegExp(`^Question 7 of 30: ${escape((q?.question ?? '').slice(0, 30))}`),
      path: '/grammar/question/7',
    });
  });

  it('a word set: its title and description', async () => {
    const set = catalog.vocabulary.sets.find((s) => s.id === 'finance');
    const doc = await html('/vocabulary/finance');
    expectHead(doc, {
      title: 'Finance · Skillway',
      description: new RegExp(`^${escape(set?.description.slice(0, 40) ?? '')}`),
      path: '/vocabulary/finance',
    });
  });

  it('a prompt: its title and the prompt itself', async () => {
    const p = catalog.prompts.find((x) => !x.premium);
    const doc = await html(`/prompts/${p?.id}`);
    expectHead(doc, {
      title: `${p?.title} · Skillway`,
      description: new RegExp(`^${escape(p?.prompt.slice(0, 40) ?? '')}`),
      path: `/prompts/${p?.id}`,
    });
  });

  it('an insight: its title and summary', async () => {
    const i = catalog.insights.find((x) => !x.premium);
    const doc = await html(`/insights/${i?.id}`);
    expectHead(doc, {
      title: `${i?.title} · Skillway`,
      description: new RegExp(`^${escape(i?.summary.slice(0, 40) ?? '')}`),
      path: `/insights/${i?.id}`,
    });
  });

  it('an interview type: its title and what it practices', async () => {
    const doc = await html('/interviews/behavioral');
    expectHead(doc, {
      title: 'Behavioral interviews · Skillway',
      description: /^Stories from your past work/,
      path: '/interviews/behavioral',
    });
  });

  it('an activity, by its ?activity= link (also the older one on /activity): its title and summary', async () => {
    const a = catalog.activities.find((x) => !x.premium);
    for (const at of ['/activity/activities', '/activity']) {
      const doc = await html(`${at}?activity=${a?.id}&utm_source=chat`);
      expectHead(doc, {
        title: `${a?.title} · Skillway`,
        description: new RegExp(`^${escape(a?.summary.slice(0, 40) ?? '')}`),
        path: `/activity/activities?activity=${a?.id}`,
      });
      expect(doc).not.toContain('name="robots"');
    }
  });

  it('a list page: its route title and purpose', async () => {
    expectHead(await html('/vocabulary'), {
      title: 'Vocabulary · Skillway',
      description: 'Word sets for the contexts professionals work in, from negotiation to data.',
      path: '/vocabulary',
    });
  });

  it('a personal page is kept out of search results', async () => {
    expect(await html('/review')).toContain('<meta name="robots" content="noindex" />');
  });

  it('a premium prompt says only what the list of prompts shows a guest', async () => {
    const p = catalog.prompts.find((x) => x.premium);
    expect(p).toBeDefined();
    const doc = await html(`/prompts/${p?.id}`);
    expect(title(doc)).toBe(`${p?.title} · Skillway`);
    const description = meta(doc, 'name', 'description');
    expect(description).toMatch(/^A Premium \w+ writing prompt/);
    for (const hidden of [p?.prompt, p?.why, ...(p?.tips ?? []), ...(p?.outline ?? [])])
      expect(doc).not.toContain(escapeHtml((hidden ?? '').slice(0, 40)));
  });

  it('an unknown path keeps its 404 and says so, out of search results', async () => {
    const doc = await html('/grammar/not-a-topic', 404);
    expect(doc).toContain('data-status="404"');
    expect(title(doc)).toBe('Page not found · Skillway');
    expect(doc).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the pages, keeps crawlers off the API and names the sitemap', async () => {
    const res = await t.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('lists every public page, and every listed URL answers 200', async () => {
    const res = await t.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1] ?? ''));
    const expected =
      8 + // home, the path, doodles and the section lists: grammar, vocabulary, prompts, insights, interviews
      25 + // grammar topics
      catalog.grammar.deepDive.length +
      catalog.vocabulary.sets.length +
      catalog.prompts.length +
      catalog.insights.length +
      3 + // interview types
      catalog.activities.length;
    expect(urls.length).toBe(expected);
    for (const must of ['/', '/grammar/nouns', '/grammar/question/7', '/vocabulary/finance'])
      expect(urls).toContain(`${APP_URL}${must}`);
    expect(urls.some((u) => u.includes('/review') || u.includes('/user/'))).toBe(false);
    for (const url of urls) {
      const page = await t.fetch(url.slice(APP_URL.length));
      expect(page.status, url).toBe(200);
      expect(canonical(await page.text()), url).toBe(url.replace(/&amp;/g, '&'));
    }
  }, 240_000); // renders every public page once
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The text a reader (or a crawler without JavaScript) gets from #root: tags out, entities decoded. */
function rootText(doc: string): string {
  const start = doc.indexOf('<div id="root">');
  const end = doc.indexOf('<script id="ssr-data"');
  expect(start).toBeGreaterThan(-1);
  expect(end, 'the page carries the data it was rendered from').toBeGreaterThan(start);
  return decode(
    doc
      .slice(start, end)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'"),
  ).replace(/\s+/g, ' ');
}
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('server-rendered content in the raw HTML', () => {
  it('/grammar/nouns: the lesson; /grammar/nouns/practice: the quiz with its first question', async () => {
    const topic = catalog.grammar.topics.get('nouns');
    if (!topic) throw new Error('no nouns topic');
    const text = rootText(await html('/grammar/nouns'));
    expect(text).toContain(flat(topic.lesson.rules[0]?.rule ?? 'missing'));
    expect(text).toContain(flat(topic.lesson.mistakes[0]?.why ?? 'missing'));
    const [firstId] = pickQuizQuestions(topic.questions, EMPTY_HISTORY, () => 0);
    const first = topic.questions.find((q) => q.id === firstId);
    const quiz = rootText(await html('/grammar/nouns/practice'));
    expect(quiz).toContain(flat(first?.question ?? 'missing'));
    expect(quiz).toContain('Practice: 1 / 10');
  });

  it('/grammar/question/7: the question and its options', async () => {
    const q = catalog.grammar.deepDive[6];
    const text = rootText(await html('/grammar/question/7'));
    expect(text).toContain(flat(q?.question ?? 'missing'));
    for (const option of q?.options ?? ['missing']) expect(text).toContain(flat(option));
  });

  it('/vocabulary/finance: its words with their definitions', async () => {
    const set = catalog.vocabulary.sets.find((s) => s.id === 'finance');
    const text = rootText(await html('/vocabulary/finance'));
    for (const w of set?.words.slice(0, 5) ?? []) {
      expect(text).toContain(flat(w.word));
      expect(text).toContain(flat(w.definition));
    }
  });

  it('a prompt: the prompt, why it matters and its tips', async () => {
    const p = catalog.prompts.find((x) => !x.premium);
    const text = rootText(await html(`/prompts/${p?.id}`));
    expect(text).toContain(flat(p?.prompt ?? 'missing'));
    expect(text).toContain(flat(p?.tips[0] ?? 'missing'));
  });

  it('an insight: its summary and steps', async () => {
    const i = catalog.insights.find((x) => !x.premium);
    const text = rootText(await html(`/insights/${i?.id}`));
    expect(text).toContain(flat(i?.summary ?? 'missing'));
    expect(text).toContain(flat(i?.steps[0] ?? 'missing'));
  });

  it('an interview type: its questions', async () => {
    const q = catalog.interviews.byType.behavioral[0];
    expect(rootText(await html('/interviews/behavioral'))).toContain(
      flat(q?.question ?? 'missing'),
    );
  });

  it('home: the sections and their live counts', async () => {
    const text = rootText(await html('/'));
    expect(text).toContain(`${catalog.summary.words}`);
    expect(text).toContain('Grammar');
  });

  it('embeds exactly the content the API gives a guest, by the key the client asks with', async () => {
    const doc = await html('/vocabulary/finance');
    const json = /<script id="ssr-data" type="application\/json">([^<]*)<\/script>/.exec(doc)?.[1];
    const payload = JSON.parse(json ?? '{}');
    expect(payload.origin).toBe(APP_URL);
    const fromApi = await (await t.fetch('/api/content/vocabulary/finance')).json();
    expect(payload.data['/api/content/vocabulary/finance']).toEqual(fromApi);
    expect(Object.keys(payload.data).every((k) => k.startsWith('/api/content/'))).toBe(true);
  });

  it('a personal page is not server-rendered (it depends on who asks)', async () => {
    expect(await html('/review')).not.toContain('id="ssr-data"');
  });
});

describe('on a server that opens premium (no payments, the default)', () => {
  it('a premium prompt’s page carries its whole text, as the guest may read it', async () => {
    const open = await startTestServer({
      contentDir: join(root, 'content'),
      assets: loadClientAssets(clientDir),
      env: { APP_URL },
    });
    try {
      const p = catalog.prompts.find((x) => x.premium);
      const res = await open.fetch(`/prompts/${p?.id}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(escapeHtml((p?.prompt ?? '').slice(0, 40)));
    } finally {
      await open.close();
    }
  });
});

describe('the page cache: canonical and bounded', () => {
  const insight = catalog.insights.find((i) => i.id === 'decision-journal');
  const body = escapeHtml((insight?.summary ?? '').slice(0, 40));

  it('non-canonical paths (trailing, doubled or encoded slashes) redirect to the canonical one', async () => {
    const cases: [string, string][] = [
      ['/insights/decision-journal/', '/insights/decision-journal'],
      ['/insights/decision-journal//', '/insights/decision-journal'],
      ['//insights//decision-journal', '/insights/decision-journal'],
      ['/insights%2Fdecision-journal', '/insights/decision-journal'],
      ['/insights%2fdecision-journal%2F', '/insights/decision-journal'],
      ['/user/login/?next=%2Fgrammar', '/user/login?next=%2Fgrammar'],
      ['//evil.test//grammar', '/evil.test/grammar'],
    ];
    for (const [from, to] of cases) {
      const res = await t.fetch(from, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('a non-canonical request cannot put another page into the canonical one', async () => {
    for (const junk of ['/insights/decision-journal//', '/insights%2Fdecision-journal']) {
      await t.fetch(junk, { redirect: 'manual' });
    }
    const doc = await html('/insights/decision-journal');
    expect(doc).toContain(body);
    expect(doc).not.toContain('data-status="404"');
  });

  it('junk addresses under personal pages add nothing to the cache, which stays bounded', async () => {
    // The public pages first: what a crawler reads fills the cache with a bounded set.
    const listed = publicPaths(catalog);
    for (const path of listed) await t.fetch(path);
    const full = renderer.cached();
    expect(full.entries).toBeGreaterThan(0);
    expect(full.entries).toBeLessThanOrEqual(listed.length);

    const junk = (n: number) => `${n}-${'x'.repeat(1000)}`;
    const kinds = [
      (n: number) => `/activity?activity=${junk(n)}`,
      (n: number) => `/activity/activities?activity=${junk(n)}`,
      (n: number) => `/teams/${junk(n)}`,
      (n: number) => `/teams/invitations/${junk(n)}`,
    ];
    const PER_KIND = 5000;
    for (const kind of kinds) {
      let next = 0;
      const worker = async () => {
        while (next < PER_KIND) {
          const res = await t.fetch(kind(next++), { headers: { 'Accept-Encoding': 'br, gzip' } });
          expect(res.status).toBeLessThan(500);
          // A page that is not kept is not compressed on the request path either (a 404 is
          // the one shared not-found document, compressed once).
          if (res.status !== 404) expect(res.headers.get('content-encoding')).toBeNull();
          await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(renderer.cached()).toEqual(full);
    }
  }, 240_000);
});
