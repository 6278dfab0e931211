CREATE TABLE "voucher_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product" text NOT NULL,
	"fee_mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"extra_service" boolean NOT NULL,
	"payment_request" jsonb NOT NULL,
	"calculation" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_preview_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "present_for" jsonb;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "product" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "design" text;--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_events_voucher_idx" ON "voucher_events" USING btree ("voucher_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_preview_id_voucher_previews_id_fk" FOREIGN KEY ("voucher_preview_id") REFERENCES "public"."voucher_previews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_order_idx" ON "vouchers" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_preview_id_unique" UNIQUE("voucher_preview_id");--> statement-breakpoint
-- A voucher given for a cancelled order belongs to that order's shop.
UPDATE "vouchers" SET "product" = "orders"."product" FROM "orders" WHERE "vouchers"."order_id" = "orders"."id";