import { describe, expect, it } from 'vitest';
import { canonicalRedirect, isNoindexPath, normalisePath, routeAliases } from '../../src/lib/routes.ts';

describe('canonicalRedirect', () => {
  it.each([
    ['/About', '/about'],
    ['/Programs', '/programs'],
    ['/Donate', '/donate'],
    ['/Events', '/events'],
    ['/GetInvolved', '/get-involved'],
    ['/Blog', '/blog'],
    ['/privacy-policy', '/privacy'],
    ['/corporate-giving', '/corporate'],
    ['/NewsletterSignup', '/newsletter'],
  ])('sends the alias %s to %s', (from, to) => {
    expect(canonicalRedirect(from)).toBe(to);
    expect(canonicalRedirect(`${from}/`)).toBe(to);
  });

  it('drops a trailing slash and leaves canonical paths alone', () => {
    expect(canonicalRedirect('/about/')).toBe('/about');
    expect(canonicalRedirect('/about')).toBeNull();
    expect(canonicalRedirect('/')).toBeNull();
    expect(canonicalRedirect('/blog/volunteer-spotlight')).toBeNull();
  });

  it('redirects the aliases under /fr and /sw as it does the English ones', () => {
    for (const [from, to] of [
      ['/fr/About', '/fr/about'],
      ['/sw/Donate', '/sw/donate'],
      ['/fr/GetInvolved/', '/fr/get-involved'],
      ['/sw/ContactUs', '/sw/contact'],
      ['/fr/privacy-policy', '/fr/privacy'],
      ['/sw/NewsletterSignup', '/sw/newsletter'],
    ]) expect(canonicalRedirect(from!), from).toBe(to);
  });

  it('points every alias at a lowercase path', () => {
    for (const target of Object.values(routeAliases)) expect(target).toBe(target.toLowerCase());
  });
});

describe('paths', () => {
  it('normalises slashes', () => {
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('//a//b/')).toBe('/a/b');
  });

  it('knows which pages stay out of search engines', () => {
    expect(isNoindexPath('/admin/login')).toBe(true);
    expect(isNoindexPath('/thank-you/')).toBe(true);
    expect(isNoindexPath('/administrator')).toBe(false);
    expect(isNoindexPath('/about')).toBe(false);
  });
});
