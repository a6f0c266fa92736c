/**
 * Test setup: a staff account with a known password, made through the real account code on the
 * database DATA_DIR points at (the e2e server's). Staff themselves are invited with a temporary
 * password (`npm run staff -- create`); tests that are about something else start from an account
 * that has already chosen its own.
 *   node tests/support/staff-account.ts <username> <email> <password> [--admin]
 */
import { closeServices, createServices } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';

const [username, email, password, flag] = process.argv.slice(2);
if (!username || !email || !password) throw new Error('usage: node tests/support/staff-account.ts <username> <email> <password> [--admin]');
const services = await createServices(loadConfig());
try {
  await services.staff.accounts.create({ username, email, password, admin: flag === '--admin' });
} finally {
  await closeServices(services);
}
