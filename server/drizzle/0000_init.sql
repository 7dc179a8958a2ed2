CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"guarantor_id" text,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"request_id" text,
	"correlation_id" text,
	"ip_address" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"facility_id" text NOT NULL,
	"account_number" text NOT NULL,
	"patient_name" text NOT NULL,
	"status" text NOT NULL,
	"admit_date" date,
	"balance_cents" integer NOT NULL,
	"type" text NOT NULL,
	"plan_id" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"support_phone" text NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guarantors" (
	"id" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"mmi" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"birthdate" date NOT NULL,
	"support_phone" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"signed_up_at" timestamp with time zone,
	"pin_hash" text,
	"pin_issued_at" timestamp with time zone,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"line_number" integer NOT NULL,
	"payment_type" text NOT NULL,
	"facility_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"encounter_id" text,
	"plan_id" text
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"plan_number" text NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"next_due_date" date,
	"due_cents" integer NOT NULL,
	"overdue_cents" integer DEFAULT 0 NOT NULL,
	"regular_payment_cents" integer NOT NULL,
	"current_balance_cents" integer NOT NULL,
	"number_of_payments" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"session_id" text,
	"idempotency_key" text,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"processor_reference" text NOT NULL,
	"processor_txn_id" text,
	"approval_code" text,
	"card_brand" text,
	"card_last4" text,
	"card_expiry" text,
	"bank_account_type" text,
	"bank_last4" text,
	"bank_account_fingerprint" text,
	"payer" jsonb NOT NULL,
	"receipt_email" text,
	"failure_code" text,
	"failure_message" text,
	"exported_at" timestamp with time zone,
	"export_batch" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"encounter_id" text,
	"plan_id" text,
	"payment_id" text,
	"receipt_id" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_instalments" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"completed_at" date
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"receipt_id" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	"emailed_to" text,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"login_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"statement_date" date NOT NULL,
	"account_number" text NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_guarantor_idx" ON "audit_events" USING btree ("guarantor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_request_idx" ON "audit_events" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "encounters_facility_account_key" ON "encounters" USING btree ("facility_id","account_number");--> statement-breakpoint
CREATE INDEX "encounters_guarantor_idx" ON "encounters" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "encounters_plan_idx" ON "encounters" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantors_account_number_key" ON "guarantors" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantors_mmi_key" ON "guarantors" USING btree ("mmi");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantors_email_key" ON "guarantors" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_secret_key" ON "login_challenges" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_guarantor_idx" ON "login_challenges" USING btree ("guarantor_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_payment_line_key" ON "payment_lines" USING btree ("payment_id","line_number");--> statement-breakpoint
CREATE INDEX "payment_lines_encounter_idx" ON "payment_lines" USING btree ("encounter_id");--> statement-breakpoint
CREATE INDEX "payment_lines_plan_idx" ON "payment_lines" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_number_key" ON "payment_plans" USING btree ("plan_number");--> statement-breakpoint
CREATE INDEX "payment_plans_guarantor_idx" ON "payment_plans" USING btree ("guarantor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("guarantor_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_processor_reference_key" ON "payments" USING btree ("processor_reference");--> statement-breakpoint
CREATE INDEX "payments_guarantor_idx" ON "payments" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pending_payments_guarantor_idx" ON "pending_payments" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "pending_payments_encounter_idx" ON "pending_payments" USING btree ("encounter_id");--> statement-breakpoint
CREATE INDEX "pending_payments_plan_idx" ON "pending_payments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_instalments_plan_number_key" ON "plan_instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_key" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_receipt_id_key" ON "receipts" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "sessions_guarantor_idx" ON "sessions" USING btree ("guarantor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_guarantor_date_key" ON "statements" USING btree ("guarantor_id","statement_date");