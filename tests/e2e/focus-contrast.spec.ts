import { expect, test, type Page } from '@playwright/test';

/**
 * The keyboard focus ring keeps at least 3:1 against what is behind it on the dark green
 * surfaces (WCAG 1.4.11): the footer, the call-to-action bands, green sections and the
 * thank-you hero. Every focusable element on those surfaces is focused and measured.
 */
const surfaces = [
  { route: '/', selector: 'footer.site-footer' },
  { route: '/get-involved', selector: 'footer.site-footer' },
  { route: '/', selector: '.cta-band' },
  { route: '/resources/banking-guide', selector: '.cta-band' },
  { route: '/blog', selector: '.blog-cta' },
  { route: '/thank-you?amount=50', selector: '.page-hero--green' },
  { route: '/programs/early-learning', selector: '.section--green' },
  { route: '/planned-giving', selector: '.section--green' },
];

/** Ring colour and the colour behind it (the nearest opaque background of an ancestor). */
async function ringContrasts(page: Page, selector: string): Promise<{ target: string; ratio: number }[]> {
  // A surface with no link of its own today (the thank-you hero) still gets one measured: a probe
  // link added as its last child shows the ring any future link there would get.
  await page.locator(selector).first().evaluate((surface) => {
    const probe = document.createElement('a');
    probe.href = '#probe';
    probe.textContent = 'Probe link';
    probe.dataset.probe = '';
    surface.append(probe);
  });
  const count = await page.locator(selector).locator('a[href], button, input, select, textarea').count();
  const found: { target: string; ratio: number }[] = [];
  for (let i = 0; i < count; i++) {
    const element = page.locator(selector).locator('a[href], button, input, select, textarea').nth(i);
    if (!(await element.isVisible())) continue;
    await element.focus();
    found.push(
      await element.evaluate((el) => {
        const parse = (value: string) => {
          const [r, g, b, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
          return { r: r!, g: g!, b: b!, a };
        };
        const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
          const channel = (c: number) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        const style = getComputedStyle(el);
        if (!el.matches(':focus-visible') || style.outlineStyle === 'none') return { target: el.outerHTML.slice(0, 80), ratio: 0 };
        const ring = parse(style.outlineColor);
        let node: Element | null = el.parentElement;
        let behind = { r: 255, g: 255, b: 255, a: 1 };
        while (node) {
          const bg = parse(getComputedStyle(node).backgroundColor);
          if (bg.a > 0.5) {
            behind = bg;
            break;
          }
          node = node.parentElement;
        }
        const [hi, lo] = [luminance(ring), luminance(behind)].sort((x, y) => y - x);
        return { target: el.textContent?.trim().slice(0, 40) || el.outerHTML.slice(0, 60), ratio: (hi! + 0.05) / (lo! + 0.05) };
      }),
    );
  }
  return found;
}

for (const { route, selector } of surfaces) {
  test(`${route}: the focus ring on ${selector} keeps 3:1`, async ({ page }) => {
    await page.goto(route);
    await page.keyboard.press('Tab'); // keyboard modality: programmatic focus then shows the ring
    const contrasts = await ringContrasts(page, selector);
    expect(contrasts.length, `focusable elements in ${selector}`).toBeGreaterThan(0);
    const lowest = Math.min(...contrasts.map((c) => c.ratio));
    test.info().annotations.push({ type: 'lowest focus-ring contrast', description: `${route} ${selector} ${lowest.toFixed(2)}:1` });
    for (const { target, ratio } of contrasts) expect(ratio, `${target}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
  });
}
