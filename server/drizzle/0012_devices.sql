CREATE TABLE "iot_alarm_rules" (
	"rule_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"identifier" varchar(50) NOT NULL,
	"operator" varchar(2) NOT NULL,
	"threshold" double precision NOT NULL,
	"level" varchar(10) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_devices" (
	"device_id" serial PRIMARY KEY NOT NULL,
	"device_key" varchar(64) NOT NULL,
	"control_code" varchar(128),
	"name" varchar(32) NOT NULL,
	"product_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"area_id" integer,
	"site_id" integer,
	"segment" varchar(50) DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_sealed" varchar(400) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"firmware_version" varchar(50) DEFAULT '' NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_product_functions" (
	"function_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"identifier" varchar(50) NOT NULL,
	"name" varchar(30) NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_product_functions_kind_check" CHECK ("iot_product_functions"."kind" in ('property', 'service', 'event'))
);
--> statement-breakpoint
CREATE TABLE "iot_products" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"product_key" varchar(32) NOT NULL,
	"name" varchar(30) NOT NULL,
	"type_code" varchar(4) NOT NULL,
	"vendor" varchar(50) DEFAULT '' NOT NULL,
	"model" varchar(50) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offline_after_seconds" integer DEFAULT 300 NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_commands" (
	"command_id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"service" varchar(50) NOT NULL,
	"params" jsonb NOT NULL,
	"state" varchar(10) NOT NULL,
	"reply_code" integer,
	"reply_message" varchar(200) DEFAULT '' NOT NULL,
	"reply_data" jsonb,
	"sender_id" integer,
	"sender" varchar(50) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "iot_commands_state_check" CHECK ("iot_commands"."state" in ('sent', 'succeeded', 'failed', 'timeout', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "iot_alarms" (
	"alarm_id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"source" varchar(64) NOT NULL,
	"title" varchar(50) NOT NULL,
	"level" varchar(10) NOT NULL,
	"state" varchar(12) DEFAULT 'waiting' NOT NULL,
	"value" jsonb,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "iot_alarms_state_check" CHECK ("iot_alarms"."state" in ('waiting', 'confirmed', 'invalid', 'work_order', 'auto_recover', 'finish'))
);
--> statement-breakpoint
CREATE TABLE "iot_faults" (
	"fault_id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"device_key" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"detail" varchar(300) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_latest_values" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"values_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_telemetry" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Reports outside every day partition land here (clock-skewed devices); the retention sweep empties it.
CREATE TABLE "iot_telemetry_default" PARTITION OF "iot_telemetry" DEFAULT;
--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD CONSTRAINT "iot_alarm_rules_product_id_iot_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."iot_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_product_id_iot_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."iot_products"("product_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_area_id_areas_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("area_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_product_functions" ADD CONSTRAINT "iot_product_functions_product_id_iot_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."iot_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_commands" ADD CONSTRAINT "iot_commands_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD CONSTRAINT "iot_alarms_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD CONSTRAINT "iot_alarms_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_faults" ADD CONSTRAINT "iot_faults_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_latest_values" ADD CONSTRAINT "iot_latest_values_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_alarm_rules_product_idx" ON "iot_alarm_rules" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_devices_key_key" ON "iot_devices" USING btree ("device_key");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_devices_control_code_key" ON "iot_devices" USING btree ("control_code");--> statement-breakpoint
CREATE INDEX "iot_devices_product_idx" ON "iot_devices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "iot_devices_project_idx" ON "iot_devices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "iot_devices_area_idx" ON "iot_devices" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "iot_devices_site_idx" ON "iot_devices" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_product_functions_identifier_key" ON "iot_product_functions" USING btree ("product_id","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_products_key_key" ON "iot_products" USING btree (lower("product_key"));--> statement-breakpoint
CREATE UNIQUE INDEX "iot_commands_message_key" ON "iot_commands" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "iot_commands_device_idx" ON "iot_commands" USING btree ("device_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_alarms_open_key" ON "iot_alarms" USING btree ("device_id","source") WHERE "iot_alarms"."state" in ('waiting', 'confirmed', 'work_order');--> statement-breakpoint
CREATE INDEX "iot_alarms_project_idx" ON "iot_alarms" USING btree ("project_id","last_at");--> statement-breakpoint
CREATE INDEX "iot_faults_device_idx" ON "iot_faults" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "iot_faults_at_idx" ON "iot_faults" USING btree ("at");--> statement-breakpoint
CREATE INDEX "iot_telemetry_device_ts_idx" ON "iot_telemetry" USING btree ("device_id","ts");