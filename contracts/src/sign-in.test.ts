import { describe, expect, it } from 'vitest';
import { resendFailedError } from './errors.ts';
import {
  birthdateSchema,
  emailSchema,
  signupFormSchema,
  toSignupRequest,
  verificationCodeSchema,
} from './sign-in.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('sign-in contracts', () => {
  it('checks e-mail addresses with the portal’s messages', () => {
    expect(emailSchema.parse('  maria.garcia@example.com ')).toBe('maria.garcia@example.com');
    expect(messages(emailSchema.safeParse(''))).toEqual(['Email is required']);
    expect(messages(emailSchema.safeParse('maria'))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('takes birthdates as calendar days, not in the future', () => {
    expect(birthdateSchema.parse('1984-03-17')).toBe('1984-03-17');
    expect(birthdateSchema.safeParse('17/03/1984').success).toBe(false);
    expect(birthdateSchema.safeParse('2999-01-01').success).toBe(false);
    expect(birthdateSchema.safeParse('1850-01-01').success).toBe(false);
  });

  it('wants six digits for a code', () => {
    expect(verificationCodeSchema.parse(' 012345 ')).toBe('012345');
    expect(verificationCodeSchema.safeParse('12345').success).toBe(false);
    expect(verificationCodeSchema.safeParse('12345a').success).toBe(false);
  });

  it("sends the paperless choice as a boolean converted from 'true'/'false' (SPEC §3)", () => {
    const form = signupFormSchema.parse({
      accountNumber: '500600700',
      firstName: 'Ana',
      lastName: 'Torres',
      birthdate: '1995-12-08',
      email: 'ana.torres@example.com',
      enrollPaperless: 'false',
    });
    expect(toSignupRequest(form).enrollPaperless).toBe(false);
    expect(toSignupRequest({ ...form, enrollPaperless: 'true' }).enrollPaperless).toBe(true);
  });

  it('builds the resend failure of SPEC §8', () => {
    expect(resendFailedError()).toMatchObject({
      title: 'Failed to Send Code',
      status: 400,
      code: 'RESEND_FAILED',
      details: ['Could not send verification code. Please try again.'],
    });
    expect(resendFailedError('Too many requests').details).toEqual(['Too many requests']);
  });
});
