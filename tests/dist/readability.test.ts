import { describe, expect, it } from 'vitest';
import { pageReadability } from '../../scripts/readability.ts';

/**
 * Plain words: the audience reads English as a second or third language. The main copy of these
 * pages reads at Flesch-Kincaid grade 8 or below (measured on the built HTML, as `npm run bench`
 * reports it).
 */
const routes = [
  '/',
  '/about',
  '/team',
  '/programs',
  '/programs/early-learning',
  '/programs/financial-empowerment',
  '/programs/career-pathways',
  '/programs/mental-health',
  '/programs/future-ready-youth',
  '/get-involved',
  '/faq',
];

describe('plain words in dist/', () => {
  for (const route of routes) {
    it(`${route} reads at grade 8 or below`, () => {
      const { grade, words } = pageReadability(route);
      expect(words, 'main copy found').toBeGreaterThan(100);
      expect(grade).toBeLessThanOrEqual(8);
    });
  }
});
