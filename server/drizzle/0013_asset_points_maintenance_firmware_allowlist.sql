CREATE TABLE "iot_firmware" (
	"firmware_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" varchar(50) NOT NULL,
	"notes" varchar(500) DEFAULT '' NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_size" bigint NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_upgrade_jobs" (
	"job_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"firmware_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"timeout_seconds" integer DEFAULT 600 NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "iot_upgrade_jobs_state_check" CHECK ("iot_upgrade_jobs"."state" in ('running', 'finished', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "iot_upgrade_targets" (
	"job_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"from_version" varchar(50) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_upgrade_targets_job_id_device_id_pk" PRIMARY KEY("job_id","device_id"),
	CONSTRAINT "iot_upgrade_targets_progress_check" CHECK ("iot_upgrade_targets"."progress" between 0 and 100),
	CONSTRAINT "iot_upgrade_targets_state_check" CHECK ("iot_upgrade_targets"."state" in ('pending', 'sent', 'downloading', 'installing', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "iot_gateway_allowlist" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"address" varchar(64) NOT NULL,
	"name" varchar(32) DEFAULT '' NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_gateway_allowlist_sync" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"synced_revision" integer,
	"synced_at" timestamp with time zone,
	"last_error" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_maintenance_records" (
	"record_id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"device_name" varchar(32) NOT NULL,
	"device_key" varchar(64) NOT NULL,
	"control_code" varchar(128),
	"project_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"fault" varchar(200) DEFAULT '' NOT NULL,
	"content" varchar(500) NOT NULL,
	"result" varchar(16) NOT NULL,
	"maintainer" varchar(50) NOT NULL,
	"maintainer_phone" varchar(20) DEFAULT '' NOT NULL,
	"maintained_at" timestamp with time zone NOT NULL,
	"cost_cents" integer,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_maintenance_kind_check" CHECK ("iot_maintenance_records"."kind" in ('inspect', 'repair', 'replace', 'maintain')),
	CONSTRAINT "iot_maintenance_result_check" CHECK ("iot_maintenance_records"."result" in ('fixed', 'pending', 'scrapped')),
	CONSTRAINT "iot_maintenance_cost_check" CHECK ("iot_maintenance_records"."cost_cents" is null or "iot_maintenance_records"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "iot_points" (
	"point_id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"kind" varchar(16) DEFAULT 'pole' NOT NULL,
	"project_id" integer NOT NULL,
	"area_id" integer,
	"site_id" integer,
	"segment" varchar(50) DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"height" double precision,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_devices" ADD COLUMN "point_id" integer;--> statement-breakpoint
ALTER TABLE "iot_firmware" ADD CONSTRAINT "iot_firmware_product_id_iot_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."iot_products"("product_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_upgrade_jobs" ADD CONSTRAINT "iot_upgrade_jobs_firmware_id_iot_firmware_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."iot_firmware"("firmware_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_upgrade_targets" ADD CONSTRAINT "iot_upgrade_targets_job_id_iot_upgrade_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."iot_upgrade_jobs"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_upgrade_targets" ADD CONSTRAINT "iot_upgrade_targets_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_gateway_allowlist" ADD CONSTRAINT "iot_gateway_allowlist_gateway_id_iot_devices_device_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_gateway_allowlist_sync" ADD CONSTRAINT "iot_gateway_allowlist_sync_gateway_id_iot_devices_device_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_maintenance_records" ADD CONSTRAINT "iot_maintenance_records_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_maintenance_records" ADD CONSTRAINT "iot_maintenance_records_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_points" ADD CONSTRAINT "iot_points_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_points" ADD CONSTRAINT "iot_points_area_id_areas_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("area_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_points" ADD CONSTRAINT "iot_points_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iot_firmware_version_key" ON "iot_firmware" USING btree ("product_id",lower("version"));--> statement-breakpoint
CREATE INDEX "iot_upgrade_jobs_created_idx" ON "iot_upgrade_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_upgrade_targets_active_key" ON "iot_upgrade_targets" USING btree ("device_id") WHERE "iot_upgrade_targets"."state" in ('pending', 'sent', 'downloading', 'installing');--> statement-breakpoint
CREATE INDEX "iot_upgrade_targets_state_idx" ON "iot_upgrade_targets" USING btree ("job_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_gateway_allowlist_address_key" ON "iot_gateway_allowlist" USING btree ("gateway_id",lower("address"));--> statement-breakpoint
CREATE INDEX "iot_gateway_allowlist_gateway_idx" ON "iot_gateway_allowlist" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "iot_maintenance_device_idx" ON "iot_maintenance_records" USING btree ("device_id","maintained_at");--> statement-breakpoint
CREATE INDEX "iot_maintenance_project_idx" ON "iot_maintenance_records" USING btree ("project_id","maintained_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_points_code_key" ON "iot_points" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "iot_points_project_idx" ON "iot_points" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "iot_points_area_idx" ON "iot_points" USING btree ("area_id");--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_point_id_iot_points_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."iot_points"("point_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_devices_point_idx" ON "iot_devices" USING btree ("point_id");