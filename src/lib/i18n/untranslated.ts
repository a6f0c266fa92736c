/**
 * Content files knowingly left untranslated, per language: `<folder>/<file>` under content/, e.g.
 * 'blog/volunteer-spotlight.mdx'. Until its translation lands such a page shows the English text
 * with a notice; tests/unit/translations.test.ts fails for any other missing translation.
 */
import type { Lang } from './languages.ts';

export const UNTRANSLATED: Partial<Record<Lang, readonly string[]>> = {};
