/**
 * The contact page's map loads only on request. 'Show the map' is a plain link to the map (so it
 * works without JavaScript); with it, the link swaps the placeholder for the Google Maps iframe
 * in place. No third-party request happens until the visitor asks for it.
 */
export function enhanceMapEmbeds(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLAnchorElement>('[data-map-load]')) {
    button.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
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
