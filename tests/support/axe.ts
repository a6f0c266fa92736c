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
 * axe's WCAG A/AA violations on the page as it stands, one line each (rule, impact, first targets).
 * axe details only the violations (`resultTypes`): every rule still runs over every element, but
 * the passes are not written out node by node, which saves time on long pages.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`,
  );
}
