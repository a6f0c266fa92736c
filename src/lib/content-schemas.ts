import { z } from 'zod';
import { CAROUSEL_IMAGE_COUNT, EVENT_CAPACITY_MAX, REGISTRATION_CHOICES_MAX, REGISTRATION_QUESTIONS_MAX, SHIFT_PLACES_MAX, EVENT_CATEGORIES, VOLUNTEER_INTERESTS } from './constants.ts';
import { POST_CATEGORIES } from './blog.ts';
import { FAQ_CATEGORIES } from './faq.ts';

/**
 * The zod schemas of the content collections (content/<collection>/). src/content.config.ts
 * wires them to loaders; keeping them here, free of Astro imports, lets unit tests validate the
 * real content files and the error messages. Astro fails the build on a mismatch and names the
 * entry and the field (for example `programs → early-learning: impactMetrics.peopleServed`).
 */

export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use a YYYY-MM-DD date');
/** Artwork or a photo: a path under public/ (SVG artwork lives in public/art/). */
export const imagePath = z.string().regex(/^\/[\w\-./]+\.(svg|png|jpe?g|webp|avif)$/, 'use a path under public/, e.g. /art/scene.svg');
const altText = z.string().min(3, 'describe the image for people who cannot see it');
const internalPath = z.string().regex(/^\/[a-z0-9\-/#?=&.]*$/, 'use a lowercase site path such as /contact');
const phone = z.string().regex(/^\+[1-9][\d-]{6,18}$/, 'phone must be in +1-817-555-0100 form');
const order = z.number().int().min(0);
/** Event and blog images: a root-relative path or an https URL. */
export const mediaPath = z.string().regex(/^(\/|https:\/\/)/, 'a root-relative path or https URL');
/** An ISO date-time with its UTC offset, e.g. 2026-12-05T10:00:00-06:00. */
export const isoWithOffset = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, 'an ISO date-time with its offset');

/**
 * A question of the event's own on its registration form ("How old are the children?"): a short
 * written answer, or one of its `choices`. Its translation (the fr/ and sw/ files) keeps the id and
 * the choices in the same order; the API stores the English choice, so staff read one list.
 */
export const registrationQuestionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a lowercase id such as children-ages'),
  question: z.string().min(3).max(160),
  /** Leave out for a written answer; otherwise the choices to pick one from. */
  choices: z
    .array(z.string().min(1).max(80))
    .min(2)
    .max(REGISTRATION_CHOICES_MAX)
    .optional()
    .describe('Leave empty for a written answer; otherwise 2 to 8 choices, of which a family picks one. In French and Swahili keep them in the English order.'),
  required: z.boolean().default(false).describe('On: nobody can register without answering.'),
});
export type RegistrationQuestion = z.output<typeof registrationQuestionSchema>;

export const eventSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    date: isoWithOffset,
    endDate: isoWithOffset,
    location: z.string().min(1),
    description: z.string().min(1),
    category: z.enum(EVENT_CATEGORIES),
    image: mediaPath,
    imageAlt: z.string().min(1),
    isFeatured: z.boolean().default(false),
    registrationLink: z.string().optional(),
    registrationRequired: z.boolean(),
    /** Places for the site's own registration form; none: as many as come. */
    capacity: z.number().int().min(1).max(EVENT_CAPACITY_MAX).optional(),
    /** Questions the site's registration form asks beyond name, party and needs. */
    registrationQuestions: z
      .array(registrationQuestionSchema)
      .max(REGISTRATION_QUESTIONS_MAX)
      .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, 'give each question its own id')
      .optional()
      .describe('Up to 5 questions of this event’s own on its registration form, after name, people and needs. A translation keeps each id.'),
    attendees: z.number().int().nonnegative().optional(),
    organizer: z.string().min(1),
    contact: z.object({ email: z.email(), phone: z.string().optional() }),
  })
  .refine((e) => Date.parse(e.endDate) >= Date.parse(e.date), { message: 'endDate is before date', path: ['endDate'] });
export type EventItem = z.output<typeof eventSchema>;

export const blogPostSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  author: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  category: z.enum(POST_CATEGORIES),
  image: mediaPath,
  imageAlt: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
});
export type BlogPost = z.output<typeof blogPostSchema>;

