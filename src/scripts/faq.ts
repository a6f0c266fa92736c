import { filterFaqs, FAQ_FILTERS, type FaqFilter, type FaqItem } from '../lib/faq.ts';

/**
 * The FAQ page's search box and category buttons. The accordion itself is native
 * <details name="faq"> (one open at a time, keyboard and screen reader friendly without script);
 * this script only filters which items show, and closes an item that gets filtered out.
 */
export function setUpFaq(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-faq-search]');
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-faq-category]')];
  const items = [...root.querySelectorAll<HTMLDetailsElement>('[data-faq-item]')];
  const empty = root.querySelector<HTMLElement>('[data-faq-empty]');
  const count = root.querySelector<HTMLElement>('[data-faq-count]');
  const data: (FaqItem & { el: HTMLDetailsElement })[] = items.map((el) => ({
    el,
    question: el.querySelector('[data-faq-question]')?.textContent?.trim() ?? '',
    answer: el.querySelector('[data-faq-answer]')?.innerHTML ?? '',
    category: el.dataset.faqItem as FaqItem['category'],
  }));
  let category: FaqFilter = 'All';

  function update(): void {
    const shown = new Set(filterFaqs(data, input?.value ?? '', category).map((item) => item.el));
    for (const { el } of data) {
      const visible = shown.has(el);
      el.hidden = !visible;
      if (!visible) el.open = false;
    }
    if (empty) empty.hidden = shown.size > 0;
    // The page wrote both forms in its own language (FaqSearch.astro), with {count} to fill in.
    if (count) count.textContent = ((shown.size === 1 ? count.dataset.countOne : count.dataset.countMany) ?? '').replace('{count}', String(shown.size));
  }

  input?.addEventListener('input', update);
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const value = button.dataset.faqCategory as FaqFilter;
      category = FAQ_FILTERS.includes(value) ? value : 'All';
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      update();
    });
  }
  update();
}

const root = document.querySelector<HTMLElement>('[data-faq]');
if (root) setUpFaq(root);
