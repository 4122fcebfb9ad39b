CREATE TABLE "wiki_doc_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_id" bigint NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_docs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"parent_id" bigint,
	"type" text DEFAULT 'document' NOT NULL,
	"status" text DEFAULT 'PUBLISHED' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"plain" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"depth" integer DEFAULT 1 NOT NULL,
	"acl_from" bigint,
	"view_config" jsonb,
	"ydoc" "bytea",
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"removed_with" bigint,
	CONSTRAINT "wiki_docs_type_ck" CHECK (type in ('document', 'database')),
	CONSTRAINT "wiki_docs_status_ck" CHECK (status in ('PUBLISHED', 'REMOVED'))
);
--> statement-breakpoint
CREATE TABLE "wiki_favorites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_permissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"user_id" bigint,
	"organ_id" bigint,
	"include_children" boolean DEFAULT true NOT NULL,
	"access_level" text NOT NULL,
	CONSTRAINT "wiki_permissions_one_ck" CHECK ((user_id is null) <> (organ_id is null)),
	CONSTRAINT "wiki_permissions_level_ck" CHECK (access_level in ('NONE', 'READ', 'WRITE', 'OWNER'))
);
--> statement-breakpoint
CREATE TABLE "wiki_properties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wiki_properties_type_ck" CHECK (type in ('text', 'number', 'select', 'multi_select', 'date', 'person', 'checkbox', 'url'))
);
--> statement-breakpoint
CREATE TABLE "wiki_property_values" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"property_id" bigint NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"bool_value" boolean,
	"json_value" jsonb
);
--> statement-breakpoint
CREATE TABLE "wiki_reads" (
	"user_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wiki_reads_user_id_doc_id_pk" PRIMARY KEY("user_id","doc_id")
);
--> statement-breakpoint
CREATE TABLE "wiki_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wiki_doc_updates" ADD CONSTRAINT "wiki_doc_updates_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_docs" ADD CONSTRAINT "wiki_docs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_docs" ADD CONSTRAINT "wiki_docs_parent_id_wiki_docs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_docs" ADD CONSTRAINT "wiki_docs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_docs" ADD CONSTRAINT "wiki_docs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_docs" ADD CONSTRAINT "wiki_docs_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_favorites" ADD CONSTRAINT "wiki_favorites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_favorites" ADD CONSTRAINT "wiki_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_favorites" ADD CONSTRAINT "wiki_favorites_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_files" ADD CONSTRAINT "wiki_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_files" ADD CONSTRAINT "wiki_files_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_files" ADD CONSTRAINT "wiki_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_permissions" ADD CONSTRAINT "wiki_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_permissions" ADD CONSTRAINT "wiki_permissions_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_permissions" ADD CONSTRAINT "wiki_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_permissions" ADD CONSTRAINT "wiki_permissions_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_properties" ADD CONSTRAINT "wiki_properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_properties" ADD CONSTRAINT "wiki_properties_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_property_values" ADD CONSTRAINT "wiki_property_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_property_values" ADD CONSTRAINT "wiki_property_values_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_property_values" ADD CONSTRAINT "wiki_property_values_property_id_wiki_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."wiki_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_reads" ADD CONSTRAINT "wiki_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_reads" ADD CONSTRAINT "wiki_reads_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_reads" ADD CONSTRAINT "wiki_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_versions" ADD CONSTRAINT "wiki_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_versions" ADD CONSTRAINT "wiki_versions_doc_id_wiki_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."wiki_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_versions" ADD CONSTRAINT "wiki_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wiki_doc_updates_doc_idx" ON "wiki_doc_updates" USING btree ("doc_id","id");--> statement-breakpoint
CREATE INDEX "wiki_docs_children_idx" ON "wiki_docs" USING btree ("company_id","parent_id","sort_order","id") WHERE status = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "wiki_docs_path_idx" ON "wiki_docs" USING btree ("company_id", "path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "wiki_docs_search_idx" ON "wiki_docs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "wiki_docs_trash_idx" ON "wiki_docs" USING btree ("company_id","deleted_at") WHERE status = 'REMOVED' and removed_with = id;--> statement-breakpoint
CREATE INDEX "wiki_docs_acl_idx" ON "wiki_docs" USING btree ("acl_from") WHERE acl_from is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_favorites_uq" ON "wiki_favorites" USING btree ("user_id","doc_id");--> statement-breakpoint
CREATE INDEX "wiki_favorites_user_idx" ON "wiki_favorites" USING btree ("user_id","sort_order");--> statement-breakpoint
CREATE INDEX "wiki_files_doc_idx" ON "wiki_files" USING btree ("doc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_permissions_user_uq" ON "wiki_permissions" USING btree ("doc_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_permissions_organ_uq" ON "wiki_permissions" USING btree ("doc_id","organ_id") WHERE organ_id is not null;--> statement-breakpoint
CREATE INDEX "wiki_permissions_user_idx" ON "wiki_permissions" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "wiki_permissions_organ_idx" ON "wiki_permissions" USING btree ("organ_id") WHERE organ_id is not null;--> statement-breakpoint
CREATE INDEX "wiki_properties_doc_idx" ON "wiki_properties" USING btree ("doc_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_property_values_uq" ON "wiki_property_values" USING btree ("doc_id","property_id");--> statement-breakpoint
CREATE INDEX "wiki_property_values_property_idx" ON "wiki_property_values" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "wiki_reads_recent_idx" ON "wiki_reads" USING btree ("user_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wiki_versions_doc_idx" ON "wiki_versions" USING btree ("doc_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- users.used_size counts each user's wiki uploads (wiki_files by uploader_id) as it counts their mail, drive and
-- board files (0050_board_files_quota: the same statement-level triggers over drive_apply_size_deltas).
CREATE FUNCTION wiki_files_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION wiki_files_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION wiki_files_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uid), array_agg(s))
    FROM (SELECT n.uploader_id AS uid, n.size AS s FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE (n.uploader_id, n.size) IS DISTINCT FROM (o.uploader_id, o.size)
          UNION ALL
          SELECT o.uploader_id, -o.size FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (n.uploader_id, n.size) IS DISTINCT FROM (o.uploader_id, o.size)) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wiki_files_size_insert AFTER INSERT ON wiki_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wiki_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER wiki_files_size_delete AFTER DELETE ON wiki_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wiki_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER wiki_files_size_update AFTER UPDATE ON wiki_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wiki_files_size_update();
