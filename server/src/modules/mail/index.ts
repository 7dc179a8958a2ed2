// What other modules may use of mail; everything else stays inside it.
export * from './mail-messages.ts';
export * from './mail.service.ts';
export * from './mail.templates.ts';
export * from './mail.transport.ts';
export * from './mail-outbox.ts';
export * from './mail-delivery-event.ts';
