import { describe, expect, it } from 'vitest';
import { messagesIn } from '@/lib/messages.ts';
import { searchMessages } from '../payments.messages.ts';
import { instrumentText } from './labels.ts';

const english = messagesIn(searchMessages, 'en');
const spanish = messagesIn(searchMessages, 'es');

describe('how a payment was made, in a line', () => {
  it('gives a card by its brand as the processor names it', () => {
    const card = { method: 'card', label: 'VISA', last4: '1234' } as const;
    expect(instrumentText(card, english)).toBe('VISA ****1234');
    expect(instrumentText(card, spanish)).toBe('VISA ****1234');
  });

  it("gives a bank account's type in the reader's words", () => {
    const checking = { method: 'eCheck', label: 'CHECKING', last4: '6789' } as const;
    const savings = { method: 'eCheck', label: 'SAVINGS', last4: '7654' } as const;
    expect(instrumentText(checking, english)).toBe('Checking ****6789');
    expect(instrumentText(checking, spanish)).toBe('Cuenta de cheques ****6789');
    expect(instrumentText(savings, spanish)).toBe('Cuenta de ahorros ****7654');
  });

  it("falls back on the method's name, and shows no digits it does not have", () => {
    expect(instrumentText({ method: 'eCheck', label: null, last4: null }, spanish)).toBe(
      'Cheque electrónico',
    );
    expect(instrumentText({ method: 'eCheck', label: 'BUSINESS', last4: '1' }, english)).toBe(
      'BUSINESS ****1',
    );
  });
});
