/**
 * A small OAuth 2.0 provider on loopback for the social sign-in tests, standing in for Amazon,
 * Apple, Facebook and Google at <origin>/<provider>/{authorize,token,userinfo} (the server is
 * pointed at it with AUTH_OAUTH_BASE_URL). Its sign-in page asks which address to answer with and
 * whether the provider vouches for it; "Cancel" answers access_denied as a real provider does.
 * It checks what a real provider checks: the client id and secret, the redirect URI, a code used
 * once, and the PKCE verifier (S256) where a challenge was sent. Apple answers with a form post.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const OAUTH_CLIENTS: Record<string, { id: string; secret: string }> = {
  amazon: { id: 'amzn1.application-oa2-client.loopback', secret: 'amazon-loopback-secret' },
  apple: { id: 'org.example.sipa.loopback', secret: 'apple-loopback-secret' },
  facebook: { id: '100000000000001', secret: 'facebook-loopback-secret' },
  google: { id: 'loopback.apps.googleusercontent.com', secret: 'google-loopback-secret' },
};

interface Grant {
  provider: string;
  email: string;
  verified: boolean;
  redirectUri: string;
  challenge?: string;
  challengeMethod?: string;
}

export interface TokenRequestLog {
  provider: string;
  pkce: 'S256' | 'none';
  ok: boolean;
}

export interface OAuthProvider {
  origin: string;
  /** Every token request, in order (what the server sent). */
  tokenRequests: TokenRequestLog[];
  /** Every authorization request's query, in order. */
  authorizeRequests: Array<Record<string, string>>;
  /** Makes the next answers go wrong as a broken provider's do: no access token, or an id token without a subject. */
  misbehave: 'no-token' | 'bad-id-token' | null;
  close(): Promise<void>;
}

const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Loopback provider</title></head><body>${body}</body></html>`;
const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOAuthProvider(port: number, host = '127.0.0.1'): Promise<OAuthProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const tokenRequests: TokenRequestLog[] = [];
  const authorizeRequests: Array<Record<string, string>> = [];
  // Known once listening (port 0 picks a free one).
  let origin = `http://${host}:${port}`;
  const state: { misbehave: OAuthProvider['misbehave'] } = { misbehave: null };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const [, provider, action] = url.pathname.split('/');
    const client = OAUTH_CLIENTS[provider ?? ''];
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      response.end(body);
    };
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
    if (!client) return json(404, { error: 'unknown provider' });
    const query = Object.fromEntries(url.searchParams);

    if (action === 'authorize' && request.method === 'GET') {
      authorizeRequests.push({ provider: provider!, ...query });
      if (query.client_id !== client.id || !query.redirect_uri || !query.state) return json(400, { error: 'invalid_request' });
      const hidden = ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'response_mode']
        .filter((name) => query[name])
        .map((name) => `<input type="hidden" name="${name}" value="${escape(query[name]!)}">`)
        .join('');
      return send(
        200,
        'text/html; charset=utf-8',
        html(`<main><h1>Sign in to Loopback ${escape(provider!)}</h1>
<form method="get" action="/${provider}/approve">${hidden}
<label>Email <input name="email" type="email" required></label>
<label><input name="email_verified" type="checkbox" value="true" checked> Verified address</label>
<button name="decision" value="allow">Allow</button> <button name="decision" value="cancel" formnovalidate>Cancel</button>
</form></main>`),
      );
    }

    if (action === 'approve' && request.method === 'GET') {
      const redirect = new URL(query.redirect_uri ?? '');
      const answer = (params: Record<string, string>) => {
        if (query.response_mode === 'form_post') {
          const fields = Object.entries(params).map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`).join('');
          return send(200, 'text/html; charset=utf-8', html(`<form method="post" action="${escape(redirect.toString())}">${fields}<noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`));
        }
        for (const [name, value] of Object.entries(params)) redirect.searchParams.set(name, value);
        return send(302, 'text/plain', '', { location: redirect.toString() });
      };
      if (query.decision !== 'allow') return answer({ error: 'access_denied', state: query.state ?? '' });
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        provider: provider!,
        email: query.email ?? '',
        verified: query.email_verified === 'true',
        redirectUri: query.redirect_uri ?? '',
        challenge: query.code_challenge,
        challengeMethod: query.code_challenge_method,
      });
      return answer({ code, state: query.state ?? '' });
    }

    if (action === 'token' && request.method === 'POST') {
      const form = await readForm(request);
      const code = form.get('code') ?? '';
      const grant = grants.get(code);
      grants.delete(code);
      const verifier = form.get('code_verifier');
      const log: TokenRequestLog = { provider: provider!, pkce: verifier ? 'S256' : 'none', ok: false };
      tokenRequests.push(log);
      const basic = request.headers.authorization?.startsWith('Basic ') ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':') : [];
      const clientId = form.get('client_id') ?? decodeURIComponent(basic[0] ?? '');
      const clientSecret = form.get('client_secret') ?? decodeURIComponent(basic[1] ?? '');
      if (clientId !== client.id || clientSecret !== client.secret) return json(401, { error: 'invalid_client' });
      if (!grant || grant.provider !== provider || form.get('redirect_uri') !== grant.redirectUri) return json(400, { error: 'invalid_grant' });
      if (grant.challenge) {
        const expected = createHash('sha256').update(verifier ?? '').digest('base64url');
        if (grant.challengeMethod !== 'S256' || expected !== grant.challenge) return json(400, { error: 'invalid_grant' });
      }
      log.ok = true;
      if (state.misbehave === 'no-token') return json(200, { token_type: 'Bearer' });
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant);
      const subject = createHash('sha256').update(`${provider}:${grant.email}`).digest('hex').slice(0, 20);
      const idToken =
        provider === 'google' || provider === 'apple'
          ? unsignedJwt({ iss: origin, aud: client.id, sub: state.misbehave === 'bad-id-token' ? undefined : subject, email: grant.email, email_verified: provider === 'apple' ? String(grant.verified) : grant.verified, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })
          : undefined;
      return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, ...(idToken ? { id_token: idToken } : {}) });
    }

    if (action === 'userinfo' && request.method === 'GET') {
      const grant = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant || grant.provider !== provider) return json(401, { error: 'invalid_token' });
      const subject = createHash('sha256').update(`${provider}:${grant.email}`).digest('hex').slice(0, 20);
      const name = grant.email.split('@')[0];
      if (provider === 'amazon') return json(200, { user_id: `amzn1.account.${subject}`, name, email: grant.email });
      if (provider === 'facebook') return json(200, { id: subject, name, email: grant.email });
      return json(200, { sub: subject, name, email: grant.email, email_verified: grant.verified });
    }

    return json(404, { error: 'not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    tokenRequests,
    authorizeRequests,
    get misbehave() {
      return state.misbehave;
    },
    set misbehave(value) {
      state.misbehave = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
