/**
 * Takes full-page screenshots of site paths at 375 px and 1280 px, for looking at a page before
 * calling it done. Start the server first (npm start, or node api/src/server.ts after a build).
 *   node scripts/screenshots.ts http://localhost:4321 ./screenshots / /about /programs
 * `--widths=320,375,1280` (anywhere among the arguments) takes other widths.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/support/browser.ts';

const args = process.argv.slice(2);
const widthsArg = args.find((arg) => arg.startsWith('--widths='));
const widths = widthsArg ? widthsArg.slice('--widths='.length).split(',').map(Number) : [375, 1280];
if (widths.some((width) => !Number.isInteger(width) || width < 200)) throw new Error(`--widths takes whole pixel widths: ${widthsArg}`);
const [base = 'http://localhost:4321', outDir = 'screenshots', ...paths] = args.filter((arg) => arg !== widthsArg);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_');
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
    console.log(`${outDir}/${name}-${width}.png`);
  }
  await page.close();
}
await browser.close();
