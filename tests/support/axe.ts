import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe walks the whole page: on a busy machine (two suites at once on two cores) one check can
 * take far longer than the suite's 30 s budget for click tests. Tests that run axe get this one.
 */
export const AXE_TIMEOUT_MS = 120_000;

/** The WCAG 2.x A and AA rules, through 2.2. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe's WCAG A/AA violations on the page as it stands (or within `include`, a CSS selector), one
 * line each: rule, impact, what it asks, the first targets and why the first one fails. axe details
 * only the violations (`resultTypes`): every rule still runs over every element, but the passes are
 * not written out node by node, which saves time on long pages.
 *
 * Legacy mode runs axe inside the page. The default mode opens a blank page for every check to
 * merge the results of cross-origin frames, which tripled the time of each check (about 1.8 s
 * against 0.6 s here) and made the axe checks most of `npm test`. No page these tests check holds
 * a frame while axe runs (the newsletter preview's sandboxed frame appears only on request), so
 * legacy mode's one limit (no look into cross-origin frames) leaves nothing out.
 */
export async function wcagViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}; ${v.nodes[0]?.failureSummary ?? ''}`,
  );
}
