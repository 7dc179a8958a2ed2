/** An enrolment link works once, for 72 hours (issue #23). */
export const ENROLMENT_LIFETIME_SECONDS = 72 * 60 * 60;
