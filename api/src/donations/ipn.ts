/**
 * PayPal's Instant Payment Notification (IPN), the parts that are PayPal's rules:
 *  - the message is `application/x-www-form-urlencoded` in the charset it names (`charset`,
 *    windows-1252 unless the account chose UTF-8), so its values are decoded with that charset;
 *  - it is verified by posting it back unchanged, byte for byte and in the same order, after
 *    `cmd=_notify-validate`, to PayPal's IPN host (sandbox or live); the answer is the single word
 *    VERIFIED or INVALID. Anything else (a 5xx, a timeout) means "try again later".
 */

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

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder((charset ?? 'windows-1252').trim().toLowerCase() || 'windows-1252');
  } catch {
    // A charset Node does not know: PayPal's default.
    return new TextDecoder('windows-1252');
  }
}

/** The fields of a notification body, each value decoded in the charset the message names (the first value of a repeated name wins). */
export function parseIpn(body: string): IpnFields {
  const pairs = body
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    }) as Array<[string, string]>;
  const ascii = new TextDecoder('latin1');
  const charset = pairs.find(([name]) => ascii.decode(percentBytes(name)) === 'charset')?.[1];
  const decoder = decoderFor(charset === undefined ? undefined : ascii.decode(percentBytes(charset)));
  const fields: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = ascii.decode(percentBytes(name));
    if (!(key in fields)) fields[key] = decoder.decode(percentBytes(value));
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

/** An amount PayPal writes ('25.00', '-25.00') as integer cents, or null when it is not one. */
export function cents(value: string | undefined): number | null {
  if (value === undefined || !/^-?\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  const [whole, fraction = ''] = value.trim().replace('-', '').split('.');
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value.trim().startsWith('-') ? -amount : amount;
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
