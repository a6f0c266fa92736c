import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The deployment tests (`npm run test:deploy`): nginx in front of two API instances on one
 * throwaway PostgreSQL, over the built site (deploy.test.ts), and the workflow's deploy to a local
 * directory standing for the host and the CDN (release.test.ts). A config of its own, so that
 * `vitest run` of the other projects never starts a second PostgreSQL beside theirs.
 */
export default defineConfig({
  test: {
    name: 'deploy',
    root: join(import.meta.dirname, '..'),
    include: ['deploy/test/**/*.test.ts'],
    globalSetup: ['api/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
