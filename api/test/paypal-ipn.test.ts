/** PayPal's message format: values in the charset the message names, amounts, PayPal's dates, the language in `custom`. */
import { describe, expect, test } from 'vitest';
import { cents, customLang, parseIpn, paypalDate } from '../src/donations/ipn.ts';

describe('reading a PayPal notification', () => {
  test('values are decoded in the charset the message names: windows-1252 by default, UTF-8 when it says so', () => {
    expect(parseIpn('first_name=Ren%E9&last_name=Ngo%EF&payer_email=rene%40example.org').first_name).toBe('René');
    expect(parseIpn('charset=windows-1252&first_name=Ren%E9&last_name=Ngo%EF').last_name).toBe('Ngoï');
    expect(parseIpn('charset=UTF-8&first_name=Ren%C3%A9&memo=a+b%2Bc')).toMatchObject({ charset: 'UTF-8', first_name: 'René', memo: 'a b+c' });
    // A charset Node does not know falls back to PayPal's default; the first of a repeated name wins.
    expect(parseIpn('charset=x-unknown&first_name=Ren%E9&first_name=Other').first_name).toBe('René');
  });

  test('amounts are whole cents; anything else is not an amount', () => {
    expect([cents('25.00'), cents('25.5'), cents('-50.00'), cents('1000'), cents('0.00')]).toEqual([2500, 2550, -5000, 100000, 0]);
    expect([cents(undefined), cents(''), cents('1e3'), cents('25.001'), cents('NaN')]).toEqual([null, null, null, null, null]);
  });

  test("PayPal's dates are California time (PST UTC-8, PDT UTC-7)", () => {
    expect(paypalDate('09:15:00 Nov 20, 2026 PST')).toBe('2026-11-20T17:15:00.000Z');
    expect(paypalDate('10:00:00 Jun 02, 2026 PDT')).toBe('2026-06-02T17:00:00.000Z');
    expect(paypalDate('yesterday')).toBeNull();
    expect(paypalDate(undefined)).toBeNull();
  });

  test('the language travels in custom as lang=<code>', () => {
    expect(customLang({ custom: 'lang=sw' })).toBe('sw');
    expect(customLang({})).toBeNull();
  });
});
