import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { releaseDefine } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  define: releaseDefine,
  resolve: {
    alias: {
      '@test': fileURLToPath(new URL('./test', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom a worker instead of one a process per file, each file still in
    // a context of its own: the same isolation at a third of the time.
    pool: 'vmThreads',
    // As the other projects (the root vitest.config.ts): both cores.
    maxWorkers: 2,
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // A test that renders the whole dashboard runs through many accessible-name
    // look-ups, each computing styles in jsdom; on a busy 2-core machine that
    // can pass Vitest's 5 s default without anything being wrong.
    testTimeout: 15_000,
  },
});
