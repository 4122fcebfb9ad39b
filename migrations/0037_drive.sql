CREATE TABLE "drive_item_contents" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"parent_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"blob_key" text,
	"mime_type" text,
	"important" boolean DEFAULT false NOT NULL,
	"folder_color" text,
	"target_id" bigint,
	"used_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"original_parent_id" bigint,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"content_state" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_item_contents" ADD CONSTRAINT "drive_item_contents_item_id_drive_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drive_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_item_contents" ADD CONSTRAINT "drive_item_contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_parent_id_drive_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."drive_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_target_id_drive_items_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."drive_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_item_contents_search_idx" ON "drive_item_contents" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_items_special_uq" ON "drive_items" USING btree ("owner_user_id","kind") WHERE kind in ('ROOT', 'DELETED');--> statement-breakpoint
CREATE UNIQUE INDEX "drive_items_name_uq" ON "drive_items" USING btree ("parent_id","sort_name") WHERE deleted_at is null and parent_id is not null;--> statement-breakpoint
CREATE INDEX "drive_items_folders_idx" ON "drive_items" USING btree ("parent_id","sort_name") WHERE deleted_at is null and kind = 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_files_used_idx" ON "drive_items" USING btree ("parent_id","used_at","id") WHERE deleted_at is null and kind <> 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_files_name_idx" ON "drive_items" USING btree ("parent_id","sort_name" collate "C","id") WHERE deleted_at is null and kind <> 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_files_size_idx" ON "drive_items" USING btree ("parent_id","size","id") WHERE deleted_at is null and kind <> 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_parent_idx" ON "drive_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "drive_items_trash_idx" ON "drive_items" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "drive_items_recent_idx" ON "drive_items" USING btree ("company_id","owner_user_id","used_at") WHERE deleted_at is null and kind = 'file';--> statement-breakpoint
CREATE INDEX "drive_items_important_idx" ON "drive_items" USING btree ("company_id","owner_user_id") WHERE deleted_at is null and important;--> statement-breakpoint
CREATE INDEX "drive_items_search_idx" ON "drive_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "drive_items_target_idx" ON "drive_items" USING btree ("target_id") WHERE target_id is not null;--> statement-breakpoint
CREATE INDEX "drive_items_blob_idx" ON "drive_items" USING btree ("blob_key") WHERE blob_key is not null;--> statement-breakpoint
CREATE INDEX "drive_items_content_pending_idx" ON "drive_items" USING btree ("id") WHERE content_state = 'pending';--> statement-breakpoint
-- users.used_size counts the bytes of each user's drive files (trash included) as well as their mail (the mail
-- triggers of 0002/0017 keep the mail part): statement-level triggers add up the sizes each statement
-- inserted, deleted or changed, locking the users' rows in id order (FOR NO KEY UPDATE, like mail's) so
-- concurrent statements cannot deadlock. Folders, shortcuts and the special rows have size 0.
CREATE FUNCTION drive_apply_size_deltas(u_ids bigint[], szs bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT uid FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid HAVING sum(s) <> 0)
    ORDER BY u.id FOR NO KEY UPDATE;
  UPDATE users u
     SET used_size = greatest(0, u.used_size + d.s)
    FROM (SELECT uid, sum(s) AS s FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid) d
   WHERE u.id = d.uid AND d.s <> 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION drive_items_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(owner_user_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION drive_items_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(owner_user_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION drive_items_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uid), array_agg(s))
    FROM (SELECT owner_user_id AS uid, size AS s FROM new_rows WHERE size <> 0
          UNION ALL
          SELECT owner_user_id, -size FROM old_rows WHERE size <> 0) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER drive_items_size_insert AFTER INSERT ON drive_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drive_items_size_insert();
--> statement-breakpoint
CREATE TRIGGER drive_items_size_delete AFTER DELETE ON drive_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drive_items_size_delete();
--> statement-breakpoint
CREATE TRIGGER drive_items_size_update AFTER UPDATE ON drive_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drive_items_size_update();
