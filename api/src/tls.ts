/**
 * The certificate the Node server offers for HTTPS and HTTP/2 (browsers speak HTTP/2 only over
 * TLS, and over HTTP/1.1 every request after the document waits for a new connection).
 *
 *   TLS=off                       plain HTTP only (behind a proxy that ends TLS)
 *   TLS_CERT_FILE, TLS_KEY_FILE   the site's own certificate (PEM files, chain first), read at start
 *   neither                       a certificate for localhost, made at first start into
 *                                 DATA_DIR/tls/ and kept (made again once it nears its end)
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsCertificate {
  key: string;
  cert: string;
  /** Where it came from, for the start-up line. */
  source: string;
}

/** The local certificate's file (key and certificate in one, so it is written in one step). */
export const LOCAL_CERTIFICATE_FILE = 'localhost.pem';
/** The local certificate's names: every way this machine is reached from itself. */
export const LOCAL_NAMES = { dns: ['localhost'], ip: ['127.0.0.1', '::1'] } as const;
/** Days a local certificate is valid; it is made again when fewer than RENEW_DAYS are left. */
export const LOCAL_VALID_DAYS = 365;
const RENEW_DAYS = 7;
const DAY_MS = 86_400_000;

const PEM_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----\n/;
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/g;

/** The server's certificate from the environment, or none when TLS is off. */
export async function tlsCertificate(env: Record<string, string | undefined>, dataDir: string): Promise<TlsCertificate | undefined> {
  if (env.TLS?.trim().toLowerCase() === 'off') return undefined;
  const certFile = env.TLS_CERT_FILE?.trim();
  const keyFile = env.TLS_KEY_FILE?.trim();
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither for a local certificate.');
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), source: certFile };
  }
  return localCertificate(join(dataDir, 'tls'));
}

/** The certificate for localhost in `dir`, made (or made again) when missing or near its end. */
export async function localCertificate(dir: string, now = new Date()): Promise<TlsCertificate> {
  const file = join(dir, LOCAL_CERTIFICATE_FILE);
  const kept = existsSync(file) ? split(readFileSync(file, 'utf8')) : undefined;
  if (kept && validUntil(kept.cert) - now.getTime() > RENEW_DAYS * DAY_MS) return { ...kept, source: file };
  // Loaded only to make one: a start with a kept certificate does not load the X.509 library.
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + LOCAL_VALID_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...LOCAL_NAMES.dns.map((value) => ({ type: 2 as const, value })), ...LOCAL_NAMES.ip.map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written beside, then renamed: a second server starting at the same moment reads a whole file.
  const key = `${made.private.trim()}\n`;
  const cert = `${made.cert.trim()}\n`;
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, key + cert, { mode: 0o600 });
  renameSync(partial, file);
  return { key, cert, source: file };
}

/** When `cert` ends (0 when it cannot be read: made again). */
function validUntil(cert: string): number {
  try {
    return new Date(new X509Certificate(cert).validTo).getTime();
  } catch {
    return 0;
  }
}

function split(pem: string): { key: string; cert: string } | undefined {
  const key = PEM_KEY.exec(pem)?.[0];
  const cert = pem.match(PEM_CERT)?.join('');
  return key && cert ? { key, cert } : undefined;
}
