// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { site } from './src/lib/site.ts';
import { isNoindexPath } from './src/lib/routes.ts';
import { contentSecurityDirectives } from './src/lib/security-policy.ts';

export default defineConfig({
  site: site.url,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // A class per scoped component (not a data- attribute per element): fewer bytes in every page.
  scopedStyleStrategy: 'class',
  integrations: [
    react(),
    mdx(),
    sitemap({
      filter: (page) => !isNoindexPath(new URL(page).pathname),
    }),
  ],
  security: {
    csp: {
      directives: contentSecurityDirectives(site),
      scriptDirective: {
        resources: ["'self'", ...(site.analytics.measurementId ? ['https://www.googletagmanager.com'] : [])],
      },
    },
  },
  // Shiki writes inline styles that the Content-Security-Policy would block; posts carry no code.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
});
