ALTER TABLE "availabilities" ADD COLUMN "search_key" text;--> statement-breakpoint
CREATE INDEX "availabilities_search_key_idx" ON "availabilities" USING btree ("search_key","created_at");