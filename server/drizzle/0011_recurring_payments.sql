CREATE TABLE "autopay_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"instalment_id" text,
	"statement_id" text,
	"attempt" integer NOT NULL,
	"charge_date" date NOT NULL,
	"amount_cents" integer,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"payment_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"holder" jsonb NOT NULL,
	"consent_text" text NOT NULL,
	"consent_language" text NOT NULL,
	"lightbox_token" text,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"payment_method_id" text,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"kind" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"card_expiry" text,
	"processor_token" text,
	"bank_sealed" text,
	"bank_key_id" text,
	"bank_fingerprint" text,
	"holder" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"saved_from" text NOT NULL,
	"first_txn_id" text,
	"first_approval_code" text,
	"authorization_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_converge_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"card_number_masked" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_expiry" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"behaviour" text DEFAULT 'approve' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_autopay" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"cap_cents" integer NOT NULL,
	"authorization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "source" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "day_of_month" integer;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "autopay_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "export_batch" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "needs_attention_since" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "origin" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card_consent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card_consent_language" text;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_converge_tokens" ADD COLUMN "add_token" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_converge_tokens" ADD COLUMN "verify" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "recurring_flag" text;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "payment_number" integer;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "payment_count" integer;--> statement-breakpoint
ALTER TABLE "sandbox_converge_transactions" ADD COLUMN "merchant_initiated_unscheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_instalment_id_plan_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "plan_instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_autopay" ADD CONSTRAINT "statement_autopay_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_autopay" ADD CONSTRAINT "statement_autopay_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_autopay" ADD CONSTRAINT "statement_autopay_authorization_id_payment_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "payment_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charges_instalment_attempt_key" ON "autopay_charges" USING btree ("instalment_id","attempt") WHERE "autopay_charges"."instalment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charges_statement_attempt_key" ON "autopay_charges" USING btree ("statement_id","attempt") WHERE "autopay_charges"."statement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charges_payment_key" ON "autopay_charges" USING btree ("payment_id") WHERE "autopay_charges"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "autopay_charges_guarantor_idx" ON "autopay_charges" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "autopay_charges_due_idx" ON "autopay_charges" USING btree ("charge_date","status");--> statement-breakpoint
CREATE UNIQUE INDEX "card_setups_idempotency_key" ON "card_setups" USING btree ("guarantor_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_authorizations_guarantor_idx" ON "payment_authorizations" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "payment_authorizations_plan_idx" ON "payment_authorizations" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "payment_methods_guarantor_idx" ON "payment_methods" USING btree ("guarantor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_default_key" ON "payment_methods" USING btree ("guarantor_id") WHERE "payment_methods"."is_default" and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_token_key" ON "payment_methods" USING btree ("guarantor_id","processor_token") WHERE "payment_methods"."processor_token" is not null and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_bank_key" ON "payment_methods" USING btree ("guarantor_id","bank_fingerprint") WHERE "payment_methods"."bank_fingerprint" is not null and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "payment_methods_key_id_idx" ON "payment_methods" USING btree ("bank_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_autopay_active_key" ON "statement_autopay" USING btree ("guarantor_id") WHERE "statement_autopay"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_autopay_method_id_payment_methods_id_fk" FOREIGN KEY ("autopay_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_idempotency_key" ON "payment_plans" USING btree ("guarantor_id","idempotency_key") WHERE "payment_plans"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "payment_plans_autopay_idx" ON "payment_plans" USING btree ("autopay_method_id") WHERE "payment_plans"."autopay_method_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_plans_attention_idx" ON "payment_plans" USING btree ("needs_attention_since") WHERE "payment_plans"."needs_attention_since" is not null;--> statement-breakpoint
CREATE INDEX "plan_instalments_due_idx" ON "plan_instalments" USING btree ("due_date");