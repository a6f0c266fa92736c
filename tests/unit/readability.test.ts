import { describe, expect, it } from 'vitest';
import { mainCopy, readability } from '../../scripts/readability.ts';

describe('readability of main copy', () => {
  it('reads the running text of <main>, not the navigation, forms or scripts', () => {
    const html = `<header><nav><p>Home and other links in the menu</p></nav></header>
      <main><nav aria-label="Breadcrumb"><p>Home / About us today</p></nav>
      <p>We help families find a home. They find work and school.</p>
      <ul><li>Free lessons for children ages 0-5 and parents</li><li>Short</li></ul>
      <form><p>Your email address goes here please</p><button>Subscribe to the newsletter</button></form>
      <div class="faq-item__answer" data-faq-answer>Yes. You can give <a href="/donate">every month</a> with a card.</div>
      <script>const text = "not copy at all here";</script></main>`;
    expect(mainCopy(html)).toEqual([
      'Yes. You can give every month with a card.',
      'We help families find a home. They find work and school.',
      'Free lessons for children ages 0-5 and parents',
    ]);
  });

  it('leaves out the names and figures of a card and the date line of an event, which are not sentences', () => {
    const html = `<main><p class="eyebrow">Volunteer shift · Event volunteer</p>
      <ul><li><h3><a href="/programs/early-learning">Early Learning &amp; Parent Engagement</a></h3>
      <dl><dt>People served</dt><dd>150</dd><dt>Communities reached</dt><dd>6</dd></dl></li></ul>
      <p class="meta"><time datetime="2026-12-12T14:00:00-06:00">Saturday, December 12, 2026</time> 2:00 PM – 6:00 PM CT<br>Grapevine Community Activities Center, 1175 Municipal Way</p>
      <p>Close the year together with a shared meal, music and dancing.</p></main>`;
    expect(mainCopy(html)).toEqual(['Close the year together with a shared meal, music and dancing.']);
  });

  it('gives short plain sentences a low grade and long ones a high grade', () => {
    const plain = readability(['We help families. They find work. Children go to school.']);
    const dense = readability([
      'Our organisation facilitates comprehensive, culturally responsive interventions that strengthen intergenerational economic resilience across diverse immigrant communities.',
    ]);
    expect(plain.sentences).toBe(3);
    expect(plain.words).toBe(10);
    expect(plain.grade).toBeLessThan(4);
    expect(dense.grade).toBeGreaterThan(16);
  });
});
