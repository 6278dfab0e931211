CREATE TABLE "bank_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"reference" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"variable_symbol" text,
	"message" text,
	"counterparty_name" text,
	"counterparty_account" text,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"applied" bigint NOT NULL,
	"surplus" bigint NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_account_reference_idx" ON "bank_movements" USING btree ("account","reference");--> statement-breakpoint
CREATE INDEX "bank_movements_order_idx" ON "bank_movements" USING btree ("order_id");