/**
 * `npm run staff -- <command>`: staff accounts from the command line, on the configured database.
 *   create <username> <email> [--admin] [--verify-email]   invite a member; prints a one-time temporary password
 *   reset-password <username>             new temporary password; ends the member's sessions
 *   list                                  every account with its role and state
 *   disable <username> | enable <username>
 *   reset-two-factor <username>           turns off a member's second factors (a lost phone)
 *   unlock <username>                     ends every sign-in limit counting against the member
 * A temporary password must be replaced at the member's first sign-in.
 */
import { closeServices, createServices } from './app.ts';
import { StaffAccountError, type StaffMember } from './auth/accounts.ts';
import { resetTwoFactor } from './auth/two-factor/state.ts';
import { loadConfig, type ApiConfig } from './config.ts';

const USAGE = `Usage: npm run staff -- <command>
  create <username> <email> [--admin] [--verify-email]
                                        invite a staff member (prints a temporary password once);
                                        --verify-email: they confirm the address with an emailed code
  reset-password <username>             give a member a new temporary password
  list                                  list staff accounts
  disable <username>                    refuse the member's sign-in and end their sessions
  enable <username>                     allow the member to sign in again
  reset-two-factor <username>           turn off a member's two-factor sign-in (lost phone and backup codes)
  unlock <username>                     let a member locked out by failed sign-ins try again at once`;

function describe(member: StaffMember): string {
  const state = member.disabled ? 'disabled' : member.mustChangePassword ? 'must set a new password' : 'active';
  return `${member.username.padEnd(20)} ${member.email.padEnd(32)} ${member.role.padEnd(6)} ${state}`;
}

export async function runStaffCommand(args: string[], out: (line: string) => void = console.log, config?: ApiConfig): Promise<number> {
  const [command, ...rest] = args;
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const positional = rest.filter((arg) => !arg.startsWith('--'));
  const known: Record<string, number> = { create: 2, 'reset-password': 1, list: 0, disable: 1, enable: 1, 'reset-two-factor': 1, unlock: 1 };
  if (!command || !(command in known) || positional.length !== known[command] || flags.some((flag) => !['--admin', '--verify-email'].includes(flag) || command !== 'create')) {
    out(USAGE);
    return 2;
  }
  const services = await createServices(config ?? loadConfig());
  const { accounts } = services.staff;
  try {
    if (command === 'create') {
      const [username, email] = positional;
      const { member, temporaryPassword } = await accounts.create({ username, email, admin: flags.includes('--admin'), emailVerified: !flags.includes('--verify-email') });
      out(`Created ${member.role === 'admin' ? 'administrator' : 'staff member'} "${member.username}" <${member.email}>.`);
      out(`Temporary password (shown once): ${temporaryPassword}`);
      out('They sign in at /admin/login and must choose a new password there.');
    } else if (command === 'reset-password') {
      const { member, temporaryPassword } = await accounts.resetPassword(positional[0]);
      out(`New temporary password for "${member.username}" (shown once): ${temporaryPassword}`);
      out('Their sessions have ended; they must choose a new password at their next sign-in.');
    } else if (command === 'list') {
      const members = await accounts.list();
      if (!members.length) out('No staff accounts yet. Create one with: npm run staff -- create <username> <email> --admin');
      for (const member of members) out(describe(member));
    } else if (command === 'reset-two-factor') {
      const member = await accounts.findByUsername(positional[0]);
      if (!member) throw new StaffAccountError(`No staff account is called "${positional[0]}".`);
      await resetTwoFactor(services.staff.auth, member.id);
      out(`Two-factor sign-in is off for "${member.username}"; their trusted devices are forgotten and their sessions have ended.`);
      out('They sign in with their password alone and can set it up again in Account.');
    } else if (command === 'unlock') {
      const member = await accounts.findByUsername(positional[0]);
      if (!member) throw new StaffAccountError(`No staff account is called "${positional[0]}".`);
      const cleared = await services.staff.throttle.unlock(member.username);
      out(cleared ? `Unlocked "${member.username}": every count of failed sign-ins against the account has ended.` : `"${member.username}" was not locked.`);
    } else {
      const member = await accounts.setDisabled(positional[0], command === 'disable');
      out(command === 'disable' ? `Disabled "${member.username}"; their sessions have ended.` : `Enabled "${member.username}".`);
    }
    return 0;
  } catch (error) {
    if (error instanceof StaffAccountError) {
      out(error.message);
      return 1;
    }
    throw error;
  } finally {
    await closeServices(services);
  }
}

if (import.meta.filename === process.argv[1]) {
  process.exitCode = await runStaffCommand(process.argv.slice(2));
}
