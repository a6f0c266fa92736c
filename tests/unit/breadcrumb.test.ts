import { describe, expect, it } from 'vitest';
import { buildBreadcrumb, segmentLabel } from '../../src/lib/breadcrumb.ts';

describe('segmentLabel', () => {
  it.each([
    ['about', 'About Us'],
    ['programs', 'Programs'],
    ['early-learning', 'Early Learning'],
    ['adult-development', 'Developing skills'],
    ['career-pathways', 'Career Pathways'],
    ['GetInvolved', 'Get Involved'],
    ['get-involved', 'Get Involved'],
    ['ContactUs', 'Contact Us'],
    ['contact', 'Contact Us'],
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms of Use'],
    ['donate', 'Donate'],
    ['events', 'Events'],
    ['accessibility', 'Accessibility'],
  ])('labels the known segment %s as %s', (segment, label) => {
    expect(segmentLabel(segment)).toBe(label);
  });

  it('capitalises an unknown segment', () => {
    expect(segmentLabel('planned-giving')).toBe('Planned-giving');
    expect(segmentLabel('faq')).toBe('Faq');
  });

  it('decodes escapes and survives malformed ones', () => {
    expect(segmentLabel('caf%C3%A9')).toBe('Café');
    expect(segmentLabel('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('buildBreadcrumb', () => {
  it('starts at Home and leaves the last crumb unlinked', () => {
    expect(buildBreadcrumb('/programs/early-learning')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Programs', href: '/programs' },
      { label: 'Early Learning' },
    ]);
  });

  it('ignores a trailing slash and empty segments', () => {
    expect(buildBreadcrumb('/about/')).toEqual([{ label: 'Home', href: '/' }, { label: 'About Us' }]);
    expect(buildBreadcrumb('//resources//credit-guide')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Resources', href: '/resources' },
      { label: 'Credit-guide' },
    ]);
  });

  it('lets a page name its own last crumb', () => {
    expect(buildBreadcrumb('/blog/volunteer-spotlight', 'Volunteer Spotlight').at(-1)).toEqual({
      label: 'Volunteer Spotlight',
    });
  });

  it('is a single unlinked Home crumb at the root', () => {
    expect(buildBreadcrumb('/')).toEqual([{ label: 'Home' }]);
  });

  it('skips the category segment, which is no page of its own', () => {
    expect(buildBreadcrumb('/blog/category/volunteer', 'Volunteer')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Blog', href: '/blog' },
      { label: 'Volunteer' },
    ]);
    expect(buildBreadcrumb('/programs/category/early-learning', 'Early Learning').map((crumb) => crumb.href)).toEqual(['/', '/programs', undefined]);
    expect(buildBreadcrumb('/blog/tag/youth', 'posts about youth').map((crumb) => crumb.href)).toEqual(['/', '/blog', undefined]);
  });
});
