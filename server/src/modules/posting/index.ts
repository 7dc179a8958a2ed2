// What other modules may use of posting; everything else stays inside it.
export * from './posting-file.ts';
export * from './posting.service.ts';
