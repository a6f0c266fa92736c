/** PayPal's message format: values in the charset the message names, amounts, PayPal's dates, the language in `custom`. */
import { describe, expect, test } from 'vitest';
import { cents, charsetOf, customLang, decoderFor, MAX_PAYPAL_AMOUNT_CENTS, parseIpn, paypalDate } from '../src/donations/ipn.ts';
import { ipnBodyIn } from './paypal-fake.ts';

describe('reading a PayPal notification', () => {
  test('values are decoded in the charset the message names: windows-1252 by default, UTF-8 when it says so', () => {
    expect(parseIpn('first_name=Ren%E9&last_name=Ngo%EF&payer_email=rene%40example.org').first_name).toBe('René');
    expect(parseIpn('charset=windows-1252&first_name=Ren%E9&last_name=Ngo%EF').last_name).toBe('Ngoï');
    expect(parseIpn('charset=UTF-8&first_name=Ren%C3%A9&memo=a+b%2Bc')).toMatchObject({ charset: 'UTF-8', first_name: 'René', memo: 'a b+c' });
    // A charset Node does not know falls back to PayPal's default; the first of a repeated name wins.
    expect(parseIpn('charset=x-unknown&first_name=Ren%E9&first_name=Other').first_name).toBe('René');
  });

  test('the accented names of French-speaking donors, as PayPal %-encodes them in windows-1252 and ISO-8859-1', () => {
    expect(parseIpn('charset=windows-1252&first_name=Ren%E9e&last_name=Zo%EB&address_street=Hauptstra%DFe+5&address_city=Qu%E9bec')).toMatchObject({ first_name: 'Renée', last_name: 'Zoë', address_street: 'Hauptstraße 5', address_city: 'Québec' });
    expect(parseIpn('charset=ISO-8859-1&first_name=Jos%E9').first_name).toBe('José');
    // windows-1252's own letters where ISO-8859-1 has controls: the apostrophe ’ (0x92) and Œ (0x8C).
    expect(parseIpn('first_name=%8Cuvre&last_name=L%92Or').last_name).toBe('L’Or');
  });

  test('every charset PayPal offers is read in that charset, by its name as PayPal writes it', () => {
    const names: Array<[string, string]> = [
      ['UTF-16', 'Nadège'], ['UTF-16BE', 'Nadège'], ['UTF-16LE', 'Nadège'], ['UTF-32', 'Nadège'], ['UTF-32BE', 'Nadège'], ['UTF-32LE', 'Nadège'], ['UTF-7', 'Nadège'],
      ['Big5', '陳大文'], ['gb2312', '陈大文'], ['gbk', '陈大文'], ['EUC-KR', '김민준'], ['windows-949', '김민준'], ['EUC-JP', '山田'], ['Shift_JIS', '山田'],
      ['KOI8-R', 'Ольга'], ['windows-1251', 'Ольга'], ['ISO-8859-5', 'Ольга'], ['ISO-8859-2', 'Łukasz'], ['windows-1250', 'Łukasz'], ['ISO-8859-7', 'Νίκος'], ['windows-1253', 'Νίκος'],
      ['ISO-8859-9', 'Ömer'], ['windows-1254', 'Ömer'], ['ISO-8859-8', 'דוד'], ['windows-1255', 'דוד'], ['ISO-8859-6', 'علي'], ['windows-1256', 'علي'], ['ISO-8859-13', 'Jonas Žukas'],
      ['windows-1257', 'Jonas Žukas'], ['windows-1258', 'Nguyen'], ['ISO-8859-15', 'Chloé €'], ['ISO-8859-3', 'Ġorġ'], ['ISO-8859-4', 'Jānis'], ['windows-874', 'สมชาย'],
      ['IBM862', 'דוד'], ['US-ASCII', 'Amina'], ['x-mac-cyrillic', 'Ольга'], ['x-mac-greek', 'Νίκος'],
    ];
    for (const [charset, name] of names) {
      expect(decoderFor(charset).known, charset).toBe(true);
      const body = ipnBodyIn(charset === 'x-mac-cyrillic' ? 'maccyrillic' : charset === 'x-mac-greek' ? 'macgreek' : charset, { first_name: name }).replace(/^charset=[^&]+/, `charset=${charset}`);
      expect(parseIpn(body).first_name, charset).toBe(name);
    }
    // PayPal's "platform endian" names, and ISO-2022-JP through the WHATWG decoder.
    expect(parseIpn('charset=UTF16_PlatformEndian&first_name=N%00a%00d%00%E8%00g%00e%00').first_name).toBe('Nadège');
    expect(parseIpn('charset=UTF16_OppositeEndian&first_name=%00N%00a%00d%00%E8%00g%00e').first_name).toBe('Nadège');
    expect(parseIpn('charset=ISO-2022-JP&first_name=%1B%24B%3B3%45%44%1B%28B').first_name).toBe('山田');
    // One PayPal lists that neither decoder knows: read as windows-1252, said so.
    expect(decoderFor('EUC-TW').known).toBe(false);
    expect(charsetOf('txn_id=1&charset=EUC-TW')).toBe('EUC-TW');
  });

  test('control characters never reach the record (PostgreSQL refuses NUL); line breaks in an address stay', () => {
    expect(parseIpn('charset=UTF-8&first_name=Ami%00na%07&address_street=1+Main%0D%0AApt+2&txn_id=1A%00B')).toMatchObject({ first_name: 'Amina', address_street: '1 Main\r\nApt 2', txn_id: '1AB' });
  });

  test('amounts are whole cents; anything else is not an amount', () => {
    expect([cents('25.00'), cents('25.5'), cents('-50.00'), cents('1000'), cents('0.00'), cents('40.50'), cents('0.01')]).toEqual([2500, 2550, -5000, 100000, 0, 4050, 1]);
    // Past 32 bits, up to what PayPal's amounts carry; more is read (to be refused), never wrapped.
    expect([cents('21474836.48'), cents('9999999999.99')]).toEqual([2_147_483_648, MAX_PAYPAL_AMOUNT_CENTS]);
    expect(cents('12345678901.00')! > MAX_PAYPAL_AMOUNT_CENTS).toBe(true);
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
