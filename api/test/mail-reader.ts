/**
 * Reads a message as the SMTP peer received it, enough for tests of its words: the decoded
 * Subject (RFC 2047 encoded words), each text part decoded to UTF-8 (quoted-printable or base64,
 * inside multipart/alternative or alone), and the headers.
 */
import { headersOf } from './smtp-sink.ts';

function bytesOfQuotedPrintable(text: string): Uint8Array {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(unfolded[i]!));
  }
  return new Uint8Array(bytes);
}

function decodePart(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return new TextDecoder().decode(bytesOfQuotedPrintable(body));
  return body;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words back to text. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : new TextDecoder().decode(bytesOfQuotedPrintable(data.replace(/_/g, ' '))),
    );
}

export interface ReadMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export function readMail(raw: string): ReadMail {
  const headers = headersOf(raw);
  const parts: Array<{ type: string; body: string }> = [];
  const collect = (head: Map<string, string>, body: string) => {
    const type = (head.get('content-type') ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const section of body.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const part = section.replace(/^\r\n/, '');
        const split = part.indexOf('\r\n\r\n');
        collect(headersOf(part), part.slice(split + 4).replace(/\r\n$/, ''));
      }
      return;
    }
    parts.push({ type, body: decodePart(body, (head.get('content-transfer-encoding') ?? '').toLowerCase()) });
  };
  collect(headers, raw.slice(raw.indexOf('\r\n\r\n') + 4));
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.body ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.body ?? '',
  };
}
