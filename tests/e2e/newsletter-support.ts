/** What the newsletter browser tests share: writing to the e2e server's database and reading the SMTP peer's mail. */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { unique } from './forms-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

/** Writes to the e2e server's database, as the server would; the number of rows changed. */
export function write(query: string, ...params: string[]): number {
  const db = new DatabaseSync(join(dataDir, 'sipa.sqlite'), { timeout: 5000 });
  try {
    return Number(db.prepare(query).run(...params).changes);
  } finally {
    db.close();
  }
}

/** Confirmed subscribers who signed up in one language. */
export function addConfirmed(n: number, lang: string, prefix = `reader-${lang}`): string[] {
  const now = new Date().toISOString();
  const start = unique(prefix).toLowerCase();
  const emails = Array.from({ length: n }, (_, i) => `${start}-${i}@example.org`);
  for (const email of emails) {
    write("insert into subscribers (id, email, status, source, created_at, updated_at, confirmed_at, unsubscribed_at, lang) values (?, ?, 'confirmed', null, ?, ?, ?, null, ?)", randomUUID(), email, now, now, now, lang);
  }
  return emails;
}

/** The mail the SMTP peer received for an address with this subject. */
export function mailsOf(address: string, subject: string): string[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => raw.startsWith(`X-Envelope-To: ${address}\r\n`) && raw.includes(`\r\nSubject: ${subject}\r\n`));
}

/** A quoted-printable part's text (the SMTP peer keeps mail as it arrived). */
export const quotedPrintable = (part: string) =>
  Buffer.from(part.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');
