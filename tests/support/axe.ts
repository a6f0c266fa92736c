/**
 * axe walks the whole page: on a busy machine (two suites at once on two cores) one check can
 * take far longer than the suite's 30 s budget for click tests. Tests that run axe get this one.
 */
export const AXE_TIMEOUT_MS = 120_000;
