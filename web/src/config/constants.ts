/** SPEC §9 timings and limits the portal itself enforces. */
export const LOGOUT_DELAY_MS = 300;
export const INITIAL_UNAUTHENTICATED_WAIT_MS = 400;

export const PROGRESS = {
  start: 20,
  step: 5,
  intervalMs: 500,
  cap: 90,
  done: 100,
  resetAfterMs: 300,
} as const;

export const TOASTS = {
  durationMs: 4000,
  visible: 3,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
} as const;

export const CONFIG_CACHE = {
  gcTimeMs: 24 * 60 * 60 * 1000,
  retries: 2,
  retryDelayMs: 500,
} as const;

export const DASHBOARD_QUERY_RETRIES = 2;

/** SPEC §9: how long a copy button says 'Copied!'. */
export const COPIED_INDICATOR_MS = 2_000;

/**
 * Shown only until GET /config/app answers (or if it cannot be reached); the
 * provider's own name and colour replace them as soon as the config arrives.
 */
export const DEFAULT_BRANDING = {
  portalName: 'Patient Payment Portal',
  accentColor: '#1d4ed8',
  logoUrl: `${import.meta.env.BASE_URL}logo.svg`,
} as const;
