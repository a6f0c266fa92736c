/**
 * Over the source: the islands call the API one way (src/islands/api-call.ts), every island's
 * network failure says the one network text (or, on the public forms and the newsletter's send
 * button, the spec's own text for it), and the screens read the constants the spec names instead
 * of writing their numbers again.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const WRAPPER = 'src/islands/api-call.ts';

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|astro)$/.test(entry.name))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { file: relative(ROOT, path), text: readFileSync(path, 'utf8') };
    });
}

const ISLANDS = sources('src/islands');
const linesMatching = (pattern: RegExp, files = ISLANDS) =>
  files.flatMap(({ file, text }) => text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));

describe('one way the islands call the API', () => {
  test('only the wrapper sends a request of its own or reads an answer', () => {
    // The blog and events lists load their static search index, a file of the built site, not the API.
    const STATIC_INDEX_READERS = ['src/islands/BlogBrowser.tsx:', 'src/islands/EventsBrowser.tsx:'];
    const outside = linesMatching(/\bfetch\(|\.json\(\)|XMLHttpRequest|\bnew Response\b/).filter((line) => !line.startsWith(`${WRAPPER}:`) && !STATIC_INDEX_READERS.some((file) => line.startsWith(file)));
    expect(outside).toEqual([]);
  });

  test('no island writes an API path or a network text of its own', () => {
    expect(linesMatching(/['"`]\/api\//)).toEqual([]);
    // Comments may quote the spec's texts; code may not write them.
    const code = linesMatching(/NETWORK_PROBLEM|could not be reached|Something went wrong/i).filter((line) => !/^[^ ]+ (\*|\/\/)/.test(line));
    expect(code).toEqual([]);
  });

  test("every check for a network failure says the one text, or the spec's own text for that form", () => {
    const checks = linesMatching(/'network' in|\.network\b|status [!=]== 0\b/).filter((line) => !line.startsWith(`${WRAPPER}:`));
    expect(checks.length).toBeGreaterThan(0);
    // The spec's texts: the send button's network error, the contact form's, the volunteer and
    // partnership forms' ('unexpected'); the newsletter sign-up form only logs which failure it was.
    const said = /problemOf\(|SEND_TEXT\.network|t\.contactNetwork|t\.unexpected|console\.error\(/;
    expect(checks.filter((line) => !said.test(line))).toEqual([]);
  });
});

describe('the screens read the constants the spec names', () => {
  const files = [...ISLANDS, ...sources('src/components')];

  test('the newsletter textareas take their rows from NEWSLETTER_HTML_ROWS and NEWSLETTER_TEXT_ROWS', () => {
    expect(linesMatching(/rows=\{?["']?(15|10)\b/, files)).toEqual([]);
    const panel = readFileSync(join(ROOT, 'src/islands/admin/newsletter/NewsletterPanel.tsx'), 'utf8');
    expect(panel).toContain('rows={NEWSLETTER_HTML_ROWS}');
    expect(panel).toContain('rows={NEWSLETTER_TEXT_ROWS}');
  });

  test("the password's minimum length and the fields' limits are read, not written again", () => {
    // PASSWORD_MIN_LENGTH (8) in the hint under the field and in Better Auth's own setting.
    expect(linesMatching(/At least 8 characters|minPasswordLength: \d/, [...files, ...sources('api/src')])).toEqual([]);
    // Search fields (SEARCH_MAX), the newsletter's subject (BROADCAST_LIMITS.subject): the limits the API checks.
    expect(linesMatching(/maxLength=\{\d/, files)).toEqual([]);
  });
});
