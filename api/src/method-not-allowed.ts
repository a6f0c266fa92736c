import type { Context } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';

/** The JSON 405 of an API path asked with a method it does not answer. */
export const methodNotAllowed = (allow: string) => (c: Context) => c.json({ message: MESSAGES.notAllowedMethod }, 405, { Allow: allow });
