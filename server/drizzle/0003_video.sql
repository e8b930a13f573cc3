CREATE TABLE "cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_code" varchar(128) NOT NULL,
	"name" varchar(100) NOT NULL,
	"platform_code" varchar(32) NOT NULL,
	"access_way" varchar(32) NOT NULL,
	"project_id" integer NOT NULL,
	"area_name" varchar(100) DEFAULT '' NOT NULL,
	"site_name" varchar(100) DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"has_ptz" boolean DEFAULT false NOT NULL,
	"record_location" smallint DEFAULT 0 NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cameras_control_code_unique" UNIQUE("control_code"),
	CONSTRAINT "cameras_record_location_check" CHECK ("cameras"."record_location" in (0, 1)),
	CONSTRAINT "cameras_platform_code_check" CHECK ("cameras"."platform_code" in ('hik_isc_huati', 'dh_icc_huati'))
);
--> statement-breakpoint
CREATE TABLE "video_platforms" (
	"platform_code" varchar(32) PRIMARY KEY NOT NULL,
	"base_url" varchar(500) DEFAULT '' NOT NULL,
	"app_key" varchar(200) DEFAULT '' NOT NULL,
	"app_secret" varchar(200) DEFAULT '' NOT NULL,
	"username" varchar(200) DEFAULT '' NOT NULL,
	"password" varchar(200) DEFAULT '' NOT NULL,
	"client_id" varchar(200) DEFAULT '' NOT NULL,
	"client_secret" varchar(200) DEFAULT '' NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_platforms_code_check" CHECK ("video_platforms"."platform_code" in ('hik_isc_huati', 'dh_icc_huati'))
);
--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cameras_project_idx" ON "cameras" USING btree ("project_id");