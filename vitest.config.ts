import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (src/lib and scripts, no build needed), `api` (the API through
 * app.request(), real SQLite files and PostgreSQL), and `dist` (checks over the built site:
 * links, byte budget, file names), which needs `npm run build` first.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['api/test/**/*.test.ts'], globalSetup: ['api/test/global-setup.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 } },
      { test: { name: 'dist', include: ['tests/dist/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
