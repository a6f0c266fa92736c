// The parts of @mdn/mdn-http-observatory (JavaScript with JSDoc, no published types) that
// tests/dist/observatory.test.ts uses.
declare module '@mdn/mdn-http-observatory/src/constants.js' {
  export const ALL_TESTS: Array<(requests: unknown) => { result: string | null; pass: boolean | null }>;
}
declare module '@mdn/mdn-http-observatory/src/config.js' {
  export const CONFIG: { retriever: { corsOrigin: string } };
}
declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { grade: string; score: number };
  export function getScoreModifier(expectation: string): number;
}
declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
}
declare module '@mdn/mdn-http-observatory/src/types.js' {
  export class Requests {
    constructor(hostname: string);
    hostname: string;
    resources: { path: string | null };
    responses: {
      auto: any;
      cors: any;
      http: any;
      https: any;
      httpRedirects: Array<{ url: URL; status: number }>;
      httpsRedirects: Array<{ url: URL; status: number }>;
    };
    session: unknown;
  }
}
