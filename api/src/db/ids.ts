/**
 * Row ids: UUID version 7 (RFC 9562), a millisecond time followed by random bits. Ids made one
 * after another sort one after another, so a new row's primary-key entry lands on the last page
 * of the index instead of a random one: a commit of many sign-ups writes a few pages, not one per
 * row. The ids stay unguessable enough for what they are (links carry an HMAC, not just the id)
 * and have the same 36-character shape as a random UUID.
 */
import { randomFillSync } from 'node:crypto';

const random = new Uint8Array(10 * 256);
let randomOffset = random.length;
let lastMs = 0;
let sequence = 0;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function newId(now = Date.now()): string {
  if (randomOffset + 10 > random.length) {
    randomFillSync(random);
    randomOffset = 0;
  }
  const bytes = random.subarray(randomOffset, randomOffset + 10);
  randomOffset += 10;
  // Within one millisecond a 12-bit counter (in rand_a) keeps ids in the order they were made.
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const ms = lastMs;
  const high = Math.floor(ms / 2 ** 16);
  const t = [(high >>> 24) & 0xff, (high >>> 16) & 0xff, (high >>> 8) & 0xff, high & 0xff, (ms >>> 8) & 0xff, ms & 0xff];
  const version = 0x70 | ((sequence >>> 8) & 0x0f);
  const seq = sequence & 0xff;
  const variant = 0x80 | (bytes[0]! & 0x3f);
  return (
    `${HEX[t[0]!]}${HEX[t[1]!]}${HEX[t[2]!]}${HEX[t[3]!]}-${HEX[t[4]!]}${HEX[t[5]!]}-${HEX[version]}${HEX[seq]}-` +
    `${HEX[variant]}${HEX[bytes[1]!]}-${HEX[bytes[2]!]}${HEX[bytes[3]!]}${HEX[bytes[4]!]}${HEX[bytes[5]!]}${HEX[bytes[6]!]}${HEX[bytes[7]!]}`
  );
}
