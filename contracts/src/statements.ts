import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { facilityIdSchema } from './facilities.ts';
import { dollarAmountSchema } from './money.ts';
import { plainText } from './plain-text.ts';
import { statementReconciliationSchema } from './statement-reconciliation.ts';

/*
 * Statements (issue: the screens SPEC names but does not show). Only for
 * guarantors with the historical-data role; amounts in dollars on the wire.
 */

export const STATEMENT_STATUSES = ['open', 'paid', 'past_due', 'closed'] as const;
export const statementStatusSchema = z.enum(STATEMENT_STATUSES);
export type StatementStatus = z.infer<typeof statementStatusSchema>;

/** How each status reads to a guarantor (always in words beside any colour). */
export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  past_due: 'Past Due',
  closed: 'Closed',
};

export const STATEMENT_STATUS_LABELS_ES: Record<StatementStatus, string> = {
  open: 'Abierto',
  paid: 'Pagado',
  past_due: 'Vencido',
  closed: 'Cerrado',
};

/** One row of GET /statements, newest first. */
export const statementSummarySchema = z
  .object({
    id: z.string(),
    statementDate: isoDateSchema,
    accountNumber: z.string(),
    amountDue: dollarAmountSchema,
    dueDate: isoDateSchema,
    status: statementStatusSchema,
  })
  .meta({ id: 'StatementSummary' });
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementListSchema = z
  .object({ statements: z.array(statementSummarySchema) })
  .meta({ id: 'StatementList' });
export type StatementList = z.infer<typeof statementListSchema>;

/** One line of a statement: an encounter as it stood on the statement date. */
export const statementItemSchema = z
  .object({
    facilityId: facilityIdSchema,
    accountNumber: z.string(),
    patientName: z.string(),
    description: z.string(),
    serviceDate: isoDateSchema,
    charges: dollarAmountSchema,
    payments: dollarAmountSchema,
    adjustments: dollarAmountSchema,
    balance: dollarAmountSchema,
  })
  .meta({ id: 'StatementItem' });
export type StatementItem = z.infer<typeof statementItemSchema>;

/**
 * GET /statements/{id}: the statement with its lines and totals, and how its
 * amount due compares with what the dashboard asks for today.
 */
export const statementDetailSchema = statementSummarySchema
  .extend({
    guarantorName: z.string(),
    items: z.array(statementItemSchema),
    totals: z.object({
      charges: dollarAmountSchema,
      payments: dollarAmountSchema,
      adjustments: dollarAmountSchema,
      balance: dollarAmountSchema,
    }),
    reconciliation: statementReconciliationSchema,
  })
  .meta({ id: 'StatementDetail' });
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementIdParamsSchema = z.object({ id: plainText().min(1).max(100) });
