/**
 * The staff sign-up form (the spec's hosted widget: username, email, phone_number with a dial
 * code, password, confirm_password and the optional standard attributes), checked the same way by
 * the island and the API. Every value is trimmed except the passwords. Only standard attributes
 * or ones named `custom:…` are accepted.
 */
import { MESSAGES } from './messages.ts';
import { PASSWORD_MESSAGES, passwordProblems } from './password-policy.ts';

/** The spec's default dial code. */
export const DEFAULT_DIAL_CODE = '+1';

/** Dial codes offered beside the phone number: North America first, then the countries the families served come from. */
export const DIAL_CODES = [
  { code: '+1', label: '+1 US / Canada' },
  { code: '+33', label: '+33 France' },
  { code: '+44', label: '+44 United Kingdom' },
  { code: '+243', label: '+243 DR Congo' },
  { code: '+242', label: '+242 Congo' },
  { code: '+250', label: '+250 Rwanda' },
  { code: '+257', label: '+257 Burundi' },
  { code: '+254', label: '+254 Kenya' },
  { code: '+255', label: '+255 Tanzania' },
  { code: '+256', label: '+256 Uganda' },
  { code: '+251', label: '+251 Ethiopia' },
  { code: '+252', label: '+252 Somalia' },
  { code: '+211', label: '+211 South Sudan' },
  { code: '+249', label: '+249 Sudan' },
  { code: '+234', label: '+234 Nigeria' },
  { code: '+233', label: '+233 Ghana' },
  { code: '+225', label: "+225 Côte d'Ivoire" },
  { code: '+237', label: '+237 Cameroon' },
  { code: '+27', label: '+27 South Africa' },
] as const;

/** The optional standard attributes of the spec's sign-up list, with their labels. */
export const OPTIONAL_ATTRIBUTES = [
  { name: 'given_name', label: 'Given name', autoComplete: 'given-name', type: 'text' },
  { name: 'middle_name', label: 'Middle name', autoComplete: 'additional-name', type: 'text' },
  { name: 'family_name', label: 'Family name', autoComplete: 'family-name', type: 'text' },
  { name: 'name', label: 'Full name', autoComplete: 'name', type: 'text' },
  { name: 'nickname', label: 'Nickname', autoComplete: 'nickname', type: 'text' },
  { name: 'preferred_username', label: 'Preferred username', autoComplete: 'off', type: 'text' },
  { name: 'birthdate', label: 'Birthdate', autoComplete: 'bday', type: 'date' },
  { name: 'profile', label: 'Profile page', autoComplete: 'url', type: 'url' },
  { name: 'website', label: 'Website', autoComplete: 'url', type: 'url' },
] as const;

/** The standard attributes (OpenID Connect's, as the hosted user pool knows them); anything else must start with custom:. */
export const STANDARD_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

export const SIGN_UP_LIMITS = { attribute: 256, attributes: 25, customName: 27 } as const;

export const SIGN_UP_TEXT = {
  attributeRefused: 'Only standard attributes or ones starting with custom: are accepted',
  tooLong: `At most ${SIGN_UP_LIMITS.attribute} characters`,
  tooManyAttributes: `At most ${SIGN_UP_LIMITS.attributes} attributes`,
  phoneDigits: 'Enter the phone number as digits only',
  username: 'A username has 3 to 30 letters, digits, dots or underscores',
  birthdate: 'Enter the date as YYYY-MM-DD',
  url: 'Enter a web address starting with https:// or http://',
} as const;

export interface SignUpInput {
  username?: unknown;
  email?: unknown;
  dial_code?: unknown;
  phone_number?: unknown;
  password?: unknown;
  confirm_password?: unknown;
  attributes?: unknown;
}

export interface SignUpValues {
  username: string;
  email: string;
  /** E.164: the dial code and the digits, or '' when no number was given. */
  phone_number: string;
  password: string;
  attributes: Record<string, string>;
}