export const faqSchema = z.object({
  question: z.string().min(1),
  answer: z.string().min(1),
  category: z.enum(FAQ_CATEGORIES),
  order: z.number().int(),
});
export type FaqEntry = z.output<typeof faqSchema>;

export const programSchema = z.object({
  programId: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(3),
  /** The short name in the footer's program links. */
  navTitle: z.string().min(3).max(30),
  category: z.string().min(3),
  description: z.string().min(20).max(320),
  startDate: calendarDate,
  image: imagePath,
  imageAlt: altText,
  detailPath: internalPath,
  coordinators: z.array(z.string().min(2)).min(1),
  impactMetrics: z.object({
    peopleServed: z.number().int().min(0),
    communitiesReached: z.number().int().min(0),
    partnerOrganizations: z.number().int().min(0),
  }),
  contactInfo: z.object({
    email: z.email(),
    /** Defaults to the organisation's phone (content/site.json) when left out. */
    phone: phone.optional(),
  }),
  location: z.string().min(2).optional(),
  status: z.string().min(2).optional(),
  order,
  /** Detail page: the hero's lead, the quick facts, and the structured sections around the MDX overview. */
  lead: z.string().min(10),
  facts: z.array(z.object({ label: z.string().min(2), value: z.string().min(1) })).min(2),
  components: z.array(z.object({ title: z.string().min(3), description: z.string().min(10) })).min(3),
  impact: z.object({
    intro: z.string().min(10),
    stats: z.array(z.object({ value: z.string().min(1), label: z.string().min(3) })).min(2),
  }),
  partners: z.array(z.object({ name: z.string().min(2), role: z.string().min(3) })).min(2),
  getInvolved: z.string().min(10),
  related: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1).max(3),
  featuredResources: z
    .array(z.object({ title: z.string().min(3), href: internalPath, description: z.string().min(10) }))
    .optional(),
});

export const staffSchema = z.object({
  name: z.string().min(2),
  title: z.string().min(2),
  image: imagePath.optional(),
  imageAlt: altText.optional(),
  bio: z.string().min(20),
  order,
});

export const valueSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(20),
  careers: z.string().min(20),
  order,
});

export const testimonialSchema = z.object({
  quote: z.string().min(20),
  name: z.string().min(2),
  context: z.string().min(3),
  placements: z.array(z.enum(['home', 'get-involved', 'about'])).min(1),
});

export const homeSchema = z.object({
  heroTitle: z.string().min(3),
  heroLead: z.string().min(10),
  slides: z
    .array(z.object({ image: imagePath, alt: altText, title: z.string().min(3), caption: z.string().min(10) }))
    .length(CAROUSEL_IMAGE_COUNT, `the carousel shows exactly ${CAROUSEL_IMAGE_COUNT} slides`),
  mission: z.string().min(20),
  /** Each figure is written (`value`) or added up from the programs' impact metrics (`metric`). */
  impactGoals: z
    .array(
      z
        .object({
          value: z.string().min(1).optional(),
          metric: z.enum(['programs', 'peopleServed', 'communitiesReached', 'partnerOrganizations']).optional(),
          label: z.string().min(3),
          description: z.string().min(10),
        })
        .refine((goal) => (goal.value === undefined) !== (goal.metric === undefined), { message: 'give either value or metric, not both' }),
    )
    .min(3),
  pillars: z
    .array(
      z.object({
        title: z.string().min(3),
        /** The title as a sentence reads it after "about" ("l’éducation" in French, with its article); by default the title in lower case. */
        titleInSentence: z.string().min(3).optional(),
        description: z.string().min(10),
        href: internalPath,
        image: imagePath,
        imageAlt: altText,
      }),
    )
    .length(3, 'the home page shows exactly three pillars'),
  volunteer: z.object({ title: z.string().min(3), text: z.string().min(10) }),
});

