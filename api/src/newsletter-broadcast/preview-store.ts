/**
 * The campaign preview as a document of its own. Shown through `srcdoc`, the preview took the
 * staff page's Content-Security-Policy, which refuses inline styles and images from elsewhere, so
 * the template's colours and logo did not show. Instead the document is stored for a few minutes
 * under an unguessable id and served from its own address with its own policy (inline styles,
 * images; nothing that runs), framed by the staff page only. Stored in the database, not in
 * memory, so any instance can serve it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { PREVIEW_PATH_PREFIX } from '../../../src/lib/security-policy.ts';
import { site } from '../../../src/lib/site.ts';
import { LOGO_PATH } from './template.ts';

/** How long a preview's address answers. */
export const PREVIEW_MINUTES = 15;

/** Where the API serves a stored preview. */
export const previewPath = (id: string) => `${PREVIEW_PATH_PREFIX}${id}`;

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Stores `document` for `owner` (a staff user id); returns its id. Expired previews are removed on the way. */
export async function storePreview(db: Db, owner: string, document: string): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const now = new Date();
  const expired = new Date(now.getTime() - PREVIEW_MINUTES * 60_000).toISOString();
  // The logo as this server has it (the same file as on the public site), so it shows before SITE_URL is live.
  const framed = document.replaceAll(`src="${site.url}${LOGO_PATH}"`, `src="${LOGO_PATH}"`);
  await db.write(async (trx) => {
    await trx.deleteFrom('newsletter_previews').where('created_at', '<', expired).execute();
    await trx.insertInto('newsletter_previews').values({ id, owner, document: framed, created_at: now.toISOString() }).execute();
  });
  return id;
}

/** The owner's preview `id` while it is fresh, else null. */
export async function readPreview(db: Db, owner: string, id: string): Promise<string | null> {
  if (!ID_PATTERN.test(id)) return null;
  const since = new Date(Date.now() - PREVIEW_MINUTES * 60_000).toISOString();
  const row = await db.kysely
    .selectFrom('newsletter_previews')
    .select('document')
    .where('id', '=', id)
    .where('owner', '=', owner)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row?.document ?? null;
}
