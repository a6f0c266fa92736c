import { describe, expect, it } from 'vitest';
import { beneficiaryChecklist, plannedGivingGuide, sampleBequestLanguage } from '../../src/lib/planned-giving-documents.ts';

const facts = {
  name: 'SIPA',
  ein: '12-3456789',
  taxStatus: '501(c)(3)',
  address: { street: '1 Main St', city: 'Grapevine', region: 'TX', postalCode: '76051', country: 'US' },
  phone: '+1-817-555-0100',
  phoneDisplay: '(817) 555-0100',
  mailboxes: { info: 'info@example.org', careers: 'c@example.org', volunteer: 'v@example.org', partnerships: 'p@example.org', staff: 's@example.org', noreply: 'n@example.org' },
  url: 'https://example.org',
};

describe('planned giving documents', () => {
  it('write the legal name, EIN and address into every document', () => {
    for (const text of [plannedGivingGuide(facts, []), beneficiaryChecklist(facts), sampleBequestLanguage(facts)]) {
      expect(text).toContain('12-3456789');
      expect(text).toContain('SIPA');
      expect(text).toContain('Grapevine');
    }
  });

  it('list the ways to give in the guide, escaping HTML', () => {
    const html = plannedGivingGuide(facts, [{ title: 'Bequest <will>', description: 'Name us in your will & trust.', benefit: 'Costs nothing today.' }]);
    expect(html).toContain('<h2>Bequest &lt;will&gt;</h2>');
    expect(html).toContain('will &amp; trust');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });
});
