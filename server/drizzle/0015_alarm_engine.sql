CREATE TABLE "iot_alarm_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor" varchar(50),
	"action" varchar(10) NOT NULL,
	"from_state" varchar(12),
	"to_state" varchar(12),
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"comment" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "iot_alarm_events_action_check" CHECK ("iot_alarm_events"."action" in ('raised', 'moved', 'recovered', 'comment', 'repushed'))
);
--> statement-breakpoint
CREATE TABLE "iot_alarm_occurrences" (
	"occurrence_id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" jsonb
);
--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "mode" varchar(10) DEFAULT 'threshold' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "window_seconds" integer;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "clear_operator" varchar(2);--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "clear_threshold" double precision;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "clear_identifier" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "duration_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "auto_handle" varchar(12) DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "repeat_frequency" varchar(4);--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "kind" varchar(10) DEFAULT 'alarm' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "handled_by_id" integer;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "handled_by" varchar(50);--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "work_order_id" integer;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD COLUMN "next_push_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_alarm_events" ADD CONSTRAINT "iot_alarm_events_alarm_id_iot_alarms_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."iot_alarms"("alarm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alarm_occurrences" ADD CONSTRAINT "iot_alarm_occurrences_alarm_id_iot_alarms_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."iot_alarms"("alarm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_alarm_events_alarm_idx" ON "iot_alarm_events" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE INDEX "iot_alarm_occurrences_alarm_idx" ON "iot_alarm_occurrences" USING btree ("alarm_id","at");--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD CONSTRAINT "iot_alarms_rule_id_iot_alarm_rules_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."iot_alarm_rules"("rule_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_alarms_push_idx" ON "iot_alarms" USING btree ("next_push_at") WHERE "iot_alarms"."next_push_at" is not null;--> statement-breakpoint
ALTER TABLE "iot_alarms" ADD CONSTRAINT "iot_alarms_kind_check" CHECK ("iot_alarms"."kind" in ('alarm', 'warning'));--> statement-breakpoint
UPDATE "iot_alarms" a SET "rule_id" = r."rule_id" FROM "iot_alarm_rules" r WHERE a."source" = 'rule:' || r."rule_id";
