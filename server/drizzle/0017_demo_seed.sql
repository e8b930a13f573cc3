CREATE TABLE "demo_seed" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_seed_single_row" CHECK ("demo_seed"."id" = 1)
);--> statement-breakpoint
-- A database seeded in demo mode before this mark existed: the demo seed always created both accounts
-- `operator` and `nobody` (db/seed/demo.ts), which a production start never creates.
INSERT INTO "demo_seed" ("id", "seeded_at")
SELECT 1, now() WHERE (SELECT count(*) FROM "users" WHERE "user_name" IN ('operator', 'nobody')) = 2;
