/**
 * The newsletter's pasted HTML after cleaning: layout survives (tables, inline styles, https links
 * and images), and nothing in it can load or run anything when a mail client opens it. An inline
 * style that could fetch a resource (a tracking pixel, a remote font) is dropped whole, however it
 * is written.
 */
import { describe, expect, test } from 'vitest';
import { sanitizeNewsletterHtml } from '../src/newsletter-broadcast/content.ts';

describe('cleaning a newsletter', () => {
  test('keeps what email layout needs', () => {
    const html =
      '<table width="600" cellpadding="0"><tr><td style="padding:16px;color:#333333;font-family:Arial,sans-serif">' +
      '<h1 style="margin:0">Winter news</h1><p>Read <a href="https://sipa.example.org/blog">our blog</a>.</p>' +
      '<img src="https://sipa.example.org/art/hero.png" alt="Families" width="600"></td></tr></table>';
    const clean = sanitizeNewsletterHtml(html);
    expect(clean).toContain('style="padding:16px;color:#333333;font-family:Arial,sans-serif"');
    expect(clean).toContain('<a href="https://sipa.example.org/blog" rel="noopener">our blog</a>');
    expect(clean).toContain('<img src="https://sipa.example.org/art/hero.png" alt="Families" width="600" />');
  });

  test('drops scripts, handlers, forms and links that are not https or mailto', () => {
    const clean = sanitizeNewsletterHtml(
      '<p onclick="steal()">Hi</p><script>steal()</script><form action="https://x.example"><input name="a"></form>' +
        '<a href="javascript:steal()">a</a><a href="http://plain.example">b</a><img src="http://plain.example/p.png">',
    );
    expect(clean).toBe('<p>Hi</p><a rel="noopener">a</a><a rel="noopener">b</a>');
  });

  test.each([
    ['url()', 'background:url(https://tracker.example/p.png)'],
    ['URL in capitals with a space', 'background-image: URL (https://tracker.example/p.png)'],
    ['a CSS escape for the u of url', 'background:\\75 rl(https://tracker.example/p.png)'],
    ['a CSS escape inside url', 'background:u\\72l(https://tracker.example/p.png)'],
    ['an HTML entity inside url', 'background:u&#114;l(https://tracker.example/p.png)'],
    ['image-set with a string', 'background-image:image-set("https://tracker.example/p.png" 1x)'],
    ['-webkit-image-set', 'background-image:-webkit-image-set("https://tracker.example/p.png" 1x)'],
    ['expression()', 'width:expression(steal())'],
    ['@import', '@import "https://tracker.example/x.css"'],
  ])('drops an inline style that loads anything: %s', (_kind, style) => {
    const clean = sanitizeNewsletterHtml(`<p style="${style.replace(/"/g, '&quot;')}">Hello</p>`);
    expect(clean).toBe('<p>Hello</p>');
  });
});

test('an entity beyond Unicode in a style is replaced, not an error; colours and calc stay', () => {
  expect(sanitizeNewsletterHtml('<p style="color:&#99999999999;">Hello</p>')).toBe('<p style="color:\ufffd">Hello</p>');
  expect(sanitizeNewsletterHtml('<p style="color:rgb(10, 20, 30);width:calc(100% - 8px)">Hello</p>')).toBe(
    '<p style="color:rgb(10, 20, 30);width:calc(100% - 8px)">Hello</p>',
  );
});
