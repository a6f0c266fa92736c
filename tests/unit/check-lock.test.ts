import { describe, expect, it } from 'vitest';
import { lockDrift, type LockPackages } from '../../scripts/check-lock.ts';

const locked: LockPackages = {
  '': {},
  'node_modules/zod': { version: '4.6.7', integrity: 'sha512-a' },
  'node_modules/@astrojs/compiler-binding': { version: '0.1.0', integrity: 'sha512-b' },
};

describe('the CI lock-file check', () => {
  it('allows optional platform packages the registry began to serve', () => {
    const after = { ...locked, 'node_modules/@astrojs/compiler-binding-darwin-x64': { version: '0.1.0', optional: true } };
    expect(lockDrift(locked, after)).toEqual({ problems: [], addedOptional: ['node_modules/@astrojs/compiler-binding-darwin-x64'] });
  });

  it('fails on a required package the lock file lacks (package.json edited alone)', () => {
    const after = { ...locked, 'node_modules/left-pad': { version: '1.3.0' } };
    expect(lockDrift(locked, after).problems).toEqual(['added: node_modules/left-pad@1.3.0']);
  });

  it('fails on a locked version whose integrity changed, at the same version', () => {
    const after: LockPackages = { ...locked, 'node_modules/zod': { version: '4.6.7', integrity: 'sha512-other' } };
    expect(lockDrift(locked, after).problems).toEqual(['integrity changed: node_modules/zod@4.6.7 sha512-a -> sha512-other']);
  });

  it('fails on a locked version whose integrity was dropped', () => {
    const after: LockPackages = { ...locked, 'node_modules/zod': { version: '4.6.7' } };
    expect(lockDrift(locked, after).problems).toEqual(['integrity changed: node_modules/zod@4.6.7 sha512-a -> none']);
  });

  it('passes an install that changed nothing', () => {
    expect(lockDrift(locked, structuredClone(locked))).toEqual({ problems: [], addedOptional: [] });
  });

  it('fails on a locked version replaced or removed', () => {
    const after: LockPackages = { '': {}, 'node_modules/zod': { version: '4.7.0', integrity: 'sha512-c' } };
    expect(lockDrift(locked, after).problems).toEqual([
      'changed: node_modules/zod 4.6.7 -> 4.7.0',
      'removed: node_modules/@astrojs/compiler-binding',
    ]);
  });
});
