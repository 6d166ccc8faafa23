// Bundles the server into dist/server/main.js (dependencies stay external), the writing
// checker's thread into dist/server/checker-worker.js beside it, and writes
// brotli/gzip twins of the built client so the server never compresses static files at run time.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');

await build({
  entryPoints: [
    join(root, 'server/main.ts'),
    join(root, 'server/db/migrate-cli.ts'),
    join(root, 'server/features/writing/checker-worker.ts'),
  ],
  outdir: join(root, 'dist/server'),
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
let count = 0;
for (const file of walk(join(root, 'dist/client'))) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  count++;
}
console.log(`server bundled to dist/server; ${count} client files precompressed (br, gz)`);
