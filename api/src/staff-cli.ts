/**
 * `npm run staff -- <command>`: staff accounts from the command line, on the configured database.
 *   create <username> <email> [--admin] [--verify-email]   invite a member; prints a one-time temporary password
 *   reset-password <username>             new temporary password; ends the member's sessions
 *   list                                  every account with its role and state
 *   disable <username> | enable <username>
 *   reset-two-factor <username>           turns off a member's second factors (a lost phone)
 *   unlock <username>                     ends every sign-in limit counting against the member, and the
 *                                         lock of a network it was refused from (an office's spray lock)
 *   unlock-network <address>              ends the sign-in locks of one network (IPv4 address, IPv6 /64)
 * A temporary password must be replaced at the member's first sign-in.
 */
import { isIP } from 'node:net';
import { closeServices, createServices } from './app.ts';
import { StaffAccountError, type StaffMember } from './auth/accounts.ts';
import { resetTwoFactor } from './auth/two-factor/state.ts';
import { clientNetwork } from './client-network.ts';
import { loadConfig, type ApiConfig } from './config.ts';
import { configuredTransport } from './mail/transport.ts';

const USAGE = `Usage: npm run staff -- <command>
  create <username> <email> [--admin] [--verify-email]
                                        invite a staff member (prints a temporary password once);
                                        --verify-email: they confirm the address with an emailed code
  reset-password <username>             give a member a new temporary password
  list                                  list staff accounts
  disable <username>                    refuse the member's sign-in and end their sessions
  enable <username>                     allow the member to sign in again
  reset-two-factor <username>           turn off a member's two-factor sign-in (lost phone and backup codes)
  unlock <username>                     let a member locked out by failed sign-ins try again at once
                                        (also from a network locked for everyone: an office's address)
  unlock-network <address>              let everyone at one address (an IPv6 address: its /64) try again at once`;

function describe(member: StaffMember): string {
  const state = member.disabled ? 'disabled' : member.mustChangePassword ? 'must set a new password' : 'active';
  return `${member.username.padEnd(20)} ${member.email.padEnd(32)} ${member.role.padEnd(6)} ${state}`;
}

export async function runStaffCommand(args: string[], out: (line: string) => void = console.log, config?: ApiConfig): Promise<number> {
  const [command, ...rest] = args;
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const positional = rest.filter((arg) => !arg.startsWith('--'));
  const known: Record<string, number> = { create: 2, 'reset-password': 1, list: 0, disable: 1, enable: 1, 'reset-two-factor': 1, unlock: 1, 'unlock-network': 1 };
  if (!command || !(command in known) || positional.length !== known[command] || flags.some((flag) => !['--admin', '--verify-email'].includes(flag) || command !== 'create')) {
    out(USAGE);
    return 2;
  }
  const settings = config ?? loadConfig();
  // Signed like the server's mail (a code mailed from here is no different).
  const services = await createServices(settings, configuredTransport(settings));
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
      const { counts, networks } = await services.staff.throttle.unlockWithNetworks(member.username);
      if (!counts && !networks.length) out(`"${member.username}" was not locked.`);
      else out(`Unlocked "${member.username}": every count of failed sign-ins against the account has ended.`);
      // A network locked for every account (30 failures from one address, an office's) locks the member too.
      if (networks.length) out(`The sign-in lock of ${networks.join(', ')}, where the account was refused, has ended too.`);
    } else if (command === 'unlock-network') {
      const address = positional[0]!.replace(/\/64$/, '');
      if (!isIP(address)) throw new StaffAccountError(`"${positional[0]}" is not an IPv4 or IPv6 address.`);
      const network = clientNetwork(address);
      const cleared = await services.staff.throttle.unlockNetwork(network);
      out(cleared ? `Unlocked ${network}: every count of failed sign-ins from it has ended.` : `${network} was not locked.`);
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
