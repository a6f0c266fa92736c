import { formatAddress, type SiteConfig } from './site-config.ts';

/** The Google Maps embed for the office, inserted only when a visitor asks for the map. */
export function mapEmbedUrl(config: Pick<SiteConfig, 'address'>): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(formatAddress(config))}&output=embed`;
}
