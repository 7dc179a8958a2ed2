ALTER TABLE "payment_lines" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lightbox_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "token_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_email_as_guarantor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD COLUMN "payment_line_id" text;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_payment_line_id_payment_lines_id_fk" FOREIGN KEY ("payment_line_id") REFERENCES "payment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_unreconciled_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" <> 'recorded' and "payments"."reconciled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_payments_payment_line_key" ON "pending_payments" USING btree ("payment_line_id");