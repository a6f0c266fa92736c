/**
 * The self-service sign-in rules the island and the API share: the widget sends only standard or
 * custom: attributes, trimmed; sign-up messages come in the spec's order; an OAuth callback's
 * error becomes the spec's sentence.
 */
import { describe, expect, test } from 'vitest';
import { socialErrorText } from '../../src/lib/self-service-messages.ts';
import { checkSignUp, isAcceptedAttribute, sendableAttributes } from '../../src/lib/sign-up.ts';

describe('sign-up attributes', () => {
  test('only standard attributes or custom: ones are sent, trimmed, blanks left out', () => {
    expect(sendableAttributes({ given_name: ' Amina ', 'custom:team': ' Youth ', role: 'admin', nickname: '   ', 'custom:': 'x', isAdmin: 'true' })).toEqual({
      given_name: 'Amina',
      'custom:team': 'Youth',
    });
    for (const name of ['birthdate', 'family_name', 'middle_name', 'name', 'preferred_username', 'profile', 'website', 'custom:favourite_colour']) expect(isAcceptedAttribute(name), name).toBe(true);
    for (const name of ['role', 'custom', 'customteam', 'emailVerified', 'custom:this-name-is-far-too-long']) expect(isAcceptedAttribute(name), name).toBe(false);
  });

  test('values are trimmed except the passwords, the dial code defaults to +1', () => {
    const { values, errors } = checkSignUp({ username: ' amina ', email: ' Amina@Example.org ', phone_number: '8175550199', password: ' Karibu#2026 ', confirm_password: ' Karibu#2026 ' });
    expect(errors).toEqual({});
    expect(values).toEqual({ username: 'amina', email: 'amina@example.org', phone_number: '+18175550199', password: ' Karibu#2026 ', attributes: {} });
  });

  test('the messages, in order', () => {
    expect(checkSignUp({}).errors).toEqual({
      username: ['This field is required'],
      email: ['This field is required'],
      password: ['This field is required'],
      confirm_password: ['This field is required'],
    });
    expect(checkSignUp({ username: 'amina', email: 'amina@', password: 'abc', confirm_password: 'abcdef' }).errors).toEqual({
      email: ['Please enter a valid email'],
      password: ['Password must have at least 8 characters', 'Password must have upper case letters', 'Password must have numbers', 'Password must have special characters'],
      confirm_password: ['Your passwords must match'],
    });
  });
});

describe('OAuth callback errors', () => {
  test("the spec's sentences", () => {
    expect(socialErrorText('access_denied')).toBe('User cancelled OAuth flow.');
    expect(socialErrorText('invalid_code')).toBe('No access token returned from OAuth flow.');
    expect(socialErrorText('no_code')).toBe('No access token returned from OAuth flow.');
    expect(socialErrorText('state_mismatch')).toBe('An error occurred while validating the state.');
    expect(socialErrorText('please_restart_the_process')).toBe('An error occurred while validating the state.');
    expect(socialErrorText('unable_to_get_user_info')).toBe('Invalid Idtoken.');
    expect(socialErrorText('account_not_linked')).toBe('No staff account with this verified email address exists, or the provider did not confirm the address. Sign in with your password and link the provider in Account, or ask an administrator to invite you with this address.');
    expect(socialErrorText('BANNED_USER')).toBe('This account is disabled. Please ask an administrator.');
    expect(socialErrorText('something_else')).toBeNull();
  });
});
