import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite is WebAssembly with a large heap; separate processes keep one
    // test file's database from starving or crashing another's.
    pool: 'forks',
    // Starting PGlite takes seconds on a busy machine; a test database is
    // usually made in a hook, so hooks get the longer allowance.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
