/**
 * A stand-in for PayPal's IPN verification endpoint for the browser tests: answers VERIFIED to
 * every postback that starts with `cmd=_notify-validate&` (what the API's worker sends), INVALID
 * to anything else. Started by playwright.config.ts beside the site's server, which points
 * PAYPAL_VERIFY_URL at it. (The API tests, api/test/paypal-fake.ts, check forged messages.)
 */
import { createServer } from 'node:http';

const port = Number(process.env.PAYPAL_PEER_PORT ?? 4712);

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const verified = request.method === 'POST' && Buffer.concat(chunks).toString('latin1').startsWith('cmd=_notify-validate&');
    response.writeHead(200, { 'content-type': 'text/plain' }).end(verified ? 'VERIFIED' : 'INVALID');
  });
}).listen(port, '127.0.0.1', () => console.log(`PayPal verification peer on 127.0.0.1:${port}`));
