/**
 * The spec's business constants (section 9), in one module that the site, the islands and the
 * API import. Change a number here and every side follows.
 */
export const DONATION_PRESETS = [25, 50, 100, 250] as const;
export type DonationPreset = (typeof DONATION_PRESETS)[number];
export const DONATION_IMPACT: Readonly<Record<DonationPreset, string>> = {
  25: 'educational materials for one child',
  50: 'housing assistance for a family',
  100: 'community integration programs',
  250: 'job training for new arrivals',
};
/** Preselected so the form never opens with a Donate button that looks switched off. */
export const DONATION_DEFAULT_AMOUNT: DonationPreset = 50;
export const DONATION_CUSTOM_MIN = 1;
export const DONATION_CUSTOM_STEP = 0.01;
export const DONATION_CURRENCY = 'USD';
export const MONTHLY_GIVING_CIRCLE_MIN = 25;
/** PayPal's own page where a donor stops an automatic payment made through Payments Standard. */
export const PAYPAL_AUTOPAY_URL = 'https://www.paypal.com/myaccount/autopay/';

export const CAROUSEL_INTERVAL_MS = 6000;
export const CAROUSEL_FADE_MS = 500;
export const CAROUSEL_IMAGE_COUNT = 4;
export const NEWSLETTER_SECTION_FADE_IN_MS = 300;
export const NEWSLETTER_SUCCESS_RESET_MS = 5000;

export const FEATURED_PROGRAM_COUNT = 3;
export const HOME_BLOG_PREVIEW_COUNT = 3;
export const BACK_TO_TOP_THRESHOLD_PX = 500;
/**
 * Islands that wake when the browser is idle (`client:idle`) wake at the latest this long after
 * the island is parsed (requestIdleCallback's timeout): a phone whose main thread is never idle
 * still gets working filters and forms.
 */
export const ISLAND_WAKE_TIMEOUT_MS = 2000;

export const BLOG_PAGE_SIZE = 4;
export const BLOG_RECENT_POSTS = 3;
export const BLOG_RELATED_ARTICLES = 2;
export const SIMILAR_EVENTS_MAX = 3;
export const EVENT_CARD_DESCRIPTION_LENGTH = 120;
/**
 * Events a list page shows (three rows of three on a wide screen): the page and the island's
 * props carry these, the rest of the list is a page link away, or in the index the island fetches
 * once the visitor searches or filters. Not in the spec, which lists no page size for events.
 */
export const EVENTS_PAGE_SIZE = 9;

export const EVENT_CATEGORIES = ['cultural', 'workshop', 'youth', 'health', 'fundraiser'] as const;

/** The most places an event's `capacity` may give. */
export const EVENT_CAPACITY_MAX = 5000;
/** The most places one volunteer shift may give. */
export const SHIFT_PLACES_MAX = 200;
/** The most people one registration brings (the registrant included). */
export const EVENT_PARTY_MAX = 10;
/** What a family can ask us to prepare (the registration form's checkboxes). */
export const REGISTRATION_NEEDS = ['interpreter', 'wheelchair', 'childcare'] as const;
/** The most questions of its own an event may ask on its registration form (registrationQuestions). */
export const REGISTRATION_QUESTIONS_MAX = 5;
/** The most choices one registration question may offer. */
export const REGISTRATION_CHOICES_MAX = 8;
/** The longest written answer to a registration question. */
export const REGISTRATION_ANSWER_MAX = 300;

export const VOLUNTEER_INTERESTS = [
  'languagePartner',
  'eventVolunteer',
  'mentor',
  'skillsBased',
  'administrative',
  'fundraising',
] as const;
export const AVAILABILITY_SLOTS = [
  'weekdayMornings',
  'weekdayAfternoons',
  'weekdayEvenings',
  'weekendMornings',
  'weekendAfternoons',
  'weekendEvenings',
] as const;
export const PARTNERSHIP_INTERESTS = [
  'Financial Sponsorship',
  'Employee Volunteering',
  'Matching Gift Program',
  'In-Kind Donations',
  'Event Sponsorship',
  'Other',
] as const;

export const VOLUNTEER_RESPONSE_PROMISE = 'Our volunteer coordinator will contact you within 5 business days.';
export const PARTNERSHIP_RESPONSE_PROMISE = 'Our corporate development team will contact you within 2 business days.';

export const OFFICE_HOURS = 'Monday-Friday 9:00 AM-5:00 PM';
/** After the spec's contact success sentence: when and how the answer comes. */
export const CONTACT_RESPONSE_PROMISE = `We will reply by email within 2 business days. Our office hours are ${OFFICE_HOURS}.`;
export const CHILDREN_PRIVACY_AGE = 13;

export const ADMIN_SESSION_FLAG = 'isAdminAuthenticated';
export const NEWSLETTER_HTML_ROWS = 15;
export const NEWSLETTER_TEXT_ROWS = 10;

/**
 * The largest single gift the web form accepts (and the largest amount the thank-you page will
 * repeat back). Larger gifts are arranged with staff; the bound keeps absurd values out of
 * PayPal requests and off the page.
 */
export const DONATION_MAX = 100_000;
export const PAYPAL_CHECKOUT_URL = 'https://www.paypal.com/cgi-bin/webscr';
export const PAYPAL_SANDBOX_CHECKOUT_URL = 'https://www.sandbox.paypal.com/cgi-bin/webscr';

/** Human labels for the volunteer form's checkbox groups (the values above are what is stored). */
export const VOLUNTEER_INTEREST_LABELS: Readonly<Record<(typeof VOLUNTEER_INTERESTS)[number], string>> = {
  languagePartner: 'Language partner',
  eventVolunteer: 'Event volunteer',
  mentor: 'Mentor',
  skillsBased: 'Skills-based volunteering',
  administrative: 'Administrative support',
  fundraising: 'Fundraising',
};
export const AVAILABILITY_LABELS: Readonly<Record<(typeof AVAILABILITY_SLOTS)[number], string>> = {
  weekdayMornings: 'Weekday mornings',
  weekdayAfternoons: 'Weekday afternoons',
  weekdayEvenings: 'Weekday evenings',
  weekendMornings: 'Weekend mornings',
  weekendAfternoons: 'Weekend afternoons',
  weekendEvenings: 'Weekend evenings',
};
