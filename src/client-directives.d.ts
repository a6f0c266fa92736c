/** The project's own island directive (src/scripts/settled-directive.ts), known to Astro's types. */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Wake once the page has loaded and shown its largest paint, then when idle; `timeout`: at the latest. */
    'client:settled'?: { timeout?: number } | boolean;
  }
}

export {};
