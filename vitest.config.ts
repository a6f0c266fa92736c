import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (src/lib and scripts, no build needed), `api` (the API through
 * app.request(), real SQLite files and PostgreSQL), and `dist` (checks over the built site:
 * links, byte budget, file names), which needs `npm run build` first.
 */
export default defineConfig({
  test: {
    // One test file per core, where vitest's default leaves one core free: the API tests spend
    // much of their time waiting on fsync, PostgreSQL and SMTP peers, so on two cores the second
    // worker took the API project from 235 s to 134 s.
    maxWorkers: availableParallelism(),
    projects: [
      // Unit tests compress and parse whole pages: on a loaded 2-core machine some take seconds, so the timeout only catches a hang.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], globalSetup: ['tests/unit/compile-messages-setup.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'api', include: ['api/test/**/*.test.ts'], globalSetup: ['api/test/global-setup.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      // A dist file's beforeAll starts services and reads the whole build: under load that outlasted
      // vitest's 10 s hook default once (tests/dist/cdn-files.test.ts), so hooks get the API's limit.
      { test: { name: 'dist', include: ['tests/dist/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
    ],
  },
});
