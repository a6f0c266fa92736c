import { MESSAGES, noProgramsMatching } from './messages.ts';

/**
 * The programs list's search and category filter (spec section 5): search is a case-insensitive
 * substring of the title or the description; the category is case-insensitive equality; the two
 * combine with AND. An empty search or an empty / 'all' category matches everything.
 */
export interface FilterableProgram {
  title: string;
  description: string;
  category: string;
}

export const ALL_CATEGORIES = 'all';

export function matchesSearch(program: FilterableProgram, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return program.title.toLowerCase().includes(term) || program.description.toLowerCase().includes(term);
}

export function matchesCategory(program: FilterableProgram, category: string): boolean {
  const wanted = category.trim().toLowerCase();
  if (!wanted || wanted === ALL_CATEGORIES) return true;
  return program.category.trim().toLowerCase() === wanted;
}

export function filterPrograms<T extends FilterableProgram>(
  programs: readonly T[],
  filter: { search?: string; category?: string },
): T[] {
  const search = filter.search ?? '';
  const category = filter.category ?? '';
  return programs.filter((program) => matchesSearch(program, search) && matchesCategory(program, category));
}

/**
 * What the list says when nothing matches: with an empty search 'No programs to display.';
 * with a search term 'No programs found matching "{term}"' (the page adds a Clear search button).
 * Null while there are results.
 */
export function emptyProgramsMessage(search: string, resultCount: number): { text: string; offerClear: boolean } | null {
  if (resultCount > 0) return null;
  const term = search.trim();
  return term ? { text: noProgramsMatching(term), offerClear: true } : { text: MESSAGES.noPrograms, offerClear: false };
}

/** The distinct categories of a list, in first-seen order. */
export function programCategories(programs: readonly FilterableProgram[]): string[] {
  const seen = new Map<string, string>();
  for (const program of programs) {
    const key = program.category.toLowerCase();
    if (!seen.has(key)) seen.set(key, program.category);
  }
  return [...seen.values()];
}
