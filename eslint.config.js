import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

/** Import direction from the house style: content → components/mdx → islands → machines → sim. */
const up = (...dirs) =>
  dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `~/${d}/*`]);
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
    // The engine is pure: no views, no i18n, no DOM, no clocks, no randomness.
    files: ['src/sim/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict([
        [
          ...up('islands', 'machines', 'components', 'pages', 'i18n', 'cli', 'lib', 'scripts'),
          'react',
          'react-dom',
          '@xyflow/*',
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
    files: ['src/machines/**/*.ts'],
    rules: restrict([
      [...up('islands', 'components', 'pages', 'cli'), 'react', 'react-dom', '@xyflow/*'],
    ]),
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: restrict([[...up('components', 'pages', 'cli')]]),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict([[...up('islands', 'machines', 'components', 'pages'), 'react', 'react-dom']]),
  },
  {
    files: ['src/components/**/*.{ts,astro}'],
    rules: restrict([[...up('pages', 'cli')]]),
  },
);
