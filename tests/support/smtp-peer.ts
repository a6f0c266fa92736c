/**
 * A real SMTP server for the browser tests: accepts every message and writes it as a .eml file
 * to MAIL_DIR, so a test can read what the site sent (the staff reset code). Started by
 * playwright.config.ts next to the site's server, which sends to it through SMTP_URL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PEER_PORT ?? 4711);
const dir = process.env.MAIL_DIR ?? `.e2e-data/mail-${port}`;
mkdirSync(dir, { recursive: true });

let counter = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      counter += 1;
      writeFileSync(join(dir, `${Date.now()}-${process.pid}-${counter}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`SMTP peer on 127.0.0.1:${port}, writing to ${dir}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
