import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '/work/wt9b/tests/support/browser.ts';
const browser = await chromium.launch(chromiumLaunchOptions());
const jobs: [number, string, string, string][] = JSON.parse(process.argv[2]!);
for (const [width, path, selector, name] of jobs) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto('http://127.0.0.1:4511' + path, { waitUntil: 'networkidle' });
  await page.locator(selector).first().screenshot({ path: `/tmp/wt9b/${name}.png` });
  await page.close();
}
await browser.close();
