import { describe, expect, it } from 'vitest';
import { shareLinks } from '../../src/lib/share.ts';

describe('shareLinks', () => {
  it('links to each network’s share page with the page address and title encoded', () => {
    expect(shareLinks('https://sipa.example/events/gala', 'Spring Hope Gala & Dinner')).toEqual([
      { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsipa.example%2Fevents%2Fgala' },
      {
        network: 'twitter',
        label: 'Twitter',
        href: 'https://twitter.com/intent/tweet?url=https%3A%2F%2Fsipa.example%2Fevents%2Fgala&text=Spring%20Hope%20Gala%20%26%20Dinner',
      },
      { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsipa.example%2Fevents%2Fgala' },
      {
        network: 'email',
        label: 'Email',
        href: 'mailto:?subject=Spring%20Hope%20Gala%20%26%20Dinner&body=Spring%20Hope%20Gala%20%26%20Dinner%0A%0Ahttps%3A%2F%2Fsipa.example%2Fevents%2Fgala',
      },
    ]);
  });
});
