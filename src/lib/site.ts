import raw from '../../content/site.json' with { type: 'json' };
import { parseSiteConfig } from './site-config.ts';

/**
 * The validated site config. Deployment may override the public URL and analytics id through
 * the environment (SITE_URL, PUBLIC_GA_MEASUREMENT_ID) without editing content.
 */
const env = (typeof process === 'undefined' ? {} : process.env) as Record<string, string | undefined>;

/** The analytics id, which the editor leaves out of the file while it is empty (docs/editors.md). */
const written = raw as { analytics?: { measurementId?: string } };

export const site = parseSiteConfig({
  ...raw,
  url: env.SITE_URL || raw.url,
  analytics: { measurementId: env.PUBLIC_GA_MEASUREMENT_ID ?? written.analytics?.measurementId ?? '' },
  paypal: {
    ...raw.paypal,
    sandbox: env.PAYPAL_SANDBOX ? env.PAYPAL_SANDBOX === 'true' : raw.paypal.sandbox,
  },
});
