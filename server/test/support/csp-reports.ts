// Where and how browsers report policy violations, for the header tests.
export * from '../../src/modules/csp-reports/csp-reports.ts';
