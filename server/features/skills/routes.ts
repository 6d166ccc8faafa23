import { Hono } from 'hono';
import { z } from 'zod';
import { ZSkillScoreRequest } from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { getSkills, saveSkillScore, skillIds, skillsContent } from './service';

const ZSkillParam = z.object({ skillId: z.string().min(1).max(80) });

/** The skills profile: public content, and the signed-in user's self-ratings. */
export function skillRoutes(db: Db, catalog: Catalog) {
  const content = skillsContent(catalog);
  const known = skillIds(catalog);
  return new Hono<AppEnv>()
    .get('/content', (c) => {
      if (!content) throw notFound('There are no skills in this installation’s content.');
      // Content changes only with a deploy; let browsers and the service worker reuse it briefly.
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(content);
    })
    .get('/', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await getSkills(db, catalog, user.id));
    })
    .put(
      '/:skillId',
      validate('param', ZSkillParam),
      validate('json', ZSkillScoreRequest),
      async (c) => {
        const user = requireUser(c);
        const { skillId } = c.req.valid('param');
        if (!known.has(skillId)) throw notFound(`There is no skill "${skillId}".`);
        const { score } = c.req.valid('json');
        return c.json(await saveSkillScore(db, user.id, skillId, score));
      },
    );
}
