/**
 * What Lighthouse's simulation (Lantern) puts on a page's LCP path. Lantern does not time the
 * page it loaded: it replays the observed requests on a modelled slow 4G link (150 ms round
 * trips, 1.6 Mbit/s shared by the connections in flight, a DNS look-up and a TCP handshake per
 * new connection) and takes as LCP the end of the last request that *finished before the observed
 * LCP*, plus the main-thread work, 4× slower. On localhost every request the parser finds is done
 * before the first paint, so every one of them lands on the path, not only the LCP image: the
 * requests listed here are the ones that end last in that replay.
 */
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import type { RunnerResult } from 'lighthouse';

export interface LcpPath {
  /** The LCP element as Lighthouse names it (its label or selector). */
  element: string;
  /** Simulated end of the document, ms. */
  documentEndMs: number;
  /** The requests that end last on the simulated LCP path: path and simulated end, latest first. */
  lastRequests: { path: string; endMs: number }[];
}

interface LcpElementItem {
  type?: string;
  selector?: string;
  snippet?: string;
}

function lcpElement(result: RunnerResult): string {
  const details = result.lhr.audits['lcp-breakdown-insight']?.details as { items?: LcpElementItem[] } | undefined;
  const node = details?.items?.find((item) => item.type === 'node');
  if (!node) return 'unknown';
  const src = node.snippet?.match(/^<img\b[^>]*\bsrc="([^"]+)"/)?.[1];
  return src ? `image ${src}` : `text ${node.selector ?? node.snippet ?? ''}`;
}

export async function lcpPath(result: RunnerResult, count = 3): Promise<LcpPath> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
    HostDPR: artifacts.HostDPR,
  };
  const context = { computedCache: new Map(), settings } as unknown as Parameters<typeof LanternLargestContentfulPaint.request>[1];
  const metric = await LanternLargestContentfulPaint.request(data, context);
  const network = [...metric.optimisticEstimate.nodeTimings.entries()].flatMap(([node, timing]) =>
    node.type === 'network' ? [{ url: node.request.url, isDocument: node.isMainDocument(), endMs: timing.endTime }] : [],
  );
  const path = (url: string) => {
    const parsed = new URL(url);
    return parsed.protocol === 'data:' ? 'data: URL' : parsed.pathname;
  };
  return {
    element: lcpElement(result),
    documentEndMs: network.find((request) => request.isDocument)?.endMs ?? Number.NaN,
    lastRequests: network
      .filter((request) => !request.isDocument)
      .sort((a, b) => b.endMs - a.endMs)
      .slice(0, count)
      .map((request) => ({ path: path(request.url), endMs: request.endMs })),
  };
}
