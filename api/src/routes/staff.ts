/**
 * The staff area's own API, behind the staff guard (401 without a session, 403 for an account
 * that must still replace a temporary password).
 *   GET /api/staff/me   the signed-in member and their role, for the /admin gate: every member
 *                       reaches the staff area, and only administrators see its admin sections
 */
import { staffApi } from '../auth/guard.ts';
import type { Services } from '../services.ts';

export function staffRoutes(services: Services) {
  // Chained, so the route's type reaches AppType and the typed client.
  return staffApi(services).get('/me', (c) => {
    const { user, session } = c.get('staff');
    return c.json({
      user: { username: user.displayUsername || user.username, email: user.email, name: user.name, role: user.role },
      session: { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() },
    });
  });
}
