-- The retention's indexes (decision 048). IF NOT EXISTS: on a large database an operator builds them beforehand with
-- CREATE INDEX CONCURRENTLY, which does not block writes as this migration would while it builds them.
CREATE INDEX IF NOT EXISTS "availabilities_created_at_idx" ON "availabilities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_done_at_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_failed_at_idx" ON "jobs" USING btree ("failed_at") WHERE "jobs"."failed_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "previews_updated_at_idx" ON "previews" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "previews_availability_idx" ON "previews" USING btree ("availability_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voucher_previews_updated_at_idx" ON "voucher_previews" USING btree ("updated_at");
