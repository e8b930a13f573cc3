CREATE TABLE "message_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_kind" varchar(64) NOT NULL,
	"message_type" smallint NOT NULL,
	"project_id" integer,
	"title" varchar(200) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"link" varchar(500),
	"create_time" timestamp with time zone NOT NULL,
	"notify_time" timestamp with time zone,
	CONSTRAINT "message_events_type_check" CHECK ("message_events"."message_type" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"event_kind" varchar(64) PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"content" varchar(500) NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"updated_by" varchar(50) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_triggers" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"fired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_user_time_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_time" timestamp with time zone;--> statement-breakpoint
-- Messages stored before events (one row per user, text of their own): each becomes an event of its
-- own with the same id, titled by its type, and stays its user's row, read or not as it was.
INSERT INTO "message_events" ("id", "event_kind", "message_type", "project_id", "title", "content", "link", "create_time", "notify_time")
SELECT "id", 'legacy', "message_type", NULL,
  CASE "message_type" WHEN 1 THEN '告警消息' WHEN 2 THEN '工单消息' WHEN 3 THEN '巡检消息' WHEN 4 THEN '巡查消息'
    WHEN 5 THEN '市民互动' WHEN 6 THEN '业务流转' WHEN 7 THEN '预警消息' WHEN 8 THEN 'AI告警' ELSE '合同消息' END,
  "message_content", NULL, "create_time", "notify_time"
FROM "messages";--> statement-breakpoint
UPDATE "messages" SET "event_id" = "id", "read_time" = CASE WHEN "read_status" THEN "create_time" END;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('message_events', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "message_events"), false);--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_events_project_idx" ON "message_events" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_message_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."message_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_unread_idx" ON "messages" USING btree ("user_id","create_time") WHERE "messages"."read_status" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_user_key" ON "messages" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "messages_user_time_idx" ON "messages" USING btree ("user_id","create_time","id");--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "message_content";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "notify_time";