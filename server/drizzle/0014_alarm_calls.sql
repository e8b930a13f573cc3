CREATE TABLE "alarm_box_cameras" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"camera_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_calls" (
	"alarm_call_id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"device_name" varchar(100) NOT NULL,
	"control_code" varchar(128),
	"project_id" integer NOT NULL,
	"box_call_id" varchar(64),
	"state" varchar(16) NOT NULL,
	"outgoing" boolean DEFAULT false NOT NULL,
	"happen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"answered_by_name" varchar(50),
	"ended_at" timestamp with time zone,
	"end_reason" varchar(16),
	CONSTRAINT "alarm_calls_state_check" CHECK ("alarm_calls"."state" in ('ringing', 'answered', 'ended')),
	CONSTRAINT "alarm_calls_end_reason_check" CHECK ("alarm_calls"."end_reason" is null or "alarm_calls"."end_reason" in ('box', 'operator', 'missed', 'offline', 'timeout'))
);
--> statement-breakpoint
ALTER TABLE "alarm_box_cameras" ADD CONSTRAINT "alarm_box_cameras_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_box_cameras" ADD CONSTRAINT "alarm_box_cameras_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_calls" ADD CONSTRAINT "alarm_calls_device_id_iot_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("device_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_calls" ADD CONSTRAINT "alarm_calls_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_calls" ADD CONSTRAINT "alarm_calls_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_box_cameras_camera_idx" ON "alarm_box_cameras" USING btree ("camera_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_calls_open_device_key" ON "alarm_calls" USING btree ("device_id") WHERE "alarm_calls"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "alarm_calls_open_answerer_idx" ON "alarm_calls" USING btree ("answered_by") WHERE "alarm_calls"."state" = 'answered';--> statement-breakpoint
CREATE INDEX "alarm_calls_project_happen_idx" ON "alarm_calls" USING btree ("project_id","happen_at");--> statement-breakpoint
CREATE INDEX "alarm_calls_device_happen_idx" ON "alarm_calls" USING btree ("device_id","happen_at");