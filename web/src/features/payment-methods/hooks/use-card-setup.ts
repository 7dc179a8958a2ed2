import { useRef, useState } from 'react';
import type { CardProcessor } from '@webpay/contracts/config';
import type { PaymentMethod, StoredCredentialConsent } from '@webpay/contracts/payment-methods';
import type { Payer } from '@webpay/contracts/billing';
import { useMessages } from '@/lib/messages.ts';
import { completeCardSetup, startCardSetup } from '../api/payment-methods-api.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import { resultMessage, stringFields, type OpenCardWindow } from '../utils/card-window.ts';

export type CardSetupPhase = 'form' | 'starting' | 'window' | 'checking';

export interface CardSetupInput {
  payer: Payer;
  consent: StoredCredentialConsent;
}

/**
 * Adding a card on its own: the service opens a verification session
 * (ccgettoken), the processor's window takes the card, and the service
 * checks the window's answer before it keeps the card.
 */
export function useCardSetup({
  cardProcessor,
  openCardWindow,
  onSaved,
}: {
  cardProcessor: CardProcessor | undefined;
  openCardWindow: OpenCardWindow;
  onSaved: (method: PaymentMethod) => void;
}) {
  const t = useMessages(paymentMethodsMessages);
  const [phase, setPhase] = useState<CardSetupPhase>('form');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per setup attempt; a double click must still start one.
  const running = useRef(false);

  const run = async (input: CardSetupInput): Promise<void> => {
    if (!cardProcessor) return setProblem(t.cardWindowFailed);
    // The window refuses to open inside a page at any other address.
    if (!cardProcessor.portalOrigins.includes(window.location.origin)) {
      return setProblem(t.wrongAddress);
    }
    setPhase('starting');
    const started = await startCardSetup(input, crypto.randomUUID());
    if (started.error) return setProblem(started.error.title);
    setPhase('window');
    const outcome = await openCardWindow(started.data.token, cardProcessor);
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'error') return setProblem(t.cardWindowFailed);
    if (outcome.kind === 'declined') {
      return setProblem(t.cardNotVerified(resultMessage(outcome.response) || '—'));
    }
    setPhase('checking');
    const saved = await completeCardSetup(started.data.setupId, {
      convergeResponse: stringFields(outcome.response),
    });
    if (saved.error) return setProblem(saved.error.title);
    onSaved(saved.data);
  };

  const start = async (input: CardSetupInput) => {
    if (running.current) return;
    running.current = true;
    setProblem(null);
    try {
      await run(input);
    } catch (reason) {
      console.error('The card could not be added', reason);
      setProblem(t.cardWindowFailed);
    } finally {
      running.current = false;
      setPhase('form');
    }
  };

  return { phase, problem, start, dismiss: () => setProblem(null) };
}
