import { defineProject } from 'vitest/config';

/*
 * The release and the quickstart as an operator and a newcomer run them:
 * `npm run test:release` builds the release first. Apart from the unit
 * tests, which must not need a build.
 */
export default defineProject({
  test: {
    name: 'release',
    include: ['build-tools/**/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
