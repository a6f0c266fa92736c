import { describe, expect, it } from 'vitest';
import { emptyProgramsMessage, filterPrograms, programCategories } from '../../src/lib/program-filter.ts';

const programs = [
  { title: 'Early Learning & Parent Engagement', description: 'Play groups for children ages 0-5.', category: 'Early Learning' },
  { title: 'Financial Empowerment Pathway', description: 'Banking, budgeting and credit coaching.', category: 'Financial Security' },
  { title: 'Expanding Career Pathways', description: 'Job readiness and credential support.', category: 'Developing skills' },
  { title: 'Future Ready Youth Program', description: 'Mentoring and financial literacy for youth.', category: 'Youth Development' },
];
const titles = (list: { title: string }[]) => list.map((program) => program.title);

describe('filterPrograms', () => {
  it('returns everything with no search and no category', () => {
    expect(filterPrograms(programs, {})).toHaveLength(4);
    expect(filterPrograms(programs, { search: '   ', category: 'all' })).toHaveLength(4);
  });

  it('matches a case-insensitive substring of the title', () => {
    expect(titles(filterPrograms(programs, { search: 'CAREER' }))).toEqual(['Expanding Career Pathways']);
    expect(titles(filterPrograms(programs, { search: 'pathway' }))).toEqual([
      'Financial Empowerment Pathway',
      'Expanding Career Pathways',
    ]);
  });

  it('matches a case-insensitive substring of the description', () => {
    expect(titles(filterPrograms(programs, { search: 'BUDGETING' }))).toEqual(['Financial Empowerment Pathway']);
  });

  it('does not search the category', () => {
    expect(filterPrograms(programs, { search: 'Financial Security' })).toEqual([]);
  });

  it('matches the category by case-insensitive equality, not substring', () => {
    expect(titles(filterPrograms(programs, { category: 'developing SKILLS' }))).toEqual(['Expanding Career Pathways']);
    expect(filterPrograms(programs, { category: 'Developing' })).toEqual([]);
  });

  it('combines search and category with AND', () => {
    expect(titles(filterPrograms(programs, { search: 'financial', category: 'Youth Development' }))).toEqual([
      'Future Ready Youth Program',
    ]);
    expect(filterPrograms(programs, { search: 'budgeting', category: 'Youth Development' })).toEqual([]);
  });
});

describe('emptyProgramsMessage', () => {
  it('says nothing while there are results', () => {
    expect(emptyProgramsMessage('x', 2)).toBeNull();
  });
  it('uses the empty-list message with no search term', () => {
    expect(emptyProgramsMessage('  ', 0)).toEqual({ text: 'No programs to display.', offerClear: false });
  });
  it('names the search term and offers to clear it', () => {
    expect(emptyProgramsMessage(' zebra ', 0)).toEqual({ text: 'No programs found matching "zebra"', offerClear: true });
  });
});

describe('programCategories', () => {
  it('lists distinct categories case-insensitively in order', () => {
    expect(programCategories([...programs, { title: 'x', description: 'y', category: 'early learning' }])).toEqual([
      'Early Learning',
      'Financial Security',
      'Developing skills',
      'Youth Development',
    ]);
  });
});
