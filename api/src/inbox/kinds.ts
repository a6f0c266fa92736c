/**
 * What the inbox knows about each kind of submission: its table, the text its search looks in,
 * the fields shown and exported in the order the form asks for them, and the list filters.
 */
import { AVAILABILITY_SLOTS, PARTNERSHIP_INTERESTS, VOLUNTEER_INTERESTS } from '../../../src/lib/constants.ts';
import type { InboxKind } from '../../../src/lib/inbox.ts';

export const INBOX_TABLES = {
  contact: 'contact_messages',
  volunteer: 'volunteer_applications',
  partnership: 'partnership_inquiries',
} as const satisfies Record<InboxKind, string>;

/** Columns searched, per kind (name, email, subject or company, message). */
export const SEARCHED: Readonly<Record<InboxKind, readonly string[]>> = {
  contact: ['name', 'email', 'subject', 'message'],
  volunteer: ['first_name', 'last_name', 'email', 'skills', 'message'],
  partnership: ['company_name', 'contact_name', 'email', 'message'],
};

/**
 * One lower-cased text of the searched columns. The PostgreSQL trigram index is built on exactly
 * this expression, so the query must use it verbatim. Column names are constants, never input.
 */
export function searchExpression(kind: InboxKind, prefix = ''): string {
  return `lower(${SEARCHED[kind].map((column) => `coalesce(${prefix}${column}, '')`).join(` || ' ' || `)})`;
}

/** SQLite's FTS5 (trigram) table of the same text, rowid for rowid with the submissions table. */
export const sqliteSearchTable = (kind: InboxKind) => `${INBOX_TABLES[kind]}_search`;

/** The trigram index answers searches of at least this many characters; shorter ones scan. */
export const TRIGRAM_MIN = 3;

/** Submitted fields, in form order: [column, label, list?]. */
export const FIELDS: Readonly<Record<InboxKind, ReadonlyArray<readonly [string, string, boolean?]>>> = {
  contact: [
    ['name', 'Name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['subject', 'Subject'],
    ['message', 'Message'],
  ],
  volunteer: [
    ['first_name', 'First name'],
    ['last_name', 'Last name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['interests', 'Interests', true],
    ['availability', 'Availability', true],
    ['skills', 'Skills'],
    ['message', 'Message'],
  ],
  partnership: [
    ['company_name', 'Company'],
    ['contact_name', 'Contact name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['partnership_interest', 'Partnership interests', true],
    ['message', 'Message'],
  ],
};

/** The list-valued filters of each kind: query parameter -> [column, allowed values]. */
export const LIST_FILTERS: Readonly<Record<InboxKind, Readonly<Record<string, readonly [string, readonly string[]]>>>> = {
  contact: {},
  volunteer: { interest: ['interests', VOLUNTEER_INTERESTS], availability: ['availability', AVAILABILITY_SLOTS] },
  partnership: { interest: ['partnership_interest', PARTNERSHIP_INTERESTS] },
};

/** The name shown in a list row and in the reply's salutation. */
export function displayName(kind: InboxKind, row: Record<string, unknown>): string {
  if (kind === 'contact') return String(row.name ?? '');
  if (kind === 'volunteer') return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return String(row.contact_name ?? '');
}

/** The line under the name: the subject, the company, or the interests. */
export function summaryOf(kind: InboxKind, row: Record<string, unknown>): string {
  if (kind === 'contact') return String(row.subject ?? '');
  if (kind === 'partnership') return String(row.company_name ?? '');
  return parseList(row.interests).join(', ');
}

export function parseList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}
