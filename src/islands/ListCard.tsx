/**
 * A card of the blog's or the events' list island: the card frame every list shares
 * (src/components/card.css, also under Card.astro's cards), the image linking to the item, and
 * the body the list fills. `name` is the list's own class (post-card, event-card).
 */
import type { ReactNode } from 'react';
import { IslandImage } from './browser-kit.tsx';
import '../components/card.css';

interface Props {
  name: string;
  href: string;
  /** The id of the card's heading, which names the card. */
  headingId: string;
  image: string;
  /** Shown over the image (the events' category badge). */
  badge?: ReactNode;
  /**
   * The first card a list shows: its image is in the first screen, often the largest thing there,
   * so it loads at once and first instead of waiting for layout as the lazy ones below it do.
   */
  first?: boolean;
  children: ReactNode;
}

export function ListCard({ name, href, headingId, image, badge, first = false, children }: Props) {
  return (
    <article className={`sipa-card ${name}`} aria-labelledby={headingId}>
      <a className={`${name}__media`} href={href} tabIndex={-1} aria-hidden="true">
        <IslandImage src={image} alt="" width={800} height={500} first={first} />
        {badge}
      </a>
      <div className={`sipa-card__body ${name}__body`}>{children}</div>
    </article>
  );
}
