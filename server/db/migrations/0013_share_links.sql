CREATE TABLE "share_links" (
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"target_url" text NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_provider_code_pk" PRIMARY KEY("provider","code")
);
