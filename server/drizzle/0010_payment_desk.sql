CREATE TABLE "payment_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"payment_id" text NOT NULL,
	"guarantor_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"allocation" jsonb NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"sent_at" timestamp with time zone,
	"processor_txn_id" text,
	"processor_message" text,
	"completed_at" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"exported_at" timestamp with time zone,
	"export_batch" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_converge_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"transaction_count" integer NOT NULL,
	"net_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "returns_txn_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "settlement_batch_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_requested_by_staff_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_reference_key" ON "payment_reversals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_idempotency_key" ON "payment_reversals" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_processor_txn_key" ON "payment_reversals" USING btree ("processor_txn_id") WHERE "payment_reversals"."processor_txn_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_idx" ON "payment_reversals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_guarantor_idx" ON "payment_reversals" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_export_batch_idx" ON "payment_reversals" USING btree ("export_batch");--> statement-breakpoint
CREATE INDEX "payment_reversals_completed_idx" ON "payment_reversals" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "payment_reversals_open_idx" ON "payment_reversals" USING btree ("status","requested_at") WHERE "payment_reversals"."status" in ('awaiting_approval', 'processing');--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "payments_recorded_idx" ON "payments" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "sandbox_converge_transactions_created_idx" ON "sandbox_converge_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_converge_transactions_open_batch_idx" ON "sandbox_converge_transactions" USING btree ("created_at") WHERE "sandbox_converge_transactions"."settled_at" is null;