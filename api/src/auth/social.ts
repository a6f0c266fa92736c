/**
 * Social sign-in for Amazon, Apple, Facebook and Google, each on only when its id and secret are
 * set. All four go through Better Auth's `genericOAuth` plugin, which registers them as ordinary
 * social providers (`/sign-in/social`, `/callback/:id`): unlike the built-in Google, Apple and
 * Facebook providers, whose token endpoints are fixed in their code, every endpoint here can be
 * pointed elsewhere (AUTH_OAUTH_BASE_URL), so the flows are tested against a provider on loopback.
 *
 * A social account only ever links to an existing staff member with the same verified address:
 * sign-up through a provider is off, and Better Auth links only when the member's own address is
 * verified (`requireLocalEmailVerified`, its default) and the provider vouches for the address
 * (Google and Apple say so in the id token; Amazon and Facebook never do). Otherwise the member
 * links the provider from a signed-in session first. A member with a second factor is asked for it
 * after any provider (staff-self-service.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { validateAuthorizationCode } from 'better-auth/oauth2';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import { SOCIAL_PROVIDER_IDS, type ApiConfig, type SocialProviderId } from '../config.ts';

interface Endpoints {
  authorize: string;
  token: string;
  userinfo?: string;
}

const ENDPOINTS: Record<SocialProviderId, Endpoints> = {
  amazon: { authorize: 'https://www.amazon.com/ap/oa', token: 'https://api.amazon.com/auth/o2/token', userinfo: 'https://api.amazon.com/user/profile' },
  apple: { authorize: 'https://appleid.apple.com/auth/authorize', token: 'https://appleid.apple.com/auth/token' },
  facebook: {
    authorize: 'https://www.facebook.com/v24.0/dialog/oauth',
    token: 'https://graph.facebook.com/v24.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/v24.0/me?fields=id,name,email',
  },
  google: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', token: 'https://oauth2.googleapis.com/token', userinfo: 'https://openidconnect.googleapis.com/v1/userinfo' },
};

const SCOPES: Record<SocialProviderId, string[]> = {
  amazon: ['profile'],
  apple: ['name', 'email'],
  facebook: ['email', 'public_profile'],
  google: ['openid', 'email', 'profile'],
};

/**
 * Set (by the callback route) while a provider answers a link the signed-in member started
 * (POST /api/auth/link/social): the member vouches for that provider account themselves.
 */
export const linkingFromSession = new AsyncLocalStorage<true>();

export const PROVIDER_NAMES: Record<SocialProviderId, string> = { amazon: 'Amazon', apple: 'Apple', facebook: 'Facebook', google: 'Google' };

export function configuredProviders(config: Pick<ApiConfig, 'socialProviders'>): SocialProviderId[] {
  return SOCIAL_PROVIDER_IDS.filter((id) => config.socialProviders[id]);
}

export function isSocialProvider(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && (SOCIAL_PROVIDER_IDS as readonly string[]).includes(value);
}

function endpoints(id: SocialProviderId, base: string | undefined): Endpoints {
  if (!base) return ENDPOINTS[id];
  return { authorize: `${base}/${id}/authorize`, token: `${base}/${id}/token`, userinfo: ENDPOINTS[id].userinfo ? `${base}/${id}/userinfo` : undefined };
}

const truthy = (value: unknown) => value === true || value === 'true';

type Profile = { id: string; email?: string; emailVerified: boolean; name?: string; image?: string };

/** The profile from the id token the token endpoint answered with (received directly over TLS from the provider, so OpenID Connect needs no signature check). */
function fromIdToken(idToken: string | undefined): Profile | null {
  if (!idToken) return null;
  try {
    const payload = idToken.split('.')[1];
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!claims.sub) return null;
    return {
      id: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: truthy(claims.email_verified),
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  } catch {
    return null;
  }
}

async function fetchProfile(url: string, accessToken: string | undefined): Promise<Record<string, unknown> | null> {
  if (!accessToken) return null;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!response?.ok) return null;
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return data && typeof data === 'object' ? data : null;
}

async function profileOf(id: SocialProviderId, tokens: { accessToken?: string; idToken?: string }, userinfo?: string): Promise<Profile | null> {
  if (id === 'google' || id === 'apple') {
    const claims = fromIdToken(tokens.idToken);
    if (claims || id === 'apple' || !userinfo) return claims;
    const data = await fetchProfile(userinfo, tokens.accessToken);
    return data?.sub ? { id: String(data.sub), email: data.email as string | undefined, emailVerified: truthy(data.email_verified), name: data.name as string | undefined } : null;
  }
  const data = userinfo ? await fetchProfile(userinfo, tokens.accessToken) : null;
  if (!data) return null;
  // Amazon's profile names the account `user_id`, Facebook's `id`. Neither says whether the
  // address was verified, so neither vouches for it: such an account signs in only once the
  // member linked it from a signed-in session (POST /api/auth/link/social).
  const subject = id === 'amazon' ? data.user_id : data.id;
  if (!subject) return null;
  return { id: String(subject), email: data.email as string | undefined, emailVerified: truthy(data.email_verified), name: data.name as string | undefined };
}

/** The genericOAuth configuration of every configured provider (empty when none is). */
export function socialProviderConfigs(config: Pick<ApiConfig, 'socialProviders' | 'oauthBaseUrl'>): GenericOAuthConfig[] {
  return configuredProviders(config).map((id) => {
    const credentials = config.socialProviders[id]!;
    const urls = endpoints(id, config.oauthBaseUrl);
    return {
      providerId: id,
      name: PROVIDER_NAMES[id],
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      authorizationUrl: urls.authorize,
      tokenUrl: urls.token,
      userInfoUrl: urls.userinfo,
      scopes: SCOPES[id],
      // PKCE with S256 where the provider supports it (Apple does not take a verifier).
      pkce: id !== 'apple',
      // Apple sends name and email only to a form post back to the callback.
      responseMode: id === 'apple' ? 'form_post' : undefined,
      authentication: 'post',
      // Sign-in links to an existing member; it never creates an account.
      disableImplicitSignUp: true,
      disableSignUp: true,
      async getToken({ code, codeVerifier, redirectURI }) {
        const tokens = await validateAuthorizationCode({
          code,
          codeVerifier: id === 'apple' ? undefined : codeVerifier,
          redirectURI,
          options: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
          tokenEndpoint: urls.token,
          authentication: 'post',
        });
        // The hosted widget's 'No access token returned from OAuth flow.': such an answer signs nobody in (Better Auth reports invalid_code).
        if (!tokens.accessToken) throw new Error(`${id}: no access token returned from the OAuth flow`);
        return tokens;
      },
      async getUserInfo(tokens) {
        const profile = await profileOf(id, tokens, urls.userinfo);
        if (!profile?.email) return null;
        const emailVerified = profile.emailVerified || linkingFromSession.getStore() === true;
        return { ...profile, emailVerified, email: profile.email.toLowerCase(), name: profile.name || profile.email.split('@')[0] };
      },
    } satisfies GenericOAuthConfig;
  });
}
