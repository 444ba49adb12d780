// `pnpm lint`: typescript-eslint's recommended rules (syntax only, no type information, so it stays fast),
// the rules of hooks, and the import boundaries between features, frontends, the API and @rewards/shared.
// Runs in the test command with --max-warnings 0.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { boundariesPlugin, FRONTENDS } from './tools/eslint/boundaries.mjs';

/** The part of @rewards/shared the server may use: no React, no Redux, nothing of the browser. */
export const SERVER_SAFE_SHARED = ['contracts', 'rules', 'constants', 'brand', 'paths', 'content', 'i18n'];

const REACT_AND_REDUX = ['react', 'react-dom', 'react-router', 'react-redux', 'redux', '@reduxjs/toolkit'];

const BROWSER_PART_OF_SHARED = ['store', 'api', 'ui', 'dev', 'test', 'styles', 'router'];

/**
 * What the API and the server-safe part of @rewards/shared may not import. Inside shared, `../store/…` is the
 * browser part too; elsewhere only a path through `shared/src/` is.
 */
function serverSafeImports({ insideShared }) {
  const reactTypes = insideShared;
  const browserPart = `(${BROWSER_PART_OF_SHARED.join('|')})(/|\\.tsx?$|$)`;
  const why = 'The server never loads React or Redux.';
  return {
    paths: REACT_AND_REDUX.map((name) => ({ name, allowTypeImports: reactTypes, message: why })),
    patterns: [
      { group: REACT_AND_REDUX.map((name) => `${name}/*`), allowTypeImports: reactTypes, message: why },
      {
        group: ['@rewards/shared/*', ...SERVER_SAFE_SHARED.flatMap((part) => [`!@rewards/shared/${part}`, `!@rewards/shared/${part}/*`])],
        message: `The server imports only the server-safe part of @rewards/shared: ${SERVER_SAFE_SHARED.join(', ')}.`,
      },
      {
        regex: insideShared ? `^(\\./)?(\\.\\./)+${browserPart}` : `(^|/)shared/src/${browserPart}`,
        message: `The server imports only the server-safe part of @rewards/shared: ${SERVER_SAFE_SHARED.join(', ')}.`,
      },
      { group: ['@rewards/shell', '@rewards/shell/*', '@rewards/mf-*'], message: 'The server never imports a frontend.' },
    ],
  };
}

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', '.releases/', '.tmp/', 'api/drizzle/', '**/*.d.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` says "deliberately unused" (a parameter a signature needs, a value left out of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs', 'tools/jest/*.js', '*/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // A CommonJS module's top-level names are its own: `const { TextEncoder } = require('node:util')` is deliberate.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    // Jest runs the setup file after its globals are installed.
    files: ['tools/jest/setup-dom.js'],
    languageOptions: { globals: { beforeAll: 'readonly' } },
  },
  {
    files: ['api/**/*.ts'],
    // The API strips and rejects control characters in what people and operators send: the character classes
    // that name them (`[\x00-\x1f]`) are the point, not a typo.
    rules: { 'no-control-regex': 'off' },
  },
  {
    ...reactHooks.configs.flat.recommended,
    files: [...FRONTENDS, 'shared'].map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: FRONTENDS.map((dir) => `${dir}/**/*.{ts,tsx,js,mjs,cjs}`),
    plugins: { rewards: boundariesPlugin },
    rules: { 'rewards/import-boundaries': 'error' },
  },
  {
    // The content's schemas and checks (zod, a JSON parser) are for the build and the API: a page takes their types
    // (and the files' names, content-files: no zod).
    files: FRONTENDS.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', 'mf-marketing/src/content/content-folder.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@rewards/shared/content/*', '!@rewards/shared/content/content-files'], allowTypeImports: true, message: 'The pages import only the types of the content schemas: zod stays out of the browser.' }] },
      ],
    },
  },
  {
    files: ['api/**/*.{ts,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': ['error', serverSafeImports({ insideShared: false })] },
  },
  {
    // The server-safe part of @rewards/shared itself: type-only imports of React describe the shell's contract
    // with the remotes and vanish at compile time; nothing of the browser part is imported.
    files: SERVER_SAFE_SHARED.map((part) => `shared/src/${part}{.ts,/**/*.ts}`),
    ignores: ['shared/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', serverSafeImports({ insideShared: true })] },
  },
);
