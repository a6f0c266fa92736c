/**
 * A real SMTP server for the browser tests: accepts every message and writes it as a .eml file
 * to MAIL_DIR, so a test can read what the site sent (the staff reset code). Started by
 * playwright.config.ts next to the site's server, which sends to it through SMTP_URL.
 *
 * A per-address 550: an address listed (one a line) in REFUSE_FILE is refused at RCPT TO with
 * "550 5.1.1", as a mailbox that does not exist is, and each refusal is appended to
 * REFUSED_LOG (one address a line), so a test can tell how often the site tried it.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PEER_PORT ?? 4711);
const dir = process.env.MAIL_DIR ?? `.e2e-data/mail-${port}`;
const refuseFile = process.env.REFUSE_FILE ?? join(dirname(dir), 'smtp-refuse.txt');
const refusedLog = process.env.REFUSED_LOG ?? join(dirname(dir), 'smtp-refused.log');
mkdirSync(dir, { recursive: true });

/** Read at each RCPT TO, so a test's switch holds from its next message on. */
function refused(address: string): boolean {
  if (!existsSync(refuseFile)) return false;
  return readFileSync(refuseFile, 'utf8').split('\n').includes(address.toLowerCase());
}

let counter = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (!refused(address.address)) return callback();
    appendFileSync(refusedLog, `${address.address.toLowerCase()}\n`);
    callback(Object.assign(new Error('5.1.1 The email account that you tried to reach does not exist'), { responseCode: 550 }));
  },
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
