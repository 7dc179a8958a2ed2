CREATE TABLE "sandbox_converge_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"transaction_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_number" text,
	"customer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_converge_transactions" (
	"txn_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"transaction_type" text NOT NULL,
	"approved" boolean NOT NULL,
	"result_message" text NOT NULL,
	"approval_code" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_number" text,
	"card_number_masked" text,
	"card_brand" text,
	"card_expiry" text,
	"bank_account_last4" text,
	"first_name" text,
	"last_name" text,
	"voids_txn_id" text,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_converge_tokens_expires_idx" ON "sandbox_converge_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_converge_transactions_invoice_idx" ON "sandbox_converge_transactions" USING btree ("invoice_number","created_at");