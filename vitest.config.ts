import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (src/lib and scripts, no build needed), `api` (the API through
 * app.request(), real SQLite files and PostgreSQL), `dist` (checks over the built site:
 * links, byte budget, file names), which needs `npm run build` first, and `deploy` (nginx in
 * front of two API instances on one PostgreSQL, over the built site).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['api/test/**/*.test.ts'], globalSetup: ['api/test/global-setup.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 } },
      { test: { name: 'dist', include: ['tests/dist/**/*.test.ts'], environment: 'node' } },
      // nginx, two API instances and a throwaway PostgreSQL on loopback over dist/ (`npm run test:deploy`).
      { test: { name: 'deploy', include: ['deploy/test/**/*.test.ts'], globalSetup: ['api/test/global-setup.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 120_000 } },
    ],
  },
});
