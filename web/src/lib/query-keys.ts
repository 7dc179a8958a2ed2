/** SPEC §3 cache keys; the config has a key of its own because it outlives sessions. */
export const queryKeys = {
  encounters: ['encounters'],
  contactConfig: ['contactConfig'],
  statements: ['statements'],
  payments: ['payments'],
  user: ['user'],
  appConfig: ['appConfig'],
} as const;

/** SPEC §4: what logout removes, so nothing of one guarantor is shown to the next. */
export const SESSION_QUERY_KEYS = [
  queryKeys.encounters,
  queryKeys.contactConfig,
  queryKeys.statements,
  queryKeys.payments,
  queryKeys.user,
] as const;
