import { describe, expect, it } from 'vitest';
import { BUILD_NOW_VARIABLE, buildNow } from '../../src/lib/build-clock.ts';

describe('the instant a build counts as now', () => {
  it('is the machine’s clock unless SITE_BUILD_NOW names one', () => {
    const before = Date.now();
    const now = buildNow({}).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('is SITE_BUILD_NOW, with its offset, when set', () => {
    expect(BUILD_NOW_VARIABLE).toBe('SITE_BUILD_NOW');
    expect(buildNow({ SITE_BUILD_NOW: '2026-12-31T23:30:00-06:00' }).toISOString()).toBe('2027-01-01T05:30:00.000Z');
  });

  it('refuses a value that is not an instant, naming the variable', () => {
    for (const bad of ['tomorrow', '2026-13-40T00:00:00Z', '1700000000000', '2026-11-21']) {
      expect(() => buildNow({ SITE_BUILD_NOW: bad }), bad).toThrow(/SITE_BUILD_NOW must be an ISO 8601 instant/);
    }
  });
});
