import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (engine sweeps, the real-kernel lab), started first so that no
 * long file is left running alone on one core at the end. Vitest orders by the last run's
 * durations when it has them; a fresh clone has none and would order by file size, which puts
 * these short files last.
 */
const LONG_FIRST = [
  'tests/sim/practicePropertyDrain.test.ts',
  'tests/lab/kernel.test.ts',
  'tests/sim/practiceBand.test.ts',
  'tests/sim/practiceProperty.test.ts',
];
class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = LONG_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongFirst },
    // A guard against hangs, not a speed goal (benchmarks measure speed): the engine's corpus
    // tests take 1–4 s idle and over 5 s (vitest's default) when other jobs share the cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
