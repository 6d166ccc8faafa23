import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { flatConfigs as importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
/** Every folder of app/features: each is a boundary the others may not cross. */
const FEATURES = readdirSync(join(root, 'app', 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'app/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX.recommended.plugins['import-x'] },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: globals.browser,
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs,js}', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // app and server meet only through the type of the Hono app (for the RPC client).
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'app may only import types from server.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The client's layers, from the bottom: lib (HTTP client, sync, navigation…) < data (the
    // SWR hooks several sections read, app/data/<domain>.ts) < ui (shared widgets) <
    // features (one folder per section) < the router (app/router.tsx, and app/pages/ for a
    // route that composes two features) and the shell (app/shell/). A layer imports only the
    // layers below it; a feature never imports another feature — what two of them need
    // moves down into data or ui. The router is the one part above features that imports
    // them, and only their pages (lazy routes); the shell's own components import none.
    // The server meets the client only through app/entry-server.tsx (server-side rendering).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./app/features/${feature}`,
              from: './app/features',
              except: [`./${feature}`],
              message: `app/features/${feature} may not import another feature: move what both need into app/data or app/ui.`,
            })),
            {
              target: './app/features',
              from: ['./app/shell', './app/pages', './app/router.tsx'],
              message: 'A feature imports neither the shell nor the routes.',
            },
            {
              target: ['./app/ui', './app/lib', './app/data'],
              from: ['./app/features', './app/shell', './app/pages', './app/router.tsx'],
              message: 'app/ui, app/lib and app/data sit below the features and the shell.',
            },
            {
              target: ['./app/lib', './app/data'],
              from: './app/ui',
              message: 'app/lib and app/data sit below app/ui.',
            },
            {
              target: './app/lib',
              from: './app/data',
              message: 'app/lib sits below app/data.',
            },
            {
              target: './app/shell',
              from: ['./app/features', './app/pages'],
              message: 'The shell does not import features: only the router loads their pages.',
            },
            {
              target: './server',
              from: ['./app/features', './app/ui', './app/data', './app/shell'],
              message: 'The server reaches the client only through app/entry-server.tsx.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/server/**'],
              message: 'core is shared and imports neither app nor server.',
            },
          ],
        },
      ],
    },
  },
);
