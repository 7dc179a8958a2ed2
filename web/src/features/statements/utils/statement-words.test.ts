import { describe, expect, it } from 'vitest';
import { downloadFailedMessage, statementFileName, statementName } from './statement-words.ts';

describe('statement words', () => {
  it('names the PDF by the statement date and the statement by its date as guarantors read it', () => {
    const statement = { statementDate: '2026-06-01' };
    expect(statementFileName(statement)).toBe('statement-2026-06-01.pdf');
    expect(statementName(statement)).toBe('statement of Jun 1, 2026');
    expect(downloadFailedMessage(statement)).toBe(
      'We could not download your statement of Jun 1, 2026. Please try again in a moment.',
    );
  });
});
