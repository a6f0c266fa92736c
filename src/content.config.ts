/**
 * Content collections: what editors commit under content/, each with a zod schema (all of them
 * in src/lib/content-schemas.ts, so unit tests can check them and types derive from them). A schema error fails the
 * build with the file and the field. Site-wide facts live in content/site.json (validated by
 * src/lib/site-config.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  blogPostSchema,
  careersSchema,
  eventSchema,
  faqSchema,
  gallerySchema,
  guideSchema,
  homeSchema,
  legalSchema,
  plannedGivingSchema,
  programSchema,
  staffSchema,
  testimonialSchema,
  valueSchema,
  volunteerOpportunitySchema,
} from './lib/content-schemas.ts';

// Only the folder's own files: translations live in per-language subfolders (content/<collection>/fr/)
// and must not be read as extra English entries.
const json = (folder: string) => glob({ pattern: '*.json', base: `./content/${folder}` });
const mdx = (folder: string) => glob({ pattern: '*.mdx', base: `./content/${folder}` });

export const collections = {
  events: defineCollection({ loader: glob({ pattern: '*.json', base: './content/events' }), schema: eventSchema }),
  blog: defineCollection({ loader: glob({ pattern: '*.mdx', base: './content/blog' }), schema: blogPostSchema }),
  faq: defineCollection({ loader: glob({ pattern: '*.json', base: './content/faq' }), schema: faqSchema }),
  programs: defineCollection({ loader: mdx('programs'), schema: programSchema }),
  staff: defineCollection({ loader: json('staff'), schema: staffSchema }),
  values: defineCollection({ loader: json('values'), schema: valueSchema }),
  testimonials: defineCollection({ loader: json('testimonials'), schema: testimonialSchema }),
  home: defineCollection({ loader: json('home'), schema: homeSchema }),
  volunteerOpportunities: defineCollection({ loader: json('volunteer-opportunities'), schema: volunteerOpportunitySchema }),
  plannedGiving: defineCollection({ loader: json('planned-giving'), schema: plannedGivingSchema }),
  careers: defineCollection({ loader: json('careers'), schema: careersSchema }),
  gallery: defineCollection({ loader: json('gallery'), schema: gallerySchema }),
  guides: defineCollection({ loader: mdx('guides'), schema: guideSchema }),
  legal: defineCollection({ loader: mdx('legal'), schema: legalSchema }),
};
