import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import server from './server/vitest.config.ts';
import web from './web/vitest.config.ts';

/*
 * `npm run test:fast`: what needs no server, no database and no rendered
 * portal, for a minute's feedback while working. The contracts' tests, the
 * service's *.unit.test.ts (in-memory fakes at most) and the portal's
 * logic tests (*.test.ts; its *.test.tsx render components). `npm test`
 * still runs every one of them, once, in the full suite.
 */
export default defineConfig({
  test: {
    projects: [
      'contracts',
      {
        ...server,
        test: {
          ...server.test,
          name: 'server-unit',
          root: fileURLToPath(new URL('./server', import.meta.url)),
          include: ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'],
          // No PGlite here: threads start faster than the suite's forks.
          pool: 'threads',
        },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web-logic',
          include: ['src/**/*.test.ts'],
          // One jsdom a worker instead of one a file, each file still in its own context.
          pool: 'vmThreads',
        },
      },
    ],
  },
});
