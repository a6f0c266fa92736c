/**
 * Mozilla's own HTTP Observatory code (@mdn/mdn-http-observatory) over answers a test fetched
 * itself: the Observatory's tests and grader score them as its scan() does after retrieving.
 * Used on the Node server (tests/dist/observatory.test.ts) and on nginx (deploy/test/).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { CONFIG } from '@mdn/mdn-http-observatory/src/config.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { parseHttpEquivHeaders } from '@mdn/mdn-http-observatory/src/retriever/utils.js';
import { Requests } from '@mdn/mdn-http-observatory/src/types.js';

// The package's install script downloads Chromium's HSTS preload list; with no network an
// empty list stands in (no host here is preloaded, so the answer is the same).
const preloadList = join(dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory')), '..', 'conf', 'hsts-preload.json');
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}');

export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  data: string;
  /** Whether the TLS certificate was verified (always true for the plain-HTTP side of a test proxy). */
  verified: boolean;
  httpEquiv?: Map<string, string[]>;
}

/** Fetches one path from the plain-HTTP or the HTTPS side of the site under test. */
export type Fetcher = (side: 'http' | 'https', path: string, method?: string, headers?: Record<string, string>) => Promise<Answer>;

export interface Score {
  grade: string;
  score: number;
  failed: string[];
}

/** What scan() does after retrieving: run every Observatory test and grade the result. */
export async function observatoryScore(host: string, path: string, fetch: Fetcher): Promise<Score> {
  const requests = new Requests(host);
  const first = await fetch('http', path);
  const https = await fetch('https', path);
  const location = String(first.headers.location ?? '');
  requests.responses.http = https;
  requests.responses.https = https;
  requests.responses.httpRedirects = [
    { url: new URL(`http://${host}${path}`), status: first.status },
    ...(location ? [{ url: new URL(location), status: https.status }] : []),
  ];
  requests.responses.httpsRedirects = requests.responses.httpRedirects;
  requests.responses.auto = https;
  const isHtml = String(https.headers['content-type'] ?? '').startsWith('text/html');
  requests.responses.auto.httpEquiv = isHtml ? parseHttpEquivHeaders(https.data, `https://${host}${path}`) : new Map();
  requests.resources.path = https.data;
  requests.responses.cors = await fetch('https', path, 'OPTIONS', { 'access-control-request-method': 'GET', origin: CONFIG.retriever.corsOrigin });
  requests.session = { url: new URL(`https://${host}${path}`), jar: { serializeSync: () => ({ cookies: [] }) } } as never;

  let withExtraCredit = 100;
  let uncurved = 100;
  const failed: string[] = [];
  for (const run of ALL_TESTS) {
    const output = run(requests);
    if (!output.result) continue;
    const modifier = getScoreModifier(output.result);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    if (!output.pass) failed.push(output.result);
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  return { grade: final.grade, score: final.score, failed };
}
