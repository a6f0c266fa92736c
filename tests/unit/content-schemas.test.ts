import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, homeSchema, programSchema, validateEntry, volunteerOpportunitySchema } from '../../src/lib/content-schemas.ts';

const root = join(import.meta.dirname, '..', '..');
/** The collections whose entries are JSON files (the MDX ones are checked by the build and translations.test.ts). */
const jsonCollections = Object.values(COLLECTIONS).filter((collection) => collection.files === 'json');

describe('the collections', () => {
  it('are the site content folders, each named once', () => {
    expect(Object.fromEntries(Object.entries(COLLECTIONS).map(([name, { folder, files }]) => [name, `content/${folder}/*.${files}`]))).toEqual({
      events: 'content/events/*.json',
      blog: 'content/blog/*.mdx',
      faq: 'content/faq/*.json',
      programs: 'content/programs/*.mdx',
      staff: 'content/staff/*.json',
      values: 'content/values/*.json',
      testimonials: 'content/testimonials/*.json',
      home: 'content/home/*.json',
      volunteerOpportunities: 'content/volunteer-opportunities/*.json',
      plannedGiving: 'content/planned-giving/*.json',
      careers: 'content/careers/*.json',
      gallery: 'content/gallery/*.json',
      guides: 'content/guides/*.mdx',
      legal: 'content/legal/*.mdx',
    });
  });
});

describe('the committed JSON content matches its schemas', () => {
  for (const { folder, schema } of jsonCollections) {
    it(`content/${folder}`, () => {
      const files = readdirSync(join(root, 'content', folder)).filter((file) => file.endsWith('.json'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const path = `content/${folder}/${file}`;
        expect(() => validateEntry(schema, JSON.parse(readFileSync(join(root, path), 'utf8')), path)).not.toThrow();
      }
    });
  }

  it('has four staff members, four core values and an image file for every artwork path', () => {
    const entries = (folder: string) => readdirSync(join(root, folder)).filter((file) => file.endsWith('.json'));
    expect(entries('content/staff')).toHaveLength(4);
    expect(entries('content/values')).toHaveLength(4);
    const home = homeSchema.parse(JSON.parse(readFileSync(join(root, 'content/home/home.json'), 'utf8')));
    const art = new Set(readdirSync(join(root, 'public/art')).map((file) => `/art/${file}`));
    for (const path of [...home.slides.map((slide) => slide.image), ...home.pillars.map((pillar) => pillar.image)]) expect(art).toContain(path);
  });
});

const program = {
  programId: 'example',
  title: 'Example Program',
  navTitle: 'Example',
  category: 'Early Learning',
  description: 'A description long enough to pass the schema rules.',
  startDate: '2025-01-10',
  image: '/art/program-early-learning.svg',
  imageAlt: 'An illustration',
  detailPath: '/programs/example',
  coordinators: ['Grace Mensah'],
  impactMetrics: { peopleServed: 150, communitiesReached: 6, partnerOrganizations: 5 },
  contactInfo: { email: 'team@example.org' },
  order: 1,
  lead: 'A lead for the hero of the page.',
  facts: [
    { label: 'Ages', value: '0-5' },
    { label: 'Cost', value: 'Free' },
  ],
  components: [
    { title: 'One', description: 'The first component of it.' },
    { title: 'Two', description: 'The second component of it.' },
    { title: 'Three', description: 'The third component of it.' },
  ],
  impact: { intro: 'What changed for families.', stats: [{ value: '1', label: 'one thing' }, { value: '2', label: 'two things' }] },
  partners: [
    { name: 'Library', role: 'Story time' },
    { name: 'Clinic', role: 'Screenings' },
  ],
  getInvolved: 'Volunteer, give or partner.',
  related: ['other'],
};

describe('schema errors name the file and the field', () => {
  it('accepts a complete program, with location and status optional', () => {
    expect(() => validateEntry(programSchema, program, 'content/programs/example.mdx')).not.toThrow();
  });

  it('names the entry and the nested field that is wrong', () => {
    const broken = { ...program, impactMetrics: { ...program.impactMetrics, peopleServed: 'many' } };
    expect(() => validateEntry(programSchema, broken, 'content/programs/example.mdx')).toThrow(
      /^content\/programs\/example\.mdx: impactMetrics\.peopleServed: /,
    );
  });

  it('rejects a start date that is not YYYY-MM-DD and an image outside public/', () => {
    const broken = { ...program, startDate: 'January 2025', image: 'art/x.svg' };
    let message = '';
    try {
      validateEntry(programSchema, broken, 'content/programs/example.mdx');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('content/programs/example.mdx: startDate: use a YYYY-MM-DD date');
    expect(message).toContain('content/programs/example.mdx: image: use a path under public/');
  });

  it('insists on exactly four carousel slides and three pillars', () => {
    const home = JSON.parse(readFileSync(join(root, 'content/home/home.json'), 'utf8'));
    expect(() => validateEntry(homeSchema, { ...home, slides: home.slides.slice(0, 3) }, 'content/home/home.json')).toThrow(
      'content/home/home.json: slides: the carousel shows exactly 4 slides',
    );
    expect(() => validateEntry(homeSchema, { ...home, pillars: home.pillars.slice(0, 2) }, 'content/home/home.json')).toThrow(
      'content/home/home.json: pillars: the home page shows exactly three pillars',
    );
  });

  it('takes each home figure either as written or from the programs, never both or neither', () => {
    const home = JSON.parse(readFileSync(join(root, 'content/home/home.json'), 'utf8'));
    const [first, ...rest] = home.impactGoals;
    const goal = { label: 'people served', description: 'Across all of our programs.' };
    expect(homeSchema.safeParse({ ...home, impactGoals: [{ ...goal, metric: 'peopleServed' }, ...rest] }).success).toBe(true);
    expect(homeSchema.safeParse({ ...home, impactGoals: [{ ...goal, value: '2,700' }, ...rest] }).success).toBe(true);
    expect(() => validateEntry(homeSchema, { ...home, impactGoals: [{ ...goal, value: '2,700', metric: 'peopleServed' }, ...rest] }, 'content/home/home.json')).toThrow(
      'content/home/home.json: impactGoals.0: give either value or metric, not both',
    );
    expect(() => validateEntry(homeSchema, { ...home, impactGoals: [goal, ...rest] }, 'content/home/home.json')).toThrow('impactGoals.0: give either value or metric');
    expect(() => validateEntry(homeSchema, { ...home, impactGoals: [{ ...goal, metric: 'donors' }, ...rest] }, 'content/home/home.json')).toThrow('impactGoals.0.metric');
    expect(first.metric).toBe('peopleServed');
  });

  it('keeps volunteer opportunities to the spec interest values', () => {
    const entry = { title: 'Tutor', description: 'Help children with their homework.', commitment: 'Weekly', interest: 'tutoring', order: 1 };
    expect(() => validateEntry(volunteerOpportunitySchema, entry, 'content/volunteer-opportunities/tutor.json')).toThrow(
      /content\/volunteer-opportunities\/tutor\.json: interest:/,
    );
  });
});
