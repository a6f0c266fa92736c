/** Sending a form's values to its endpoint, and the outcome in the terms the forms' messages use. */
import type { JsonEndpoint } from '../../lib/api-client.ts';

export type SendResult =
  | { kind: 'ok'; message?: string }
  | { kind: 'failed'; status: number; message?: string; issues: Record<string, string> }
  | { kind: 'network' };

/** POSTs JSON through the typed client; a non-OK answer and a network failure are told apart, as the spec's messages are. */
export async function sendJson<Body>(endpoint: JsonEndpoint<Body>, body: Body): Promise<SendResult> {
  let response: Awaited<ReturnType<JsonEndpoint<Body>['$post']>>;
  try {
    response = await endpoint.$post({ json: body }, { headers: { Accept: 'application/json' } });
  } catch {
    return { kind: 'network' };
  }
  let payload: { message?: unknown; issues?: unknown } = {};
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    payload = {};
  }
  const message = typeof payload.message === 'string' && payload.message.trim() ? payload.message : undefined;
  if (response.ok) return { kind: 'ok', message };
  const issues: Record<string, string> = {};
  if (Array.isArray(payload.issues)) {
    for (const issue of payload.issues as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof issue?.path === 'string' && typeof issue.message === 'string' && !(issue.path in issues))
        issues[issue.path] = issue.message;
    }
  }
  return { kind: 'failed', status: response.status, message, issues };
}
