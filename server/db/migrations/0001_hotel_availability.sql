CREATE TABLE "availabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"product" text NOT NULL,
	"hotel_id" text NOT NULL,
	"stay" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_links" (
	"provider" text NOT NULL,
	"country_code" text NOT NULL,
	"slug" text NOT NULL,
	"hotel_id" text NOT NULL,
	"url" text NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_links_provider_country_code_slug_pk" PRIMARY KEY("provider","country_code","slug")
);
--> statement-breakpoint
CREATE INDEX "hotel_links_hotel_idx" ON "hotel_links" USING btree ("provider","hotel_id");