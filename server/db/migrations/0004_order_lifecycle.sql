ALTER TABLE "orders" ADD COLUMN "booking_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'cs' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_voucher_id" uuid;