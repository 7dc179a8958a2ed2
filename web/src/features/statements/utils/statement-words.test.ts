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

describe('statement words in Spanish', () => {
  it('writes the date as Spanish readers do, never all-numeric', () => {
    const statement = { statementDate: '2026-11-03' };
    expect(statementFileName(statement, 'es')).toBe('estado-de-cuenta-2026-11-03.pdf');
    expect(statementName(statement, 'es')).toBe('estado de cuenta del 3 nov 2026');
    expect(downloadFailedMessage(statement, 'es')).toBe(
      'No pudimos descargar su estado de cuenta del 3 nov 2026. Inténtelo de nuevo en un momento.',
    );
  });
});
