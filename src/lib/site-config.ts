import { z } from 'zod';
import { editorMessage } from './editor-messages.ts';

/**
 * The organisation's facts, edited in content/site.json. Every component reads them from here,
 * so a wrong value fails the build with the field's path instead of shipping a broken page.
 */
export const siteConfigSchema = z
  .object({
    name: z.string().min(1),
    /** The name registered with the IRS, as donation receipts print it (the short name when unset). */
    legalName: z.string().min(1).optional(),
    tagline: z.string().min(1),
    /** The search engines' summary: 320 characters leave room for a French translation (305 today). */
    description: z.string().min(1).max(320),
    keywords: z.array(z.string().min(1)).min(1),
    url: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')),
    language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
    foundedYear: z.number().int().min(1900).max(2100),
    taxStatus: z.string().min(1),
    ein: z.string().regex(/^\d{2}-\d{7}$/, 'EIN must look like 12-3456789'),
    phone: z.string().regex(/^\+[1-9][\d-]{6,18}$/, 'phone must be in +1-817-555-0100 form'),
    phoneDisplay: z.string().min(1),
    address: z.object({
      street: z.string().min(1),
      city: z.string().min(1),
      region: z.string().length(2),
      postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
      country: z.string().length(2),
    }),
    officeHours: z.string().min(1),
    /** The languages staff speak, as ISO 639 codes (en, fr, sw, am…): the "We speak your language" line. */
    staffLanguages: z.array(z.string().regex(/^[a-z]{2,3}$/, 'an ISO 639 language code such as fr')).min(1),
    mailboxes: z.object({
      info: z.email(),
      careers: z.email(),
      volunteer: z.email(),
      partnerships: z.email(),
      staff: z.email(),
      noreply: z.email(),
    }),
    social: z
      .array(
        z.object({
          network: z.enum(['facebook', 'instagram', 'linkedin', 'x', 'youtube']),
          label: z.string().min(1),
          url: z.url({ protocol: /^https$/ }),
        }),
      )
      .min(1),
    paypal: z.object({
      business: z.string().min(1),
      sandbox: z.boolean(),
      /**
       * Which checkout the donation form uses, chosen at build time: "standard" (the default),
       * PayPal Payments Standard as the spec's section 7 has it; "orders", the same form posting
       * to the API (/api/donate), which creates an Orders v2 order or a Subscriptions v1
       * subscription (the API needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; docs/donations.md).
       */
      checkout: z.enum(['standard', 'orders']).default('standard'),
    }),
    /** Left out, or an empty id: no analytics (the editor leaves an empty optional field out of the file). */
    analytics: z
      .object({
        measurementId: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]{4,16}$/)]).default(''),
      })
      .default({ measurementId: '' }),
    blogName: z.string().min(1),
    /**
     * The organisation's IANA time zone (America/Chicago when left out: src/lib/newsletter-schedule.ts):
     * the calendar of every date staff and donors see, receipt numbers, totals and yearly statements
     * (src/lib/organisation-calendar.ts), and of newsletter schedules.
     */
    timeZone: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'an IANA time zone such as America/Chicago')
      .optional(),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The keys content/site.<code>.json translates (src/lib/i18n/site-text.ts); the editor offers these alone in French and Swahili. */
export const SITE_TEXT_KEYS = ['tagline', 'description', 'keywords', 'officeHours', 'blogName'] as const satisfies readonly (keyof SiteConfig)[];

/** Parses raw config, throwing one readable error that names every bad field. */
export function parseSiteConfig(raw: unknown, source = 'content/site.json'): SiteConfig {
  const result = siteConfigSchema.safeParse(raw, { error: editorMessage });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${source} is invalid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The postal address as the lines of an envelope: the street, then city, region and postal code. */
export function addressLines(config: Pick<SiteConfig, 'address'>): [street: string, locality: string] {
  const { street, city, region, postalCode } = config.address;
  return [street, `${city}, ${region} ${postalCode}`];
}

/** One-line postal address, as shown in the footer and used for map links. */
export function formatAddress(config: Pick<SiteConfig, 'address'>): string {
  return addressLines(config).join(', ');
}

export function mapLink(config: Pick<SiteConfig, 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(config))}`;
}
