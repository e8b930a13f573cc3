CREATE TABLE "project_auditors" (
	"project_id" integer NOT NULL,
	"business_type" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "project_auditors_project_id_business_type_user_id_pk" PRIMARY KEY("project_id","business_type","user_id"),
	CONSTRAINT "project_auditors_business_check" CHECK ("project_auditors"."business_type" in ('workOrder', 'inspection', 'alarm'))
);
--> statement-breakpoint
CREATE TABLE "project_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_cycles_period_check" CHECK ("project_cycles"."end_date" > "project_cycles"."start_date")
);
--> statement-breakpoint
CREATE TABLE "project_post_users" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "project_post_users_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"state" varchar(16) DEFAULT 'notStarted' NOT NULL,
	"owner_id" integer,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_segments_period_check" CHECK ("project_segments"."end_date" > "project_segments"."start_date"),
	CONSTRAINT "project_segments_state_check" CHECK ("project_segments"."state" in ('notStarted', 'inProgress', 'done', 'delayed'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "customer" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hosting" varchar(16);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "phase" varchar(16) DEFAULT 'planning' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "implemented_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "delivered_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "leader" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "leader_phone" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ops_leader" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ops_leader_phone" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "remarks" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "editor" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "project_auditors" ADD CONSTRAINT "project_auditors_member_fk" FOREIGN KEY ("user_id","project_id") REFERENCES "public"."user_projects"("user_id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_cycles" ADD CONSTRAINT "project_cycles_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_post_users" ADD CONSTRAINT "project_post_users_post_id_project_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."project_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_post_users" ADD CONSTRAINT "project_post_users_member_fk" FOREIGN KEY ("user_id","project_id") REFERENCES "public"."user_projects"("user_id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_posts" ADD CONSTRAINT "project_posts_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_posts" ADD CONSTRAINT "project_posts_parent_id_project_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."project_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_segments" ADD CONSTRAINT "project_segments_cycle_id_project_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."project_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_segments" ADD CONSTRAINT "project_segments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_cycles_name_key" ON "project_cycles" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "project_post_users_post_idx" ON "project_post_users" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "project_posts_project_idx" ON "project_posts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_segments_cycle_idx" ON "project_segments" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "project_segments_owner_idx" ON "project_segments" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_lower_key" ON "projects" USING btree (lower("project_name"));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_hosting_check" CHECK ("projects"."hosting" is null or "projects"."hosting" in ('self', 'hosted'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_phase_check" CHECK ("projects"."phase" in ('planning', 'implementing', 'delivered', 'operating'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_delivery_check" CHECK ("projects"."delivered_on" is null or "projects"."implemented_on" is null or "projects"."delivered_on" >= "projects"."implemented_on");