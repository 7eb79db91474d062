import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

/** Import direction from the house style: content → components/mdx → islands → view → sim. */
const up = (...dirs) =>
  dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `~/${d}/*`]);
/** UI frameworks; the engine (src/sim) and the view logic (src/view) import none of them. */
const uiFrameworks = [
  'preact',
  'preact/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@xyflow/*',
];
const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group,
        message: 'Imports flow one way: see README "Layout".',
      })),
    },
  ],
});

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      '.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': true, 'ts-nocheck': true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Nothing in the site may import the real-kernel lab (src/lab); blocks below add their own.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/lab/**'],
    rules: restrict([[...up('lab')]]),
  },
  {
    // The engine is pure: no views, no i18n, no DOM, no clocks, no randomness.
    files: ['src/sim/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict([
        [
          ...up('islands', 'view', 'components', 'pages', 'i18n', 'cli', 'lib', 'scripts', 'lab'),
          ...uiFrameworks,
          'i18next',
          'node:*',
        ],
      ]),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'setTimeout',
        'setInterval',
        'performance',
        'fetch',
        'process',
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the seeded generator in src/sim/rng.ts.',
        },
        { object: 'Date', property: 'now', message: 'The engine runs on simulated time.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'The engine runs on simulated time.',
        },
      ],
    },
  },
  {
    // The importer is pure too (it ships to browsers): it may use `yaml` and the engine only.
    files: ['src/importer/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict([
        [
          ...up('islands', 'view', 'components', 'pages', 'i18n', 'cli', 'lib', 'scripts'),
          ...uiFrameworks,
          'i18next',
          'node:*',
        ],
      ]),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'setTimeout',
        'setInterval',
        'performance',
        'fetch',
        'process',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The importer is deterministic.' },
        { object: 'Date', property: 'now', message: 'The importer is deterministic.' },
      ],
    },
  },
  {
    // Framework-free view logic (src/view): what islands *and* pages compute, with no UI framework
    // and nothing from the UI layers above it, so it runs in a worker, on the server or in a test.
    files: ['src/view/**/*.{ts,tsx}'],
    rules: {
      ...restrict([[...up('islands', 'components', 'pages', 'cli', 'lab'), ...uiFrameworks]]),
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXElement, JSXFragment', message: 'Components live in src/islands.' },
        {
          // no-restricted-imports does not see import(): the same limits for lazy imports.
          selector:
            'ImportExpression[source.value=/^(preact|react|@xyflow)|[.][.].(islands|components|pages)./]',
          message: 'Imports flow one way: see README "Layout".',
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: restrict([[...up('components', 'pages', 'cli', 'lab')]]),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict([[...up('islands', 'view', 'components', 'pages', 'lab'), ...uiFrameworks]]),
  },
  {
    files: ['src/components/**/*.{ts,astro}'],
    rules: restrict([[...up('pages', 'cli', 'lab')]]),
  },
  {
    // The real-kernel lab (Node, root): it may use the engine, its locale files and node:*;
    // nothing in the site or the engine may import it.
    files: ['src/lab/**/*.ts'],
    rules: restrict([
      [
        ...up('islands', 'view', 'components', 'pages', 'cli', 'lib', 'scripts'),
        'react',
        'react-dom',
        '@xyflow/*',
        'i18next',
      ],
    ]),
  },
  {
    // The lab's agents run inside namespaces as plain Node scripts: node:* only.
    files: ['src/lab/agents/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', './*', '~/*'], message: 'Agents import node:* only.' }] },
      ],
    },
  },
);
