import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import server from './server/vitest.config.ts';
import web from './web/vitest.config.ts';

const SERVER_ROOT = fileURLToPath(new URL('./server', import.meta.url));

/** Tests that compare answer times: alone, after the rest, so other files' load cannot skew them. */
const TIMING_TESTS = ['test/abuse/enumeration.test.ts'];

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a 2-core machine runs one
    // file at a time; most files spend much of their time waiting on a database.
    maxWorkers: 2,
    projects: [
      'contracts',
      {
        ...server,
        test: {
          ...server.test,
          root: SERVER_ROOT,
          exclude: [...configDefaults.exclude, ...TIMING_TESTS],
        },
      },
      {
        ...server,
        test: {
          ...server.test,
          name: 'server-timing',
          root: SERVER_ROOT,
          include: TIMING_TESTS,
          sequence: { groupOrder: 1 },
        },
      },
      'web',
      {
        // The build plugins' tests run Vite, whose native bundler refuses
        // objects from another context: so in processes of their own.
        ...web,
        test: {
          ...web.test,
          name: 'web-build-tools',
          include: ['build-tools/**/*.test.ts'],
          pool: 'forks',
        },
      },
      // Checks on the documents themselves, such as the SPEC references.
      { test: { name: 'docs', include: ['docs/**/*.test.ts'] } },
    ],
  },
});
