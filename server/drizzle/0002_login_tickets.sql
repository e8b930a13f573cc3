CREATE TABLE "login_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "login_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "operation_log" DROP CONSTRAINT "operation_log_action_check";--> statement-breakpoint
ALTER TABLE "login_tickets" ADD CONSTRAINT "login_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_tickets_expires_idx" ON "login_tickets" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_action_check" CHECK ("operation_log"."action" in ('login', 'logout', 'login_failed', 'password_change', 'locked', 'ticket_issued'));