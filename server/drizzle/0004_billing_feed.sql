CREATE TABLE "feed_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"records" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_imports_generated_idx" ON "feed_imports" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "payments_export_batch_idx" ON "payments" USING btree ("export_batch");