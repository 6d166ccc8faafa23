import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_KINDS, DEEP_DIVE_CONTENT_ID } from '../../core/teams/assignments';
import { CONTENT_KIND, CONTENT_KINDS, type ContentKind } from '../../core/content/kinds';
import { isKnownPage } from '../../core/paths';
import { projectRoot } from '../project-root';
import { publicPaths } from '../render/head';
import { loadCatalog } from './catalog';

const catalog = loadCatalog(join(projectRoot(), 'content'));

/** One live id of each kind in today's content. */
const sample: Record<ContentKind, string> = {
  topic: [...catalog.grammar.topics.keys()][0] as string,
  'deep-dive': DEEP_DIVE_CONTENT_ID,
  'word-set': catalog.vocabulary.sets[0]?.id as string,
  word: [...catalog.vocabulary.words.keys()][0] as string,
  prompt: catalog.prompts[0]?.id as string,
  insight: catalog.insights[0]?.id as string,
  interview: [...catalog.interviews.questions.keys()][0] as string,
  'interview-list': 'behavioral',
  activity: catalog.activities[0]?.id as string,
};

describe('catalog.item: one lookup for every kind of content', () => {
  it.each(CONTENT_KINDS)('%s: a title, a link to a page that exists, its section', (kind) => {
    const item = catalog.item(kind, sample[kind]);
    expect(item).toMatchObject({ kind, id: sample[kind], section: CONTENT_KIND[kind].section });
    expect(item?.title.length).toBeGreaterThan(1);
    const href = new URL(item?.href ?? '', 'http://x');
    expect(isKnownPage(href.pathname, catalog.ids), item?.href).toBe(true);
  });

  it.each(CONTENT_KINDS)('%s: null for an id it does not know', (kind) => {
    for (const id of ['no-such-item', '', '__proto__', 'constructor'])
      expect(catalog.item(kind, id)).toBeNull();
  });

  it('says which items are premium, as the content marks them', () => {
    const premium = catalog.prompts.find((p) => p.premium);
    const free = catalog.prompts.find((p) => !p.premium);
    expect(catalog.item('prompt', premium?.id ?? '')?.premium).toBe(true);
    expect(catalog.item('prompt', free?.id ?? '')?.premium).toBe(false);
  });

  it('an indexable kind’s items are public pages in the sitemap; the others open inside one', () => {
    const listed = new Set(publicPaths(catalog));
    for (const kind of CONTENT_KINDS) {
      const href = catalog.item(kind, sample[kind])?.href ?? '';
      expect(listed.has(href), `${kind}: ${href}`).toBe(CONTENT_KIND[kind].indexable);
    }
  });

  it('assignable kinds are exactly the table’s', () => {
    expect(ASSIGNMENT_KINDS).toEqual(CONTENT_KINDS.filter((k) => CONTENT_KIND[k].assignable));
  });
});
