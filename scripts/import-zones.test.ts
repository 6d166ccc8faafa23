import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The client's layers are kept by ESLint's import zones (eslint.config.js,
// import-x/no-restricted-paths). These lint a few lines as if they stood in the app, so the
// rule cannot silently vanish from the config: each boundary must still be reported, and the
// imports the layers allow must still pass.

const cwd = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd });
});

/** The zone messages for `code` linted as the file at `filePath` (relative to the repo). */
async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('import zones', () => {
  it('a feature importing another feature is an error', async () => {
    const errors = await zoneErrors(
      'app/features/grammar/x.ts',
      "import { orderSets } from '../vocabulary/order';\nexport const x = orderSets;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "../vocabulary/order" imported in restricted zone. app/features/grammar may not import another feature: move what both need into app/data or app/ui.',
    ]);
  }, 60_000);

  it('a feature may import its own files, the data layer, ui, lib and core', async () => {
    const errors = await zoneErrors(
      'app/features/grammar/x.ts',
      [
        "import { useTopic } from './queries';",
        "import { useGrammarStats } from '../../data/grammar';",
        "import { AnswerOption } from '../../ui/AnswerOption';",
        "import { useAuth } from '../../lib/auth';",
        "import { paths } from '../../../core/paths';",
        'export const x = [useTopic, useGrammarStats, AnswerOption, useAuth, paths];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it('ui, lib and data import neither features nor the shell', async () => {
    for (const [filePath, spec] of [
      ['app/ui/x.ts', '../features/review/queries'],
      ['app/lib/x.ts', '../features/review/queries'],
      ['app/data/x.ts', '../features/review/queries'],
      ['app/ui/x.ts', '../shell/Layout'],
    ] as const) {
      const errors = await zoneErrors(filePath, `import * as m from '${spec}';\nexport { m };\n`);
      expect(errors, `${filePath} → ${spec}`).toHaveLength(1);
    }
  }, 60_000);

  it('only the router loads feature pages; the shell and the server do not import features', async () => {
    const page = "import * as m from './features/grammar/GrammarPage';\nexport { m };\n";
    expect(await zoneErrors('app/x.ts', page)).toEqual([]);
    expect(
      await zoneErrors(
        'app/shell/x.ts',
        "import * as m from '../features/review/queries';\nexport { m };\n",
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'server/render/x.ts',
        "import * as m from '../../app/features/grammar/GrammarPage';\nexport { m };\n",
      ),
    ).toHaveLength(1);
  }, 60_000);
});
