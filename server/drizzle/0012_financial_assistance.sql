CREATE TABLE "assistance_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"encounter_id" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"adjustment_cents" integer,
	"adjustment_status" text,
	"adjustment_exported_at" timestamp with time zone,
	"adjustment_export_batch" text,
	"adjustment_confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assistance_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"guarantor_id" text NOT NULL,
	"facility_id" text NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb NOT NULL,
	"region" text NOT NULL,
	"household_size" integer NOT NULL,
	"yearly_income_cents" bigint NOT NULL,
	"keep_paying" boolean NOT NULL,
	"signature_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_ip" text NOT NULL,
	"signed_user_agent" text,
	"language" text NOT NULL,
	"window_ends_on" date NOT NULL,
	"requested_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"information_due_on" date,
	"hold_released_at" timestamp with time zone,
	"hold_release_reason" text,
	"first_approval" jsonb,
	"decided_at" timestamp with time zone,
	"decision" jsonb,
	"documents_purged_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistance_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"member_index" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"sha256" text,
	"sealed" "bytea",
	"key_id" text,
	"received_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"extracted_yearly_income_cents" bigint,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistance_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"author" text NOT NULL,
	"staff_id" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "assistance_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistance_accounts" ADD CONSTRAINT "assistance_accounts_application_id_assistance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "assistance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_accounts" ADD CONSTRAINT "assistance_accounts_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_applications" ADD CONSTRAINT "assistance_applications_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_documents" ADD CONSTRAINT "assistance_documents_application_id_assistance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "assistance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_events" ADD CONSTRAINT "assistance_events_application_id_assistance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "assistance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_letters" ADD CONSTRAINT "assistance_letters_application_id_assistance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "assistance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_accounts_application_encounter_key" ON "assistance_accounts" USING btree ("application_id","encounter_id");--> statement-breakpoint
CREATE INDEX "assistance_accounts_encounter_idx" ON "assistance_accounts" USING btree ("encounter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_applications_reference_key" ON "assistance_applications" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_applications_idempotency_key" ON "assistance_applications" USING btree ("guarantor_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_applications_one_open_key" ON "assistance_applications" USING btree ("guarantor_id") WHERE status in ('submitted', 'in_review', 'need_information');--> statement-breakpoint
CREATE INDEX "assistance_applications_status_idx" ON "assistance_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "assistance_documents_application_idx" ON "assistance_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "assistance_events_application_idx" ON "assistance_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "assistance_letters_application_idx" ON "assistance_letters" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_letters_kind_key" ON "assistance_letters" USING btree ("application_id","kind") WHERE kind <> 'incomplete';