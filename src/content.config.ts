/**
 * Content collections: what editors commit under content/, each with a zod schema. A schema
 * error fails the build with the file and the field. Site-wide facts live in content/site.json
 * (validated by src/lib/site-config.ts).
 */
import { defineCollection } from 'astro:content';

export const collections = {};
