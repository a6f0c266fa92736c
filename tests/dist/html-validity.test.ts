import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { promisify } from 'node:util';
import { distDir, htmlPages } from '../../scripts/page-weight.ts';

/**
 * Every built page through the W3C Nu HTML checker (the HTML standard's own conformance checker,
 * npm `vnu-jar`, run on the system's Java 17: .ci/run installs Debian's runtime), with 0 errors.
 * One exception, the checker's own bug: it reads `linear-gradient(color-mix(...) 0 0)` as a
 * gradient with too few values (its CSS grammar predates color-mix()); the page's rule is valid CSS
 * that every browser the site supports draws.
 */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
}

/** The checker's false positive on color-mix() inside a gradient, and nothing else. */
function colorMixFalsePositive(message: NuMessage, file: string): boolean {
  if (!/^CSS: “[\w-]+”: too few values for the property “linear-gradient”\.$/.test(message.message)) return false;
  const line = readFileSync(file, 'utf8').split('\n')[(message.lastLine ?? 1) - 1] ?? '';
  const before = line.slice(Math.max(0, (message.firstColumn ?? 0) - 200), message.firstColumn);
  return /linear-gradient\(color-mix\([^;{}]*$/.test(before);
}

describe('the W3C Nu HTML checker', () => {
  it('finds 0 errors on every built page', { timeout: 300_000 }, async () => {
    const pages = htmlPages();
    expect(pages.length).toBeGreaterThan(200);
    const { stdout, stderr } = await promisify(execFile)('java', ['-Xss2m', '-jar', vnuJar, '--format', 'json', '--errors-only', ...pages.map((p) => p.file)], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string; stderr: string }) => error); // exit 1 when it reports errors
    const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => ({ ...message, file: decodeURIComponent(new URL(message.url).pathname) }))
      .filter((message) => !colorMixFalsePositive(message, message.file))
      .map((message) => `${relative(distDir, message.file)}: ${message.message} ${JSON.stringify(message.extract ?? '')}`);
    expect(errors.slice(0, 40), `${errors.length} errors`).toEqual([]);
  });

  it('still reports a page with a template-level error, the kinds the site once had', async () => {
    const page = '<!DOCTYPE html><html lang="en"><head><title>t</title><link data-island href="/a.js"></head><body><span aria-label="1 post">1</span></body></html><script src="/b.js"></script>';
    const child = execFile('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', '-'], { maxBuffer: 8 * 1024 * 1024 });
    child.stdin!.end(page);
    let out = '';
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    const messages = (JSON.parse(out) as { messages: NuMessage[] }).messages.map((message) => message.message);
    expect(messages.some((message) => message.startsWith('Element “link” is missing one or more of the following attributes'))).toBe(true);
    expect(messages.some((message) => message.startsWith('The “aria-label” attribute must not be specified on any “span” element'))).toBe(true);
    expect(messages).toContain('Stray start tag “script”.');
  });
});
