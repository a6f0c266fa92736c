/**
 * A loopback HTTP load (autocannon in this process) of POST requests, each with a body made for
 * its sequence number (a new address each time), for a time or for a number of requests.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

let sequence = 0;

export async function postLoad(options: { url: string; body: (n: number) => string; connections: number; seconds?: number; amount?: number }): Promise<LoadResult> {
  const run = (autocannon as unknown as (options: Record<string, unknown>) => Promise<Record<string, any>>)({
    url: options.url,
    method: 'POST',
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest(request: Record<string, unknown>) {
          sequence += 1;
          return { ...request, body: options.body(sequence) };
        },
      },
    ],
  });
  const result = await run;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A sign-up of a new address: `load-<pid>-<n>@example.org`. */
export const signupBody = (n: number) => JSON.stringify({ email: `load-${process.pid}-${n}@example.org` });

/** A contact form from a new address each time. */
export const contactBody = (n: number) =>
  JSON.stringify({ name: 'Amara Okafor', email: `load-${process.pid}-${n}@example.org`, phone: '(817) 555-0199', subject: 'Early learning', message: 'When does the next session start? We are a family of four.' });
