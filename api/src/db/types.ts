/**
 * Table shapes as the query layer sees them. Times are ISO-8601 strings and flags are integers
 * in both databases (node:sqlite binds neither Date nor boolean), lists are JSON text.
 */
export interface SubscribersTable {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  source: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}
/** Staff work columns on every inbox table (migration 2026-11-22-015). */
export interface InboxWork {
  status: 'new' | 'in_progress' | 'handled';
  staff_note: string | null;
  handled_by: string | null;
  handled_at: string | null;
}
export interface ContactMessagesTable extends Partial<InboxWork> {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
}
export interface VolunteerApplicationsTable extends Partial<InboxWork> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  interests: string;
  availability: string;
  skills: string | null;
  message: string | null;
  created_at: string;
}
export interface PartnershipInquiriesTable extends Partial<InboxWork> {
  id: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  partnership_interest: string;
  message: string | null;
  created_at: string;
}
export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
export interface StaffSignInFailuresTable {
  id: string;
  /** 'account' (the lower-cased username) or 'address' (the client address). */
  scope: 'account' | 'address';
  subject: string;
  /** Milliseconds since the epoch. */
  failed_at: number;
}

export interface Database {
  subscribers: SubscribersTable;
  contact_messages: ContactMessagesTable;
  volunteer_applications: VolunteerApplicationsTable;
  partnership_inquiries: PartnershipInquiriesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
  staff_sign_in_failures: StaffSignInFailuresTable;
}
