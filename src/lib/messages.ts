/** The spec's visible messages (section 8), word for word, shared by pages, islands and the API. */
export const MESSAGES = {
  newsletterFailure: 'Oops! Something went wrong. Please try again later.',
  programsLoadFailure: "We're having trouble loading our programs. Please try again later.",
  donationNoAmount: 'Please select a donation amount',
  donationCustomInvalid: 'Enter an amount of at least $1, in dollars and cents (for example 40 or 40.50)',
  imageUnavailable: 'Image not available',
  contactSuccess: 'Thank you for your message! We will get back to you soon.',
  contactFailure: 'Failed to submit form',
  contactNetwork: 'Something went wrong. Please try again later.',
  volunteerFailure: 'Failed to submit application',
  partnershipFailure: 'Failed to submit partnership inquiry',
  unexpected: 'An unexpected error occurred. Please try again later.',
  eventNotFound: "Event Not Found - The event you're looking for doesn't exist or has been removed.",
  noEvents: 'No events found',
  postNotFound: 'Post Not Found',
  postNotFoundDetail: "The blog post you're looking for doesn't exist or has been removed.",
  noArticles: 'No articles found',
  noArticlesHint: 'Try adjusting your search or filter criteria',
  noFaqs: 'No FAQs match your search. Please try different keywords or select a different category.',
  adminLoginFailure: 'Invalid username or password',
  noPrograms: 'No programs to display.',
  errorDefault: 'An unexpected error occurred. Please try again later.',
  // Form fields and API answers (field texts reuse the spec's sign-in wording).
  fieldRequired: 'This field is required',
  fieldEmail: 'Please enter a valid email',
  fieldTooLong: 'This is too long',
  fieldChoice: 'Please choose from the listed options',
  invalidInput: 'Please check the highlighted fields and try again.',
  newsletterThankYou: 'Thank You!',
  newsletterCheckInbox: 'Almost done! Check your inbox for a link to confirm your subscription.',
  volunteerSuccess: 'Thank you for applying to volunteer with SIPA!',
  partnershipSuccess: 'Thank you for your interest in partnering with SIPA!',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  bodyTooLarge: 'That submission is too large. Please shorten it and try again.',
  unsupportedType: 'Please send the form as JSON or as a regular form post.',
  badEncoding: 'The submission could not be read. Please try again.',
  confirmDone: 'Your subscription is confirmed. Welcome aboard!',
  confirmInvalid: 'This confirmation link is not valid. It may have been copied incompletely.',
  unsubscribeDone: 'You have been unsubscribed and will receive no more newsletters from us.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. It may have been copied incompletely.',
} as const;

export const pageNotFound = (path: string) => `Page not found: ${path}`;
export const noProgramsMatching = (term: string) => `No programs found matching "${term}"`;
export const newsletterSent = (count: number | undefined) => `Success! Newsletter sent to ${count ?? 0} subscribers`;
export const donationTooLarge = (max: string) => `For gifts over ${max}, please contact us and we will help you give`;
