/**
 * The rules of self-service sign-up as a Better Auth plugin, so that auth.ts only lists it:
 *  - an account made by sign-up waits for its emailed code (`awaitingConfirmation`) and cannot
 *    sign in before: the right password then answers 403 USER_NOT_CONFIRMED, a wrong one the
 *    usual 401 (nobody learns more than the owner of the password);
 *  - a verified code ends the wait;
 *  - no account made over HTTP (sign-up, a social callback) is ever an administrator, whatever
 *    the request carried: only `npm run staff` and ADMIN_* make administrators.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { SELF_SERVICE_TEXT } from '../../../src/lib/self-service-messages.ts';

export const NOT_CONFIRMED_CODE = 'USER_NOT_CONFIRMED';

type Row = Record<string, unknown> & { id: string };

export function staffSelfService() {
  return {
    id: 'staff-self-service',
    schema: {
      user: {
        fields: {
          awaitingConfirmation: { type: 'boolean', required: false, defaultValue: false, input: false },
        },
      },
    },
    init() {
      return {
        options: {
          databaseHooks: {
            user: {
              create: {
                async before(user: Record<string, unknown>, ctx?: { path?: string } | null) {
                  // A server-side create (npm run staff, ADMIN_*) has no endpoint path.
                  if (!ctx?.path) return;
                  const fromSignUp = ctx.path === '/sign-up/email';
                  return { data: { ...user, role: 'user', ...(fromSignUp ? { awaitingConfirmation: true, emailVerified: false } : {}) } };
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/username',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { username?: unknown; password?: unknown };
            if (typeof body.username !== 'string' || typeof body.password !== 'string') return;
            const user = await ctx.context.adapter.findOne<Row>({ model: 'user', where: [{ field: 'username', value: body.username.trim().toLowerCase() }] });
            if (!user?.awaitingConfirmation) return;
            const account = await ctx.context.internalAdapter.findCredentialAccount(user.id);
            if (!account?.password || !(await ctx.context.password.verify({ hash: account.password, password: body.password }))) return;
            throw new APIError('FORBIDDEN', { message: SELF_SERVICE_TEXT.notConfirmed, code: NOT_CONFIRMED_CODE, email: user.email } as never);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/email-otp/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return;
            const email = String((ctx.body as { email?: string }).email ?? '').toLowerCase();
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            if (found && (found.user as Row).awaitingConfirmation) await ctx.context.internalAdapter.updateUser(found.user.id, { awaitingConfirmation: false });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