/** A volunteer shift people sign up for on the site (api/src/events): a role, a time and its places. */
export const shiftSchema = z
  .object({
    /** Unique across every opportunity: the shift's page is /get-involved/shifts/<id>. */
    id: z.string().regex(/^[a-z0-9-]{1,80}$/, 'a lowercase id such as winter-setup'),
    role: z.string().min(2),
    start: isoWithOffset,
    end: isoWithOffset,
    location: z.string().min(3),
    places: z.number().int().min(1).max(SHIFT_PLACES_MAX),
  })
  .refine((shift) => Date.parse(shift.end) > Date.parse(shift.start), { message: 'end is not after start', path: ['end'] });
export type Shift = z.output<typeof shiftSchema>;

export const volunteerOpportunitySchema = z.object({
  title: z.string().min(3),
  description: z.string().min(20),
  commitment: z.string().min(3),
  interest: z.enum(VOLUNTEER_INTERESTS),
  order,
  shifts: z.array(shiftSchema).max(20).default([]),
});
export type VolunteerOpportunity = z.output<typeof volunteerOpportunitySchema>;

export const plannedGivingSchema = z.object({
  ways: z
    .array(z.object({ title: z.string().min(3), description: z.string().min(20), benefit: z.string().min(10) }))
    .length(5, 'list the five ways to give'),
  legacySociety: z.object({ name: z.string().min(3), description: z.string().min(20), benefits: z.array(z.string().min(5)).min(3) }),
  resources: z
    .array(
      z.object({
        title: z.string().min(3),
        description: z.string().min(10),
        href: z.string().regex(/^\/downloads\/[\w\-.]+$/, 'link a file under public/downloads/'),
        format: z.string().min(2),
      }),
    )
    .length(3, 'offer three resource downloads'),
});

export const careersSchema = z.object({
  intro: z.string().min(20),
  benefits: z.array(z.object({ title: z.string().min(3), description: z.string().min(10) })).min(3),
});

export const gallerySchema = z.object({
  image: imagePath,
  alt: altText,
  caption: z.string().min(3),
  order,
});

export const guideSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(20).max(200),
  lead: z.string().min(20),
  order,
  readingTime: z.string().min(3),
  cta: z.object({ title: z.string().min(3), text: z.string().min(10), label: z.string().min(3) }),
  /** Files offered for download (the budget templates), each in its language. */
  downloads: z
    .array(
      z.object({
        label: z.string().min(3),
        language: z.string().min(3),
        lang: z.string().regex(/^[a-z]{2}$/, 'use a two-letter language code'),
        href: z.string().regex(/^\/downloads\/[\w\-.]+$/, 'link a file under public/downloads/'),
      }),
    )
    .optional(),
});

export const legalSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(20).max(200),
  lastUpdated: calendarDate,
});

/**
 * Every content collection, by the name pages query it with: the folder under content/ its entries
 * live in, their kind of file, and the schema each entry must match. src/content.config.ts loads
 * the collections from it and the unit tests validate the committed files with it.
 */
export const COLLECTIONS = {
  events: { folder: 'events', files: 'json', schema: eventSchema },
  blog: { folder: 'blog', files: 'mdx', schema: blogPostSchema },
  faq: { folder: 'faq', files: 'json', schema: faqSchema },
  programs: { folder: 'programs', files: 'mdx', schema: programSchema },
  staff: { folder: 'staff', files: 'json', schema: staffSchema },
  values: { folder: 'values', files: 'json', schema: valueSchema },
  testimonials: { folder: 'testimonials', files: 'json', schema: testimonialSchema },
  home: { folder: 'home', files: 'json', schema: homeSchema },
  volunteerOpportunities: { folder: 'volunteer-opportunities', files: 'json', schema: volunteerOpportunitySchema },
  plannedGiving: { folder: 'planned-giving', files: 'json', schema: plannedGivingSchema },
  careers: { folder: 'careers', files: 'json', schema: careersSchema },
  gallery: { folder: 'gallery', files: 'json', schema: gallerySchema },
  guides: { folder: 'guides', files: 'mdx', schema: guideSchema },
  legal: { folder: 'legal', files: 'mdx', schema: legalSchema },
} as const;

export type CollectionName = keyof typeof COLLECTIONS;

/** The file-and-field message a build or a test prints for an invalid entry. */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
}

/** Validates one entry's data, throwing an error that names the file and each bad field. */
export function validateEntry<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(describeIssues(file, result.error));
  return result.data;
}
