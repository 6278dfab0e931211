CREATE TABLE "wrong_voucher_codes" (
	"client" text PRIMARY KEY NOT NULL,
	"tries" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wrong_voucher_codes_updated_at_idx" ON "wrong_voucher_codes" USING btree ("updated_at");