/**
 * The contact page's map loads only on request: the button swaps the placeholder for the Google
 * Maps iframe, so no third-party request happens until the visitor asks for it.
 */
export function enhanceMapEmbeds(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-map-load]')) {
    button.hidden = false;
    button.addEventListener('click', () => {
      const holder = button.closest<HTMLElement>('[data-map]');
      const src = holder?.dataset.mapSrc;
      if (!holder || !src) return;
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = holder.dataset.mapTitle ?? 'Map';
      frame.loading = 'lazy';
      frame.referrerPolicy = 'no-referrer-when-downgrade';
      frame.className = 'contact-map__frame';
      frame.allowFullscreen = true;
      holder.querySelector('[data-map-placeholder]')?.replaceWith(frame);
      holder.dataset.loaded = 'true';
      frame.focus();
    });
  }
}
