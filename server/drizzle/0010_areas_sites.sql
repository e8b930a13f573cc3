CREATE TABLE "areas" (
	"area_id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"type" varchar(16) NOT NULL,
	"polygon" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_type_check" CHECK ("areas"."type" in ('areadir', 'areanode'))
);
--> statement-breakpoint
CREATE TABLE "user_areas" (
	"user_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "user_areas_user_id_area_id_pk" PRIMARY KEY("user_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"project_id" integer NOT NULL,
	"area_id" integer,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"contact" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(30) DEFAULT '' NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"editor" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_parent_id_areas_area_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."areas"("area_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_areas" ADD CONSTRAINT "user_areas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_areas" ADD CONSTRAINT "user_areas_area_id_areas_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("area_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_area_id_areas_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("area_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_sibling_name_key" ON "areas" USING btree ("project_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_areas_area_idx" ON "user_areas" USING btree ("area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_project_name_key" ON "sites" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sites_area_idx" ON "sites" USING btree ("area_id");