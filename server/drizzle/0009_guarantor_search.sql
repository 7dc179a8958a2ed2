CREATE TABLE "pin_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"guarantor_id" text NOT NULL,
	"sealed" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pin_letters" ADD CONSTRAINT "pin_letters_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pin_letters_created_idx" ON "pin_letters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "encounters_account_number_idx" ON "encounters" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "guarantors_first_name_search_idx" ON "guarantors" USING btree ((lower(translate("first_name", 'áàâäãåāÁÀÂÄÃÅĀéèêëēÉÈÊËĒíìîïīÍÌÎÏĪóòôöõøōÓÒÔÖÕØŌúùûüūÚÙÛÜŪñÑçÇýÿÝ', 'aaaaaaaAAAAAAAeeeeeEEEEEiiiiiIIIIIoooooooOOOOOOOuuuuuUUUUUnNcCyyY')) collate "C"));--> statement-breakpoint
CREATE INDEX "guarantors_last_name_search_idx" ON "guarantors" USING btree ((lower(translate("last_name", 'áàâäãåāÁÀÂÄÃÅĀéèêëēÉÈÊËĒíìîïīÍÌÎÏĪóòôöõøōÓÒÔÖÕØŌúùûüūÚÙÛÜŪñÑçÇýÿÝ', 'aaaaaaaAAAAAAAeeeeeEEEEEiiiiiIIIIIoooooooOOOOOOOuuuuuUUUUUnNcCyyY')) collate "C"));--> statement-breakpoint
CREATE INDEX "guarantors_birthdate_idx" ON "guarantors" USING btree ("birthdate");--> statement-breakpoint
CREATE INDEX "guarantors_phone_digits_idx" ON "guarantors" USING btree (regexp_replace("support_phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "pending_payments_receipt_idx" ON "pending_payments" USING btree ("receipt_id");