/** The waiting-list page's place in the line, written into the built page by the server that answers the plain form. */
import { describe, expect, test } from 'vitest';
import { WAITLIST_MARKERS, withWaitlistPosition } from '../../src/lib/waitlist-position.ts';

const { known, number, unknown } = WAITLIST_MARKERS;
const page = `<main>${known.hidden}Vous êtes en position ${number.empty} sur la liste d’attente.</p>${unknown.shown}Votre rang est indiqué dans l’e-mail.</p></main>`;

describe('withWaitlistPosition', () => {
  test('writes the place in, shows its sentence and hides the one for a page opened on its own', () => {
    expect(withWaitlistPosition(page, 12)).toBe(
      '<main><p data-waitlist-known>Vous êtes en position <strong data-waitlist-number>12</strong> sur la liste d’attente.</p><p data-waitlist-unknown hidden>Votre rang est indiqué dans l’e-mail.</p></main>',
    );
  });

  test('leaves a page without every marker, and a place that is not a whole number from 1, unfilled', () => {
    expect(withWaitlistPosition('<main><p>On the waiting list</p></main>', 1)).toBeUndefined();
    expect(withWaitlistPosition(page.replace(unknown.shown, '<p>'), 1)).toBeUndefined();
    for (const position of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(withWaitlistPosition(page, position)).toBeUndefined();
  });
});
