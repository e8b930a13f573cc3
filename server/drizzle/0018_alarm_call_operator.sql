ALTER TABLE "alarm_calls" DROP CONSTRAINT "alarm_calls_end_reason_check";--> statement-breakpoint
ALTER TABLE "alarm_calls" ADD COLUMN "operator_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_calls" ADD CONSTRAINT "alarm_calls_end_reason_check" CHECK ("alarm_calls"."end_reason" is null or "alarm_calls"."end_reason" in ('box', 'operator', 'missed', 'offline', 'timeout', 'connectionLost'));--> statement-breakpoint
-- The records named the answerer by account; they name the person (the account when the name is empty).
UPDATE "alarm_calls" SET "answered_by_name" = coalesce(nullif("users"."name", ''), "users"."user_name")
FROM "users" WHERE "users"."id" = "alarm_calls"."answered_by";--> statement-breakpoint
-- A call in progress across the upgrade: its operator has the grace period from now to come back.
UPDATE "alarm_calls" SET "operator_seen_at" = now() WHERE "state" = 'answered';
