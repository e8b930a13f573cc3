CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"version" varchar(39) NOT NULL,
	"version_parts" integer[] NOT NULL,
	"notes" varchar(2000) DEFAULT '' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_size" bigint NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"publisher" varchar(50) DEFAULT '' NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_parts_check" CHECK (cardinality("editions"."version_parts") = 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "editions_platform_version_key" ON "editions" USING btree ("platform","version_parts");