/**
 * Content collections: what editors commit under content/, each with a zod schema (the schemas
 * live in src/lib/content-schemas.ts so unit tests can check them). A schema error fails the
 * build with the file and the field. Site-wide facts live in content/site.json (validated by
 * src/lib/site-config.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  careersSchema,
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
import { z } from 'astro/zod';
import { EVENT_CATEGORIES } from './lib/constants.ts';
import { POST_CATEGORIES } from './lib/blog.ts';
import { FAQ_CATEGORIES } from './lib/faq.ts';

const json = (folder: string) => glob({ pattern: '**/*.json', base: `./content/${folder}` });
const mdx = (folder: string) => glob({ pattern: '**/*.mdx', base: `./content/${folder}` });

/** An ISO date-time with its UTC offset, e.g. 2026-12-05T10:00:00-06:00. */
const isoWithOffset = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, 'an ISO date-time with its offset');

/** Artwork or a photo: a path under public/ (or an absolute URL) and its alt text. */
const imagePath = z.string().regex(/^(\/|https:\/\/)/, 'a root-relative path or https URL');

const events = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/events' }),
  schema: z
    .object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string().min(1),
      date: isoWithOffset,
      endDate: isoWithOffset,
      location: z.string().min(1),
      description: z.string().min(1),
      category: z.enum(EVENT_CATEGORIES),
      image: imagePath,
      imageAlt: z.string().min(1),
      isFeatured: z.boolean().default(false),
      registrationLink: z.string().optional(),
      registrationRequired: z.boolean(),
      attendees: z.number().int().nonnegative().optional(),
      organizer: z.string().min(1),
      contact: z.object({ email: z.email(), phone: z.string().optional() }),
    })
    .refine((e) => Date.parse(e.endDate) >= Date.parse(e.date), { message: 'endDate is before date', path: ['endDate'] }),
});

const blog = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './content/blog' }),
  schema: z.object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    excerpt: z.string().min(1),
    author: z.string().min(1),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    category: z.enum(POST_CATEGORIES),
    image: imagePath,
    imageAlt: z.string().min(1),
    tags: z.array(z.string().min(1)).default([]),
  }),
});

const faq = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/faq' }),
  schema: z.object({
    question: z.string().min(1),
    answer: z.string().min(1),
    category: z.enum(FAQ_CATEGORIES),
    order: z.number().int(),
  }),
});

export const collections = {
  events,
  blog,
  faq,
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
