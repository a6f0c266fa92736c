/** The project's own island directive (src/scripts/painted-directive.ts), known to Astro's types. */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Wake once the page's largest paint is on screen, then when idle; `timeout`: at the latest after that. */
    'client:painted'?: { timeout?: number } | boolean;
  }
}

export {};
