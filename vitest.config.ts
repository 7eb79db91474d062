import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'tests/dev/**', 'node_modules/**'],
    environment: 'node',
    // A guard against hangs, not a speed goal (benchmarks measure speed): the engine's corpus
    // tests take 1–4 s idle and over 5 s (vitest's default) when other jobs share the cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
