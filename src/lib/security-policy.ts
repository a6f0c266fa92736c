import type { SiteConfig } from './site-config.ts';

/**
 * Content-Security-Policy directives for every page (Astro adds script-src and style-src with
 * hashes of its own inline code). The Node server and the CDN `_headers` file add what a <meta>
 * policy cannot carry: frame-ancestors.
 */
type Directive = `${'default' | 'img' | 'font' | 'connect' | 'frame'}-src ${string}` | `form-action ${string}` | `base-uri ${string}` | `object-src ${string}`;

export function contentSecurityDirectives(config: Pick<SiteConfig, 'analytics'>): Directive[] {
  const analytics = config.analytics.measurementId
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : [];
  return [
    "default-src 'self'",
    `img-src 'self' data: ${analytics.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${analytics.join(' ')}`.trim(),
    "frame-src 'self' https://www.google.com https://maps.google.com",
    "form-action 'self' https://www.paypal.com https://www.sandbox.paypal.com",
    "base-uri 'self'",
    "object-src 'none'",
  ] as Directive[];
}

/**
 * The header policy of everything that is not one of the site's pages (JSON, scripts, styles,
 * SVG, text, redirects): nothing may load, frame it or be submitted from it.
 */
export const STRICT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The newsletter preview (GET /api/newsletter-preview/:id), the one document the site's own pages
 * frame: its inline styles and images (the logo from this site, a campaign's https images), no
 * script, no form, no frame of its own. With X-Frame-Options SAMEORIGIN (PREVIEW_FRAME_OPTIONS).
 */
export const PREVIEW_PATH_PREFIX = '/api/newsletter-preview/';
export const PREVIEW_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
export const PREVIEW_FRAME_OPTIONS = 'SAMEORIGIN';

/** A standalone HTML document (the downloadable guides): the strict policy plus its own inline styles by hash. */
export function documentContentSecurityPolicy(styleHashes: readonly string[]): string {
  return styleHashes.length ? `${STRICT_CONTENT_SECURITY_POLICY}; style-src ${styleHashes.map((hash) => `'${hash}'`).join(' ')}` : STRICT_CONTENT_SECURITY_POLICY;
}

/**
 * Headers that every response of the site carries, in the Node server and in `_headers`. The
 * Content-Security-Policy here is the one of the site's pages (which add their own <meta>
 * policy); the Node server sends STRICT_CONTENT_SECURITY_POLICY on everything else.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/** The content editor's addresses (/cms/, docs/editors.md). */
export const EDITOR_PATH_PREFIX = '/cms';
export const isEditorPath = (path: string): boolean => path === EDITOR_PATH_PREFIX || path.startsWith(`${EDITOR_PATH_PREFIX}/`);
/**
 * The editor's Cross-Origin-Opener-Policy: "Sign in with GitHub" opens the sign-in helper in a
 * popup, which hands the editor its token through window.opener; under `same-origin` (every other
 * page's) a popup on another origin gets no opener and the sign-in never completes.
 */
export const EDITOR_OPENER_POLICY = 'same-origin-allow-popups';

/**
 * The content editor's page (/cms/, docs/editors.md): its one script from this site (the pinned
 * editor, no CDN), the inline styles it sets on its own elements, images it previews from blobs
 * and GitHub, its fonts, and the calls it makes to GitHub's API (and to the sign-in helper, when there is
 * one). Nothing may frame it; it submits no form.
 */
export function editorContentSecurityPolicy(options: { authOrigin?: string }): string {
  const connect = ["'self'", 'blob:', 'data:', 'https://api.github.com', 'https://www.githubstatus.com', ...(options.authOrigin ? [options.authOrigin] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data: https://*.githubusercontent.com",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "form-action 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}
