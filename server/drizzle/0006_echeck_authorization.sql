ALTER TABLE "payments" ADD COLUMN "echeck_authorization" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "echeck_authorization_language" text;