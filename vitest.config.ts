import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'tests/dev/**', 'node_modules/**'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: on a 2-core machine a single worker,
    // which left the second core idle. Two keep both busy (the main process mostly waits).
    maxWorkers: 2,
    // One worker process runs many files (no fresh process per file, ~0.6 s each on 2 cores).
    // Safe here: no test mocks modules, stubs globals or changes shared state (no `vi.*` at all);
    // the engine and view modules are pure.
    isolate: false,
    // A guard against hangs, not a speed goal (benchmarks measure speed): the engine's corpus
    // tests take 1–4 s idle and over 5 s (vitest's default) when other jobs share the cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
