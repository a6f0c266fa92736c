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
} as const;

export const pageNotFound = (path: string) => `Page not found: ${path}`;
export const noProgramsMatching = (term: string) => `No programs found matching "${term}"`;
export const newsletterSent = (count: number | undefined) => `Success! Newsletter sent to ${count ?? 0} subscribers`;
export const donationTooLarge = (max: string) => `For gifts over ${max}, please contact us and we will help you give`;
