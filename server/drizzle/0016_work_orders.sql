CREATE TABLE "om_work_order_days" (
	"day" varchar(8) PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "om_work_order_photos" (
	"photo_id" serial PRIMARY KEY NOT NULL,
	"step_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" varchar(200) NOT NULL,
	"size" bigint NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "om_work_order_steps" (
	"step_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(50) NOT NULL,
	"action" varchar(12) NOT NULL,
	"from_state" varchar(12),
	"to_state" varchar(12) NOT NULL,
	"assignee_id" integer,
	"assignee_name" varchar(50),
	"note" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "om_work_orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"title" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"source" integer NOT NULL,
	"level" varchar(10) NOT NULL,
	"state" varchar(12) DEFAULT 'to_dispatch' NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer,
	"device_name" varchar(32),
	"alarm_id" integer,
	"assignee_id" integer,
	"creator_id" integer,
	"creator_name" varchar(50) NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" varchar(200) DEFAULT '' NOT NULL,
	"held_from" varchar(12),
	CONSTRAINT "om_work_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "om_work_orders_state_check" CHECK ("om_work_orders"."state" in ('to_dispatch', 'dispatched', 'accepted', 'processing', 'on_hold', 'reviewing', 'done', 'cancelled')),
	CONSTRAINT "om_work_orders_held_check" CHECK ("om_work_orders"."held_from" is null or "om_work_orders"."held_from" in ('accepted', 'processing')),
	CONSTRAINT "om_work_orders_source_check" CHECK ("om_work_orders"."source" in (120201, 120202, 120203, 120204)),
	CONSTRAINT "om_work_orders_level_check" CHECK ("om_work_orders"."level" in ('error', 'common', 'tips'))
);
--> statement-breakpoint
ALTER TABLE "om_work_order_photos" ADD CONSTRAINT "om_work_order_photos_step_id_om_work_order_steps_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."om_work_order_steps"("step_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_order_photos" ADD CONSTRAINT "om_work_order_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_order_steps" ADD CONSTRAINT "om_work_order_steps_order_id_om_work_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."om_work_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_order_steps" ADD CONSTRAINT "om_work_order_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_order_steps" ADD CONSTRAINT "om_work_order_steps_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_orders" ADD CONSTRAINT "om_work_orders_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_orders" ADD CONSTRAINT "om_work_orders_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_orders" ADD CONSTRAINT "om_work_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "om_work_orders" ADD CONSTRAINT "om_work_orders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "om_work_order_photos_step_idx" ON "om_work_order_photos" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "om_work_order_photos_unused_idx" ON "om_work_order_photos" USING btree ("uploaded_at") WHERE "om_work_order_photos"."step_id" is null;--> statement-breakpoint
CREATE INDEX "om_work_order_steps_order_idx" ON "om_work_order_steps" USING btree ("order_id","step_id");--> statement-breakpoint
CREATE INDEX "om_work_orders_project_idx" ON "om_work_orders" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "om_work_orders_assignee_idx" ON "om_work_orders" USING btree ("assignee_id","state");--> statement-breakpoint
CREATE INDEX "om_work_orders_state_idx" ON "om_work_orders" USING btree ("state","deadline_at");--> statement-breakpoint
CREATE INDEX "om_work_orders_alarm_idx" ON "om_work_orders" USING btree ("alarm_id");