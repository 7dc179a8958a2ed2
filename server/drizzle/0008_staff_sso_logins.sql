CREATE TABLE "staff_sso_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"checks_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state_used_at" timestamp with time zone,
	"staff_id" text,
	"grant_hash" text,
	"grant_expires_at" timestamp with time zone,
	"grant_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_sso_logins" ADD CONSTRAINT "staff_sso_logins_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sso_logins_grant_key" ON "staff_sso_logins" USING btree ("grant_hash");--> statement-breakpoint
CREATE INDEX "staff_sso_logins_expires_idx" ON "staff_sso_logins" USING btree ("expires_at");