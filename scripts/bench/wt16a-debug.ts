import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { serveDist } from './lighthouse.ts';
const server = await serveDist(5431);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
for (const route of process.argv.slice(2)) {
  const r = await lighthouse(`${server.base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync(`/tmp/wt16a-lh-${route.replace(/\W/g, '_')}.json`, JSON.stringify(r!.lhr));
  const a = r!.lhr.audits;
  console.log(route, a['largest-contentful-paint']!.numericValue, JSON.stringify(a['largest-contentful-paint-element']?.details).slice(0, 600));
  console.log(JSON.stringify(a['render-blocking-resources']?.details ?? a['render-blocking-insight']?.details).slice(0, 800));
  console.log(JSON.stringify((a['network-requests']!.details as any).items.map((i: any) => [i.url.replace(server.base, ''), i.transferSize, i.priority, Math.round(i.networkRequestTime), Math.round(i.networkEndTime)])));
}
chrome.kill(); server.stop();
