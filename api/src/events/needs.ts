/** What a family can ask us to prepare, and its words in each language. */
import { REGISTRATION_NEEDS } from '../../../src/lib/constants.ts';
import { message } from '../../../src/lib/i18n/catalogue.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';

export type RegistrationNeed = (typeof REGISTRATION_NEEDS)[number];

export const NEED_MESSAGE = {
  interpreter: 'eventNeedInterpreter',
  wheelchair: 'eventNeedWheelchair',
  childcare: 'eventNeedChildcare',
} as const satisfies Record<RegistrationNeed, string>;

export const needLabels = (needs: readonly RegistrationNeed[], lang: Lang) => needs.map((need) => message(lang, NEED_MESSAGE[need])).join(', ');
