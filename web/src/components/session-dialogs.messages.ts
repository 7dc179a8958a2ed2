import {
  INVALID_CODE_MODAL,
  INVALID_CODE_MODAL_ES,
  SESSION_EXPIRED_MODAL,
  SESSION_EXPIRED_MODAL_ES,
} from '@webpay/contracts/messages';
import { defineCatalogue } from '@/lib/messages.ts';

/** SPEC §4/§8 'Session Expired' modal. */
export const sessionExpiredMessages = defineCatalogue(
  SESSION_EXPIRED_MODAL,
  SESSION_EXPIRED_MODAL_ES,
);

/** SPEC §4/§8 'Invalid Code' modal. */
export const invalidCodeMessages = defineCatalogue(INVALID_CODE_MODAL, INVALID_CODE_MODAL_ES);
