/**
 * What a content file's mistake means, in words an editor can act on: what to write instead
 * ("write it in double quotes" rather than zod's "expected string, received object"). Given to
 * zod as the error map of a content check (src/lib/content-check.ts, src/lib/site-config.ts);
 * a schema's own message (such as "use a YYYY-MM-DD date") still wins.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields' };

/** What to write instead, for the mistakes the schemas leave without their own message. */
export function editorMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'this field is missing: every entry of this kind needs it';
      if (issue.expected === 'string' && issue.input instanceof Date) return 'write it in double quotes, e.g. "2026-08-27": without them it is read as a date, not as text';
      if (issue.expected === 'string') return 'write it as text, in double quotes';
      if (issue.expected === 'number') return 'write a number, without quotes';
      if (issue.expected === 'boolean') return 'write true or false, without quotes';
      return `write ${KINDS[issue.expected] ?? issue.expected} here`;
    }
    case 'invalid_value':
      return `choose one of: ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array' ? `give at least ${issue.minimum} items` : issue.origin === 'string' ? `write at least ${issue.minimum} characters` : `use ${issue.minimum} or more`;
    case 'too_big':
      return issue.origin === 'array' ? `give at most ${issue.maximum} items` : issue.origin === 'string' ? `write at most ${issue.maximum} characters` : `use ${issue.maximum} or less`;
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')}: not a field the site knows (check the spelling, or remove it)`;
    default:
      return undefined;
  }
}
