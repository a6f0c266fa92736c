import { describe, expect, it } from 'vitest';
import raw from '../../content/site.json' with { type: 'json' };
import { addressLines, formatAddress, mapLink, parseSiteConfig } from '../../src/lib/site-config.ts';

describe('site config', () => {
  it('accepts the committed content/site.json', () => {
    const config = parseSiteConfig(raw);
    expect(config.name).toBe('SIPA');
    expect(config.foundedYear).toBe(2025);
    expect(config.taxStatus).toBe('501(c)(3)');
    expect(config.address.city).toBe('Grapevine');
  });

  it('drops a trailing slash from the site URL', () => {
    expect(parseSiteConfig({ ...raw, url: 'https://example.org/' }).url).toBe('https://example.org');
  });

  it('names every bad field in one error', () => {
    const bad = { ...raw, ein: '123', mailboxes: { ...raw.mailboxes, staff: 'not-an-email' }, extra: true };
    expect(() => parseSiteConfig(bad)).toThrow(/ein: EIN must look like 12-3456789/);
    expect(() => parseSiteConfig(bad)).toThrow(/mailboxes\.staff/);
    expect(() => parseSiteConfig(bad)).toThrow(/content\/site\.json is invalid/);
  });

  it('rejects a malformed analytics id and accepts an empty one', () => {
    expect(() => parseSiteConfig({ ...raw, analytics: { measurementId: 'UA-1' } })).toThrow(/analytics\.measurementId/);
    expect(parseSiteConfig({ ...raw, analytics: { measurementId: '' } }).analytics.measurementId).toBe('');
    expect(parseSiteConfig({ ...raw, analytics: { measurementId: 'G-ABC123XYZ' } }).analytics.measurementId).toBe('G-ABC123XYZ');
  });

  it('takes an IANA time zone and refuses a name that is none', () => {
    expect(parseSiteConfig(raw).timeZone).toBe('America/Chicago');
    const { timeZone: _left, ...withoutZone } = raw as typeof raw & { timeZone?: string };
    expect(parseSiteConfig(withoutZone).timeZone).toBeUndefined();
    expect(parseSiteConfig({ ...raw, timeZone: 'America/Denver' }).timeZone).toBe('America/Denver');
    expect(() => parseSiteConfig({ ...raw, timeZone: 'Central' })).toThrow(/timeZone: an IANA time zone such as America\/Chicago/);
  });

  it('rejects social links that are not https', () => {
    const social = [{ network: 'facebook', label: 'Facebook', url: 'javascript:alert(1)' }];
    expect(() => parseSiteConfig({ ...raw, social })).toThrow(/social\.0\.url/);
  });

  it('formats the address and a map link from it', () => {
    const config = parseSiteConfig(raw);
    expect(formatAddress(config)).toBe('100 Example Street, Suite 200, Grapevine, TX 76051');
    expect(mapLink(config)).toBe(
      'https://www.google.com/maps/search/?api=1&query=100%20Example%20Street%2C%20Suite%20200%2C%20Grapevine%2C%20TX%2076051',
    );
  });

  it('splits the address into the lines of an envelope', () => {
    expect(addressLines(parseSiteConfig(raw))).toEqual(['100 Example Street, Suite 200', 'Grapevine, TX 76051']);
  });
});
