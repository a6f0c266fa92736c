import type { SiteConfig } from './site-config.ts';
import { formatAddress } from './site-config.ts';
// The site's own palette (custom properties), so the printed documents match the pages.
import tokensCss from '../styles/tokens.css?raw';

/**
 * The three planned-giving downloads, written from the organisation's facts (legal name, EIN,
 * address) so a change in content/site.json reaches the documents too. Served as static files
 * under /downloads/ by small endpoints in src/pages/downloads/.
 */
type Facts = Pick<SiteConfig, 'name' | 'ein' | 'taxStatus' | 'address' | 'phone' | 'phoneDisplay' | 'mailboxes' | 'url'>;

export interface GivingWay {
  title: string;
  description: string;
  benefit: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlDocument(title: string, body: string, facts: Facts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(facts.name)}</title>
<style>
${tokensCss}
  body { font-family: Georgia, 'Times New Roman', serif; color: var(--sipa-ink-900); background: var(--sipa-white); max-width: 44rem; margin: 2rem auto; padding: 0 1.25rem; line-height: 1.6; }
  h1, h2 { font-family: system-ui, sans-serif; color: var(--sipa-green-900); line-height: 1.25; }
  h1 { border-bottom: 4px solid var(--sipa-clay-600); padding-bottom: .5rem; }
  .facts { background: var(--sipa-sand-100); border-radius: .5rem; padding: 1rem 1.25rem; }
  li { margin-bottom: .4rem; }
  .box { display: inline-block; width: .9rem; height: .9rem; border: 1.5px solid var(--sipa-ink-900); margin-right: .5rem; vertical-align: -2px; }
  footer { margin-top: 2.5rem; font-size: .9rem; color: var(--sipa-ink-700); border-top: 1px solid var(--sipa-sand-300); padding-top: 1rem; }
  @media print { body { margin: 0; } a { color: inherit; } }
</style>
</head>
<body>
${body}
<footer>
  <p>${escapeHtml(facts.name)} &middot; ${escapeHtml(formatAddress(facts))} &middot; ${escapeHtml(facts.phoneDisplay)} &middot; ${escapeHtml(facts.mailboxes.info)}</p>
  <p>${escapeHtml(facts.name)} is a ${escapeHtml(facts.taxStatus)} nonprofit organization, EIN ${escapeHtml(facts.ein)}. This document is general information, not legal or tax advice. Please consult your attorney or financial advisor.</p>
</footer>
</body>
</html>
`;
}

function legalDetails(facts: Facts): string {
  return `<div class="facts">
  <p><strong>Legal name:</strong> ${escapeHtml(facts.name)}<br>
  <strong>Tax status:</strong> ${escapeHtml(facts.taxStatus)} nonprofit organization<br>
  <strong>Federal tax ID (EIN):</strong> ${escapeHtml(facts.ein)}<br>
  <strong>Address:</strong> ${escapeHtml(formatAddress(facts))}</p>
</div>`;
}

export function plannedGivingGuide(facts: Facts, ways: readonly GivingWay[]): string {
  const items = ways
    .map((way) => `<h2>${escapeHtml(way.title)}</h2>\n<p>${escapeHtml(way.description)}</p>\n<p><em>Why it helps:</em> ${escapeHtml(way.benefit)}</p>`)
    .join('\n');
  return htmlDocument(
    'Planned Giving Guide',
    `<h1>Planned Giving Guide</h1>
<p>A planned gift lets you support families who arrive in North Texas long after today, often without changing your income now. This guide explains the five ways to leave a legacy with ${escapeHtml(facts.name)} and the questions to bring to your advisor.</p>
${items}
<h2>Questions to ask your advisor</h2>
<ul>
  <li>Which of my assets would be taxed most heavily if left to my heirs?</li>
  <li>Would a gift of appreciated stock or property save more tax than a gift of cash?</li>
  <li>Do my retirement account and life insurance beneficiary forms reflect my wishes?</li>
  <li>Would income for life from a charitable gift annuity fit my retirement plan?</li>
</ul>
<h2>Details for your advisor</h2>
${legalDetails(facts)}
<p>If you have included ${escapeHtml(facts.name)} in your plans, please tell us so we can thank you and welcome you to our legacy society. Call ${escapeHtml(facts.phoneDisplay)} or email ${escapeHtml(facts.mailboxes.info)}.</p>`,
    facts,
  );
}

export function beneficiaryChecklist(facts: Facts): string {
  const steps = [
    'Find the beneficiary designation form for each account: IRA, 401(k), 403(b), life insurance policy, or bank and brokerage accounts that allow a transfer-on-death beneficiary.',
    'Decide whether to name us as a primary beneficiary, a contingent (backup) beneficiary, or for a percentage of the account.',
    `Write our legal name exactly: "${facts.name}", and our federal tax ID (EIN): ${facts.ein}.`,
    `Give our address: ${formatAddress(facts)}.`,
    'Check that the percentages for all beneficiaries add up to 100%.',
    'Sign and return the form to your plan administrator or insurer, and keep a copy with your estate documents.',
    'Confirm with the administrator that the change has been recorded.',
    `Let us know, if you wish, at ${facts.mailboxes.info} or ${facts.phoneDisplay}, so we can thank you and honour any wishes for your gift.`,
  ];
  return htmlDocument(
    'Beneficiary Designation Checklist',
    `<h1>Beneficiary Designation Checklist</h1>
<p>Naming ${escapeHtml(facts.name)} as a beneficiary of a retirement account or life insurance policy is one of the simplest ways to leave a legacy. It does not require a new will, and you can change it at any time.</p>
<ol>
${steps.map((step) => `  <li><span class="box" aria-hidden="true"></span>${escapeHtml(step)}</li>`).join('\n')}
</ol>
<h2>Details to copy onto your form</h2>
${legalDetails(facts)}`,
    facts,
  );
}

export function sampleBequestLanguage(facts: Facts): string {
  const address = formatAddress(facts);
  const id = `${facts.name}, a ${facts.taxStatus} nonprofit organization located at ${address}, federal tax identification number ${facts.ein}`;
  return `SAMPLE BEQUEST LANGUAGE
${facts.name}
========================================

Please share this wording with your attorney. It is a starting point, not legal advice.

LEGAL DETAILS
Legal name: ${facts.name}
Tax status: ${facts.taxStatus} nonprofit organization
Federal tax ID (EIN): ${facts.ein}
Address: ${address}

1. SPECIFIC BEQUEST (a set amount or a specific asset)
"I give to ${id}, the sum of $______ [or: the following property: ______], to be used for its general charitable purposes."

2. PERCENTAGE BEQUEST
"I give to ${id}, ______ percent (___%) of my estate, to be used for its general charitable purposes."

3. RESIDUARY BEQUEST (what remains after other gifts and expenses)
"I give to ${id}, all [or: ______ percent] of the rest, residue and remainder of my estate, to be used for its general charitable purposes."

4. CONTINGENT BEQUEST (if another beneficiary does not survive you)
"If [name] does not survive me, I give to ${id}, the property that would otherwise have passed to [name]."

DIRECTING YOUR GIFT
Unrestricted gifts let us meet families' greatest needs as they change. If you wish to support a particular program, for example early learning or youth programs, please talk with us first so we can make sure your wishes can be honoured for years to come.

LET US KNOW
If you include ${facts.name} in your will or trust, we would be grateful to hear from you:
Phone: ${facts.phoneDisplay}
Email: ${facts.mailboxes.info}
Website: ${facts.url}
`;
}
