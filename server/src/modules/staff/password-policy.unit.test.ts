import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import { passwordProblem, type PasswordContext } from './password-policy.ts';

const context: PasswordContext = {
  serviceNames: ['WebPay', 'Wasatch Valley Health'],
  name: 'Jordan Whitfield-Ames',
  email: 'j.whitfield@wasatchvalleyhealth.example',
};

describe('the staff password policy (NIST SP 800-63B)', () => {
  it('ships a list of a few thousand common passwords, lower case, one a line', () => {
    const entries = COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean);
    expect(entries.length).toBeGreaterThan(3000);
    expect(entries.every((entry) => entry === entry.toLowerCase().trim())).toBe(true);
    expect(entries).toEqual(expect.arrayContaining(['password', 'qwerty', 'letmein', 'iloveyou']));
  });

  it('counts characters, not bytes or UTF-16 units, from 12 to 256', () => {
    expect(passwordProblem('short pass', context)).toBe('tooShort');
    expect(passwordProblem('elevenchars', context)).toBe('tooShort');
    expect(passwordProblem('🦉🦉🦉🦉 owls at dusk', context)).toBeUndefined();
    expect(passwordProblem('ñandú corre rápido', context)).toBeUndefined();
    expect(passwordProblem('x'.repeat(100) + ' tail of a long one '.repeat(8), context)).toBe(
      'tooLong',
    );
  });

  it('imposes no composition rules: a long lower-case passphrase is fine', () => {
    expect(passwordProblem('correct horse battery staple', context)).toBeUndefined();
    expect(passwordProblem('the quiet orchard in november', context)).toBeUndefined();
  });

  it.each([
    'password1234',
    'Password123!',
    'P@ssw0rd2026!',
    'qwertyuiop123',
    'iloveyou2025',
    '123456789012',
    'aaaaaaaaaaaa',
    'abcabcabcabc',
    'abcdefghijklmnop',
    'Football!!!!2026',
    '1q2w3e4r5t6y',
    '!!!!Sunshine!!!!',
  ])('refuses the common or patterned password %s', (password) => {
    expect(passwordProblem(password, context)).toBe('common');
  });

  it.each([
    'jordan whitfield rocks',
    'WhitfieldAmes2026',
    'j.whitfield forever',
    'webpay-is-great-2026',
    'WasatchValley#1 clinic',
    'my health portal Wasatch',
  ])('refuses %s, built on the person’s or the service’s names', (password) => {
    expect(passwordProblem(password, context)).toBe('personal');
  });

  it('accepts the demo staff passwords', () => {
    for (const member of Object.values(DEMO_STAFF)) {
      expect(
        passwordProblem(member.password, {
          serviceNames: context.serviceNames,
          name: member.name,
          email: member.email,
        }),
      ).toBeUndefined();
    }
  });
});
