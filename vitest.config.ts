import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'contracts',
      'server',
      'web',
      // Checks on the documents themselves, such as the SPEC references.
      { test: { name: 'docs', include: ['docs/**/*.test.ts'] } },
    ],
  },
});
