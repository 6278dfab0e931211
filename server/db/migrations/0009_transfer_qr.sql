ALTER TABLE "payments" ADD COLUMN "transfer_qr_text" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_qr_image" text;