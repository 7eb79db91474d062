import { defineConfig } from 'vitest/config';

/** The dev-server check runs on its own (scripts/test.mjs): it starts `astro dev`. */
export default defineConfig({
  test: {
    include: ['tests/dev/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
  },
});
