/**
 * A really full disk for the storage tests: a small tmpfs mounted for the test (root, or sudo
 * without a password, is needed to mount one; without it the test fails and says so), filled by a
 * file of zeros to a little below its end, so that the database runs out of room after a few
 * writes, and emptied again by removing that file.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Fills the disk until only `leaveBytes` are free. */
  fill(leaveBytes: number): void;
  /** Frees what fill() took. */
  free(): void;
  unmount(): void;
}

const asRoot = (command: string, args: string[]) => {
  try {
    execFileSync(process.getuid?.() === 0 ? command : 'sudo', process.getuid?.() === 0 ? args : ['-n', command, ...args], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${command} ${args.join(' ')} failed (the full-disk tests mount a tmpfs: run them as root or with sudo -n): ${stderr || error}`);
  }
};

/** Mounts a tmpfs of `megabytes` (its root owned by `owner` when given, traversable by all). */
export function mountSmallDisk(megabytes: number, owner?: { uid: number; gid: number }): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'sipa-full-disk-'));
  // The database server may run as another user: it must reach the folder.
  chmodSync(dir, 0o711);
  asRoot('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0711${owner ? `,uid=${owner.uid},gid=${owner.gid}` : ''}`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill(leaveBytes) {
      const { bavail, bsize } = statfsSync(dir);
      let left = Number(bavail) * Number(bsize) - leaveBytes;
      const chunk = Buffer.alloc(1 << 20);
      const fd = openSync(filler, 'a');
      try {
        while (left > 0) left -= writeSync(fd, chunk, 0, Math.min(chunk.length, left));
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      asRoot('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Text that neither SQLite nor PostgreSQL's TOAST can make smaller: every byte takes its byte on disk. */
export function incompressible(length: number): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}
