/**
 * The Lighthouse bench's control: a bare page (a heading and a paragraph, no stylesheet, font,
 * image or script), measured from the same front in the same rounds as the site's routes.
 *
 * Lantern slows this machine's own main-thread work down 4 times, and Chromium spends part of that
 * work on any page at all (starting the document, its first style and layout, its first paint).
 * The control's LCP is therefore what this machine gives a page with nothing to load: how far a
 * route's LCP sits above it is what the route itself costs.
 *
 * The page goes into a copy of dist/, never into dist/ itself, so nothing the bench adds can be
 * deployed.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CONTROL_ROUTE = '/lighthouse-control/';

export const CONTROL_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Control page</title>
</head>
<body>
<h1>A bare page</h1>
<p>One heading and one paragraph: no stylesheet, font, image or script.</p>
</body>
</html>
`;

/** A copy of `dist` with the control page at CONTROL_ROUTE; `remove()` deletes the copy. */
export function distWithControlPage(dist: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'sipa-lighthouse-dist-'));
  cpSync(dist, dir, { recursive: true });
  mkdirSync(join(dir, CONTROL_ROUTE), { recursive: true });
  writeFileSync(join(dir, CONTROL_ROUTE, 'index.html'), CONTROL_PAGE);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
