import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './tests/support/browser.ts';
const b = await chromium.launch(chromiumLaunchOptions());
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
await p.goto('http://localhost:4332/about', { waitUntil: 'networkidle' });
await p.locator('#gallery').scrollIntoViewIfNeeded();
await p.waitForTimeout(800);
await p.screenshot({ path: '/tmp/shots-3/gallery-view.png' });
await b.close();
