CREATE TABLE "sign_in_lockouts" (
	"identifier_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_challenges" ALTER COLUMN "guarantor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "guarantor_ref" text;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "identifier_hash" text;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_lockouts_updated_idx" ON "sign_in_lockouts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "login_challenges_identifier_idx" ON "login_challenges" USING btree ("identifier_hash","kind","created_at");--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "guarantors" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "guarantors" DROP COLUMN "locked_until";