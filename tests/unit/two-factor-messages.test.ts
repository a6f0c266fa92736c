import { describe, expect, test } from 'vitest';
import { totpCode } from '../support/totp.ts';
import { TRUST_DEVICE_DAYS, TWO_FACTOR_TEXT, groupedKey, secretOfUri } from '../../src/lib/two-factor-messages.ts';

describe('two-factor texts and helpers', () => {
  test('the widget texts and the 30-day trusted device', () => {
    expect(TRUST_DEVICE_DAYS).toBe(30);
    expect(TWO_FACTOR_TEXT.trustDevice).toBe('Trust this device for 30 days');
    expect(TWO_FACTOR_TEXT.codePlaceholder).toBe('Enter your code');
    expect(TWO_FACTOR_TEXT.resendCode).toBe('Resend Code');
    expect(TWO_FACTOR_TEXT.confirm).toBe('Confirm');
    expect(TWO_FACTOR_TEXT.verify).toBe('Verify');
  });

  test('the setup key: read from the otpauth URI, shown in groups of four', () => {
    const uri = 'otpauth://totp/SIPA%20staff:amina%40example.org?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=SIPA%20staff&algorithm=SHA1&digits=6&period=30';
    expect(secretOfUri(uri)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(groupedKey('ABCDE')).toBe('ABCD E');
    expect(secretOfUri('not a uri')).toBe('');
  });

  test('the tests\' own authenticator app gives RFC 6238\'s published codes', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(totpCode(secret, 59_000, 30, 8)).toBe('94287082');
    expect(totpCode(secret, 1_111_111_109_000, 30, 8)).toBe('07081804');
    expect(totpCode(secret, 20_000_000_000_000, 30, 8)).toBe('65353130');
  });
});
