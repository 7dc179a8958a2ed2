import { describe, expect, it } from 'vitest';
import { statementStatusOn } from './statement-status.ts';

const dueDate = '2026-11-25';

describe('statementStatusOn', () => {
  it('keeps an open statement open up to and including its due date', () => {
    expect(statementStatusOn({ status: 'open', dueDate }, '2026-11-01')).toBe('open');
    expect(statementStatusOn({ status: 'open', dueDate }, '2026-11-24')).toBe('open');
    expect(statementStatusOn({ status: 'open', dueDate }, dueDate)).toBe('open');
  });

  it('turns an open statement past due from the day after its due date', () => {
    expect(statementStatusOn({ status: 'open', dueDate }, '2026-11-26')).toBe('past_due');
    expect(statementStatusOn({ status: 'open', dueDate }, '2027-01-05')).toBe('past_due');
  });

  it('reads dates across a month and a year end', () => {
    expect(statementStatusOn({ status: 'open', dueDate: '2026-12-31' }, '2026-12-31')).toBe('open');
    expect(statementStatusOn({ status: 'open', dueDate: '2026-12-31' }, '2027-01-01')).toBe(
      'past_due',
    );
  });

  it('never turns a paid or closed statement past due', () => {
    expect(statementStatusOn({ status: 'paid', dueDate }, '2026-12-01')).toBe('paid');
    expect(statementStatusOn({ status: 'closed', dueDate }, '2026-12-01')).toBe('closed');
  });

  it('keeps a status the billing office already gave as past due', () => {
    expect(statementStatusOn({ status: 'past_due', dueDate }, '2026-11-20')).toBe('past_due');
  });
});
