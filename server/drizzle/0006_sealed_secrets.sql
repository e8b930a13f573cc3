ALTER TABLE "video_platforms" ALTER COLUMN "app_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "video_platforms" ALTER COLUMN "app_secret" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "video_platforms" ALTER COLUMN "password" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "video_platforms" ALTER COLUMN "password" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "video_platforms" ALTER COLUMN "client_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "video_platforms" ALTER COLUMN "client_secret" SET DEFAULT '';