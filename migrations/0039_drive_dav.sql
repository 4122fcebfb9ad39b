CREATE TABLE "drive_dav_locks" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"tree_user_id" bigint NOT NULL,
	"path" text NOT NULL,
	"depth" text NOT NULL,
	"scope" text NOT NULL,
	"owner_xml" text DEFAULT '' NOT NULL,
	"locked_by" bigint NOT NULL,
	"timeout_seconds" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_dav_props" (
	"item_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "drive_dav_props_item_id_name_pk" PRIMARY KEY("item_id","name")
);
--> statement-breakpoint
ALTER TABLE "drive_dav_locks" ADD CONSTRAINT "drive_dav_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_dav_locks" ADD CONSTRAINT "drive_dav_locks_tree_user_id_users_id_fk" FOREIGN KEY ("tree_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_dav_locks" ADD CONSTRAINT "drive_dav_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_dav_props" ADD CONSTRAINT "drive_dav_props_item_id_drive_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drive_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_dav_props" ADD CONSTRAINT "drive_dav_props_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_dav_locks_tree_idx" ON "drive_dav_locks" USING btree ("tree_user_id","path");