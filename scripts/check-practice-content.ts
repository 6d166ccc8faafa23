/**
 * Validates prompts, insights, interview questions and activities against core's schemas.
 * Usage: npx tsx scripts/check-practice-content.ts [file.yaml …]  (default: all of them)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { ZActivity, ZInsight, ZInterviewSet, ZPrompt } from '../core/content/practice';

const root = join(import.meta.dirname, '..', 'content');
const folders: Record<string, z.ZodType> = {
  prompts: ZPrompt,
  insights: ZInsight,
  interviews: ZInterviewSet,
  activities: ZActivity,
};
const listYaml = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(dir, f))
    : [];
const args = process.argv.slice(2);
const files = args.length > 0 ? args : Object.keys(folders).flatMap((f) => listYaml(join(root, f)));

let problems = 0;
const ids = new Map<string, string>();
for (const file of files) {
  const folder = basename(dirname(file));
  const schema = folders[folder];
  if (!schema) {
    console.log(`${file}: not in one of ${Object.keys(folders).join(', ')}`);
    problems++;
    continue;
  }
  const result = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    for (const i of result.error.issues) {
      problems++;
      console.log(`${basename(file)}: ${i.path.join('.')}: ${i.message}`);
    }
    continue;
  }
  const data = result.data as { id?: string; type?: string; questions?: { id: string }[] };
  const expected = `${data.id ?? data.type}.yaml`;
  if (basename(file) !== expected) {
    problems++;
    console.log(`${basename(file)}: file name must be ${expected}`);
  }
  for (const id of data.questions ? data.questions.map((q) => q.id) : [data.id as string]) {
    const key = `${folder}:${id}`;
    if (ids.has(key)) {
      problems++;
      console.log(`${basename(file)}: id ${id} also used in ${ids.get(key)}`);
    }
    ids.set(key, basename(file));
  }
  console.log(
    `${folder}/${basename(file)}: ok${data.questions ? ` (${data.questions.length} questions)` : ''}`,
  );
}
console.log(problems === 0 ? 'No problems.' : `${problems} problem(s).`);
process.exit(problems === 0 ? 0 : 1);
