/**
 * Takes full-page screenshots of site paths at 375 px and 1280 px, for looking at a page before
 * calling it done. Start the server first (npm start, or node api/src/server.ts after a build).
 *   node scripts/screenshots.ts http://localhost:4321 ./screenshots / /about /programs
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './tests/support/browser.ts';

const [base = 'http://localhost:4321', outDir = 'screenshots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } window.scrollTo(0, 0); }); await page.waitForTimeout(600);
    const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_');
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
    console.log(`${outDir}/${name}-${width}.png`);
  }
  await page.close();
}
await browser.close();
