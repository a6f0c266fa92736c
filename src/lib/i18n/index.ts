/** Languages, paths per language and Intl formatting: see languages.ts for the one list. */
export * from './languages.ts';
export * from './paths.ts';
export * from './format.ts';
