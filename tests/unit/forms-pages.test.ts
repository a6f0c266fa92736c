import { describe, expect, test } from 'vitest';
import { mapEmbedUrl } from '../../src/lib/map.ts';
import { isNoindexPath } from '../../src/lib/routes.ts';
import { formatAddress } from '../../src/lib/site-config.ts';
import { site } from '../../src/lib/site.ts';
import { AVAILABILITY_LABELS, AVAILABILITY_SLOTS, VOLUNTEER_INTEREST_LABELS, VOLUNTEER_INTERESTS } from '../../src/lib/constants.ts';

describe('contact map', () => {
  test('embeds the office address from the site config on www.google.com (allowed by the CSP)', () => {
    const url = new URL(mapEmbedUrl(site));
    expect(url.origin).toBe('https://www.google.com');
    expect(url.searchParams.get('q')).toBe(formatAddress(site));
    expect(url.searchParams.get('output')).toBe('embed');
  });
});

describe('form result pages', () => {
  test.each(['/newsletter/thanks', '/contact/thanks', '/get-involved/thanks', '/corporate/thanks', '/form-error', '/newsletter/confirm', '/newsletter/unsubscribe'])(
    '%s is kept out of search engines and the sitemap',
    (path) => expect(isNoindexPath(path)).toBe(true),
  );
  test.each(['/contact', '/newsletter', '/get-involved', '/corporate'])('%s is indexed', (path) => expect(isNoindexPath(path)).toBe(false));
});

describe('checkbox labels', () => {
  test('every volunteer interest and availability slot has a human label', () => {
    expect(Object.keys(VOLUNTEER_INTEREST_LABELS)).toEqual([...VOLUNTEER_INTERESTS]);
    expect(Object.keys(AVAILABILITY_LABELS)).toEqual([...AVAILABILITY_SLOTS]);
    for (const label of [...Object.values(VOLUNTEER_INTEREST_LABELS), ...Object.values(AVAILABILITY_LABELS)]) {
      expect(label).toMatch(/^[A-Z][a-z-]+( [a-z-]+)*$/);
    }
  });
});
