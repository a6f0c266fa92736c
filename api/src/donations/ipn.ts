/**
 * PayPal's Instant Payment Notification (IPN), the parts that are PayPal's rules:
 *  - the message is `application/x-www-form-urlencoded` in the charset it names (`charset`,
 *    windows-1252 unless the account chose UTF-8), so its values are decoded with that charset;
 *  - it is verified by posting it back unchanged, byte for byte and in the same order, after
 *    `cmd=_notify-validate`, to PayPal's IPN host (sandbox or live); the answer is the single word
 *    VERIFIED or INVALID. Anything else (a 5xx, a timeout) means "try again later".
 */

import iconv from 'iconv-lite';

/** PayPal's verification endpoints (the IPN postback hosts). */
export const PAYPAL_VERIFY_URL = 'https://ipnpb.paypal.com/cgi-bin/webscr';
export const PAYPAL_SANDBOX_VERIFY_URL = 'https://ipnpb.sandbox.paypal.com/cgi-bin/webscr';

/** How long one verification may take before it counts as failed (and is tried again). */
export const VERIFY_TIMEOUT_MS = 30_000;

export type IpnFields = Readonly<Record<string, string>>;

function percentBytes(text: string): Uint8Array {
  const plain = text.replace(/\+/g, ' ');
  const bytes: number[] = [];
  for (let i = 0; i < plain.length; i++) {
    const hex = plain.slice(i + 1, i + 3);
    if (plain[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(plain.charCodeAt(i) & 0xff);
  }
  return new Uint8Array(bytes);
}

/**
 * PayPal's names for the charsets its account settings offer, where they differ from the labels
 * iconv-lite and the WHATWG decoders know. "Platform endian" is PayPal's servers' byte order.
 */
const CHARSET_ALIASES: Readonly<Record<string, string>> = {
  utf16_platformendian: 'utf-16le',
  utf16_oppositeendian: 'utf-16be',
  utf32_platformendian: 'utf-32le',
  utf32_oppositeendian: 'utf-32be',
  'x-mac-greek': 'macgreek',
  'x-mac-turkish': 'macturkish',
  'x-mac-centraleurroman': 'maccenteuro',
  'x-mac-cyrillic': 'maccyrillic',
  'ebcdic-cp-us': 'cp037',
};

/** PayPal's default when a message names no charset. */
export const DEFAULT_IPN_CHARSET = 'windows-1252';

export type Decode = (bytes: Uint8Array) => string;

/**
 * How to read a message's values: iconv-lite knows every charset PayPal offers but the 7-bit
 * ISO-2022 family, whose Japanese member the WHATWG decoder reads. A charset neither knows (EUC-TW,
 * HZ-GB-2312, ISO-2022-CN/KR, or a name PayPal does not use) is read as PayPal's default: the
 * amount, the ids and the addresses are ASCII, so the gift is still recorded; `known` is false,
 * and the worker notes that the names may be misread.
 */
export function decoderFor(charset: string | undefined): { decode: Decode; known: boolean } {
  const asked = (charset ?? DEFAULT_IPN_CHARSET).trim().toLowerCase() || DEFAULT_IPN_CHARSET;
  const name = CHARSET_ALIASES[asked] ?? asked;
  if (iconv.encodingExists(name)) return { decode: (bytes) => iconv.decode(Buffer.from(bytes), name, { stripBOM: true }), known: true };
  try {
    const decoder = new TextDecoder(name);
    return { decode: (bytes) => decoder.decode(bytes), known: true };
  } catch {
    return { decode: (bytes) => iconv.decode(Buffer.from(bytes), DEFAULT_IPN_CHARSET), known: false };
  }
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The charset a body names (PayPal's default when none), read without decoding anything else. */
export function charsetOf(body: string): string {
  const ascii = new TextDecoder('latin1');
  for (const pair of body.split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && ascii.decode(percentBytes(pair.slice(0, at))) === 'charset') return ascii.decode(percentBytes(pair.slice(at + 1))).trim() || DEFAULT_IPN_CHARSET;
  }
  return DEFAULT_IPN_CHARSET;
}

/**
 * The fields of a notification body, each value decoded in the charset the message names (the
 * first value of a repeated name wins). Control characters other than line breaks and tabs are
 * dropped: no stored text may hold them (PostgreSQL refuses NUL), and PayPal sends none.
 */
export function parseIpn(body: string): IpnFields {
  const { decode } = decoderFor(charsetOf(body));
  const ascii = new TextDecoder('latin1');
  const fields: Record<string, string> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = ascii.decode(percentBytes(at < 0 ? pair : pair.slice(0, at))).replace(CONTROLS, '');
    if (!(key in fields)) fields[key] = at < 0 ? '' : decode(percentBytes(pair.slice(at + 1))).replace(CONTROLS, '');
  }
  return fields;
}

export type Verdict = 'VERIFIED' | 'INVALID';

/** Thrown when PayPal gave no verdict (unreachable, an error status, another answer): try again later. */
export class VerifyUnavailable extends Error {}

/** Posts the message back to PayPal and returns its verdict. */
export async function verifyWithPaypal(verifyUrl: string, body: string, signal?: AbortSignal): Promise<Verdict> {
  let response: Response;
  try {
    response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'SIPA-IPN-Verifier/1.0' },
      body: `cmd=_notify-validate&${body}`,
      signal: signal ?? AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new VerifyUnavailable(`PayPal could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = (await response.text().catch(() => '')).trim();
  if (response.status === 200 && (text === 'VERIFIED' || text === 'INVALID')) return text;
  throw new VerifyUnavailable(`PayPal answered ${response.status}: ${text.slice(0, 100)}`);
}

/** The language the gift was made in, from `custom` (`lang=fr`, src/lib/paypal.ts). */
export function customLang(fields: IpnFields): string | null {
  try {
    return new URLSearchParams(fields.custom ?? '').get('lang');
  } catch {
    return null;
  }
}

/**
 * The largest amount PayPal's amount fields can carry: ten digits before the point. Anything
 * larger is no PayPal payment (a forged or broken message) and is refused, not stored.
 */
export const MAX_PAYPAL_AMOUNT_CENTS = 999_999_999_999;

/** An amount PayPal writes ('25.00', '-25.00', '40.5') as integer cents, or null when it is not one. */
export function cents(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  const match = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const amount = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -amount : amount;
}

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/**
 * PayPal's dates ('08:30:06 Nov 27, 2026 PST', California time) as ISO instants; null when the
 * text is not one. PST is UTC-8 and PDT UTC-7.
 */
export function paypalDate(value: string | undefined): string | null {
  const match = /^(\d{2}):(\d{2}):(\d{2}) ([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) (PST|PDT)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, h, m, s, mon, d, y, zone] = match;
  const month = MONTHS[mon!];
  if (month === undefined) return null;
  const offset = zone === 'PDT' ? 7 : 8;
  const ms = Date.UTC(Number(y), month, Number(d), Number(h) + offset, Number(m), Number(s));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
