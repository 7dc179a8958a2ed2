import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSessionDrafts,
  forgetSessionDraft,
  readSessionDraft,
  writeSessionDraft,
} from './session-drafts.ts';

describe('drafts kept for the tab', () => {
  afterEach(() => sessionStorage.clear());

  it('are kept in sessionStorage, never in localStorage', () => {
    writeSessionDraft('form', 'session-1', { step: 2 });
    expect(readSessionDraft('form', 'session-1')).toEqual({ step: 2 });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(1);
  });

  it('are offered only to the session that wrote them', () => {
    writeSessionDraft('form', 'session-1', { step: 2 });
    expect(readSessionDraft('form', 'session-2')).toBeUndefined();
  });

  it('are forgotten one by one, or all at sign-out, leaving other keys alone', () => {
    writeSessionDraft('one', 'session-1', 1);
    writeSessionDraft('two', 'session-1', 2);
    sessionStorage.setItem('webpay-email-mfa-notice-dismissed', 'session-1');
    forgetSessionDraft('one');
    expect(readSessionDraft('one', 'session-1')).toBeUndefined();
    expect(readSessionDraft('two', 'session-1')).toBe(2);
    clearSessionDrafts();
    expect(readSessionDraft('two', 'session-1')).toBeUndefined();
    expect(sessionStorage.getItem('webpay-email-mfa-notice-dismissed')).toBe('session-1');
  });

  it('read a damaged entry as none', () => {
    sessionStorage.setItem('webpay-draft-form', '{not json');
    expect(readSessionDraft('form', 'session-1')).toBeUndefined();
  });
});
