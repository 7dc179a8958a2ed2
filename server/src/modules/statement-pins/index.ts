// What other modules may use of statement-pins; everything else stays inside it.
export * from './pin-file.ts';
export * from './statement-pins.service.ts';
