/**
 * Keyset paging, newest first, for every staff list: a page ends with an opaque cursor naming
 * its last row (created_at, id), and the next page starts strictly after it. The database walks
 * the (created_at, id) index from there, so page 4,000 costs what page 1 costs.
 */
import { sql, type Expression, type SqlBool } from 'kysely';

export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

/** The cursor, or null when it is not one this API wrote. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== 'string' || typeof id !== 'string' || createdAt.length > 40 || id.length > 40) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** Rows strictly older than the cursor in (created_at desc, id desc) order. */
export function afterCursor(cursor: Cursor): Expression<SqlBool> {
  return sql<SqlBool>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`;
}

/** `column LIKE '%text%'` with the text's own % and _ taken literally. */
export function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`${sql.raw(column)} like ${pattern} escape '\\'`;
}
