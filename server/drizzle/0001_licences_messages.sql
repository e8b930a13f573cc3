CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_id" varchar(64) NOT NULL,
	"customer" varchar(200) NOT NULL,
	"document" jsonb NOT NULL,
	"signature" varchar(256) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message_type" smallint NOT NULL,
	"message_content" varchar(2000) NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"notify_time" timestamp with time zone,
	"read_status" boolean DEFAULT false NOT NULL,
	CONSTRAINT "messages_type_check" CHECK ("messages"."message_type" between 1 and 9)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_registered_idx" ON "licences" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "messages_user_time_idx" ON "messages" USING btree ("user_id","create_time");