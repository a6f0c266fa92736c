/**
 * The staff area's own API, behind the admin guard (401 without a session, 403 for an account
 * that is not an administrator or must still replace a temporary password).
 *   GET /api/staff/me   the signed-in administrator, for the /admin gate
 */
import { adminApi } from '../auth/guard.ts';
import type { Services } from '../services.ts';

export function staffRoutes(services: Services) {
  const app = adminApi(services);
  app.get('/me', (c) => {
    const { user, session } = c.get('staff');
    return c.json({
      user: { username: user.displayUsername || user.username, email: user.email, name: user.name, role: user.role },
      session: { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() },
    });
  });
  return app;
}