const USERNAME = /^[a-zA-Z0-9_.]{3,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIAL_CODE = /^\+[1-9]\d{0,3}$/;
const DIGITS = /^\d{4,14}$/;
const CUSTOM_NAME = /^custom:[A-Za-z0-9_.:-]{1,20}$/;
const CONTROLS = /[\u0000-\u001f\u007f]/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const raw = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether the server accepts an attribute name: a standard one, or custom:… */
export function isAcceptedAttribute(name: string): boolean {
  return STANDARD_ATTRIBUTES.has(name) || CUSTOM_NAME.test(name);
}

/** Keeps what the widget may send: standard attributes or custom:… ones (the client side of the rule). */
export function sendableAttributes(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter(([name, value]) => isAcceptedAttribute(name) && value.trim() !== '').map(([name, value]) => [name, value.trim()]));
}

/**
 * Checks a sign-up: field errors keyed by field name (attributes as `attributes.<name>`), and the
 * trimmed values. Passwords keep their spaces; every password message shows, in the policy's order.
 */
export function checkSignUp(input: SignUpInput): { values: SignUpValues; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const username = text(input.username);
  if (!username) add('username', MESSAGES.fieldRequired);
  else if (!USERNAME.test(username)) add('username', SIGN_UP_TEXT.username);

  const email = text(input.email).toLowerCase();
  if (!email) add('email', MESSAGES.fieldRequired);
  else if (email.length > 254 || !EMAIL.test(email)) add('email', MESSAGES.fieldEmail);

  const dialCode = text(input.dial_code) || DEFAULT_DIAL_CODE;
  const digits = text(input.phone_number);
  let phone = '';
  if (digits) {
    if (!DIAL_CODE.test(dialCode) || !DIGITS.test(digits)) add('phone_number', SIGN_UP_TEXT.phoneDigits);
    else phone = `${dialCode}${digits}`;
  }

  const password = raw(input.password);
  if (!password) add('password', MESSAGES.fieldRequired);
  else for (const problem of passwordProblems(password)) add('password', problem);
  if (password.length > 128) add('password', `At most 128 characters`);

  const confirmation = raw(input.confirm_password);
  if (!confirmation) add('confirm_password', MESSAGES.fieldRequired);
  else if (confirmation !== password) add('confirm_password', PASSWORD_MESSAGES.mismatch);

  const attributes: Record<string, string> = {};
  const given = input.attributes;
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) add('attributes', SIGN_UP_TEXT.attributeRefused);
  else if (given) {
    const entries = Object.entries(given as Record<string, unknown>);
    if (entries.length > SIGN_UP_LIMITS.attributes) add('attributes', SIGN_UP_TEXT.tooManyAttributes);
    for (const [name, value] of entries.slice(0, SIGN_UP_LIMITS.attributes)) {
      const field = `attributes.${name}`;
      // The fields the form has of its own are not attributes here.
      if (!isAcceptedAttribute(name) || ['email', 'phone_number', 'updated_at'].includes(name)) {
        add(field, SIGN_UP_TEXT.attributeRefused);
        continue;
      }
      if (typeof value !== 'string') {
        add(field, SIGN_UP_TEXT.attributeRefused);
        continue;
      }
      const trimmed = value.trim();
      if (!trimmed) continue;
      if (trimmed.length > SIGN_UP_LIMITS.attribute || CONTROLS.test(trimmed)) add(field, SIGN_UP_TEXT.tooLong);
      else if (name === 'birthdate' && !/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) add(field, SIGN_UP_TEXT.birthdate);
      else if ((name === 'website' || name === 'profile' || name === 'picture') && !/^https?:\/\/[^\s]+\.[^\s]+/.test(trimmed)) add(field, SIGN_UP_TEXT.url);
      else attributes[name] = trimmed;
    }
  }

  return { values: { username, email, phone_number: phone, password, attributes }, errors };
}

/** The API's `issues` for a refused sign-up: one per message, in order. */
export function signUpIssues(errors: Record<string, string[]>): Array<{ path: string; message: string }> {
  return Object.entries(errors).flatMap(([path, messages]) => messages.map((message) => ({ path, message })));
}
