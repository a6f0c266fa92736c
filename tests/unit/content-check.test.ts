import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/lib/content-check.ts';
import { parseSiteConfig } from '../../src/lib/site-config.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'sipa-content-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a content file the build cannot use is named with its field and what to write instead', () => {
  it('finds nothing to change in the committed content', () => {
    expect(checkContent(join(root, 'content'))).toEqual([]);
  });

  it('says so in an editor’s words, in English and in a language folder', () => {
    const post = readFileSync(join(root, 'content', 'blog', 'volunteer-spotlight.mdx'), 'utf8');
    mkdirSync(join(dir, 'blog', 'fr'), { recursive: true });
    mkdirSync(join(dir, 'faq'), { recursive: true });
    writeFileSync(join(dir, 'blog', 'spotlight.mdx'), post.replace('date: "2026-08-27"', 'date: 2026-08-27').replace('id: 6', 'id: "6"'));
    writeFileSync(join(dir, 'blog', 'fr', 'spotlight.mdx'), post.replace('category: "Volunteer"', 'category: "Bénévoles"').replace(/^title: .*$/m, ''));
    writeFileSync(join(dir, 'faq', 'open.json'), JSON.stringify({ question: 'When?', answer: 'Daily', category: 'about', order: 1 }));
    expect(checkContent(dir)).toEqual([
      'content/blog/spotlight.mdx: id: write a number, without quotes',
      'content/blog/spotlight.mdx: date: write it in double quotes, e.g. "2026-08-27": without them it is read as a date, not as text',
      'content/blog/fr/spotlight.mdx: title: this field is missing: every entry of this kind needs it',
      'content/blog/fr/spotlight.mdx: category: choose one of: Community Support, Financial Empowerment, Cultural Celebration, Mental Health, Youth Programs, Volunteer, Community Events, Conference',
      'content/faq/open.json: category: choose one of: General, Donations, Programs, Volunteering',
    ]);
    // A file that is not JSON at all: where it breaks.
    writeFileSync(join(dir, 'faq', 'open.json'), '{ "question": "When?", ');
    expect(checkContent(dir).filter((line) => line.startsWith('content/faq/'))).toEqual(['content/faq/open.json: Expected double-quoted property name in JSON at position 23 (line 1 column 24)']);
  });

  it('an event’s translated questions keep the English ids and as many choices', () => {
    const summit = JSON.parse(readFileSync(join(root, 'content', 'events', 'youth-leadership-summit.json'), 'utf8'));
    const french = JSON.parse(readFileSync(join(root, 'content', 'events', 'fr', 'youth-leadership-summit.json'), 'utf8'));
    mkdirSync(join(dir, 'events', 'fr'), { recursive: true });
    writeFileSync(join(dir, 'events', 'summit.json'), JSON.stringify(summit));
    french.registrationQuestions[0].choices.pop();
    french.registrationQuestions[2].id = 'ecole';
    writeFileSync(join(dir, 'events', 'fr', 'summit.json'), JSON.stringify(french));
    expect(checkContent(dir).filter((line) => line.startsWith('content/events/'))).toEqual([
      'content/events/fr/summit.json: registrationQuestions.0.choices: give 3 choices, as the English file does, in the same order',
      'content/events/fr/summit.json: registrationQuestions.2.id: the English file (content/events/summit.json) has no question "ecole": use the id of the English question this one translates',
    ]);
  });

  it('content/site.json too', () => {
    const site = JSON.parse(readFileSync(join(root, 'content', 'site.json'), 'utf8'));
    expect(() => parseSiteConfig({ ...site, foundedYear: '2025' })).toThrow('  foundedYear: write a number, without quotes');
  });
});
