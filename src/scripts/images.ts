/** 'Image not available' in the page's language, which BaseLayout writes on <body>. */
const unavailableText = () => document.body.dataset.imageUnavailable ?? '';

/**
 * Images fade in once loaded and show 'Image not available' when they fail. Images that finished
 * before this ran are left as they are, so nothing flickers and pages without JS still show them.
 */
function showFallback(img: HTMLImageElement): void {
  const holder = img.parentElement;
  if (!holder || holder.querySelector('.site-image__fallback')) return;
  img.classList.remove('is-loading');
  img.style.visibility = 'hidden';
  const fallback = document.createElement('span');
  fallback.className = 'site-image__fallback';
  const text = unavailableText();
  fallback.setAttribute('role', 'img');
  fallback.setAttribute('aria-label', img.alt ? `${img.alt} (${text})` : text);
  fallback.textContent = text;
  holder.append(fallback);
}

function enhanceImage(img: HTMLImageElement): void {
  // An island's image drawn by the server belongs to the island until it hydrates: hydration
  // removes what it did not draw, so a fallback shown before it would vanish with the failure
  // unexplained. Such an image is enhanced once its island has hydrated (Astro then drops `ssr`).
  const island = img.closest('astro-island[ssr]');
  if (island) {
    island.addEventListener('astro:hydrate', () => enhanceImage(img), { once: true });
    return;
  }
  if (img.dataset.fadeReady) return;
  img.dataset.fadeReady = '';
  if (img.complete) {
    if (img.naturalWidth === 0 && img.currentSrc) showFallback(img);
    return;
  }
  img.classList.add('is-loading');
  img.addEventListener('load', () => img.classList.remove('is-loading'), { once: true });
  img.addEventListener('error', () => showFallback(img), { once: true });
}

function enhanceWithin(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches('img[data-fade]')) enhanceImage(node as HTMLImageElement);
  node.querySelectorAll<HTMLImageElement>('img[data-fade]').forEach(enhanceImage);
}

/**
 * The page's images now, and those the islands draw later (a filtered list, the next page of
 * results) as they arrive: the observer reports them before they are painted. The islands need
 * no import of their own, so the shell's script stays one file.
 */
export function setUpImages(root: Document = document): void {
  enhanceWithin(root.documentElement);
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(enhanceWithin);
  }).observe(root.documentElement, { childList: true, subtree: true });
}
