CREATE TABLE "mail_folders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"parent_id" bigint,
	"folder_type" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"options" jsonb,
	"total_count" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"used_size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_large_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"max_downloads" integer NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"message_id_header" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"snippet" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"auth_results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"sender_user_id" bigint,
	"envelope_from" text NOT NULL,
	"recipients" text[] NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"sender_mail_id" bigint NOT NULL,
	"recipient_mail_id" bigint,
	"recipient_user_id" bigint,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reply_code" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_search_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"options" jsonb NOT NULL,
	"options_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"upload_type" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"folder_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"mail_type" text DEFAULT 'NORMAL' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"size" integer NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"prev_folder_id" bigint,
	"reserve_at" timestamp with time zone,
	"spam_reason" text,
	"thread_key" text,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_large_files" ADD CONSTRAINT "mail_large_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_large_files" ADD CONSTRAINT "mail_large_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_receipts" ADD CONSTRAINT "mail_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_receipts" ADD CONSTRAINT "mail_receipts_sender_mail_id_mails_id_fk" FOREIGN KEY ("sender_mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_search_history" ADD CONSTRAINT "mail_search_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_search_history" ADD CONSTRAINT "mail_search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tags" ADD CONSTRAINT "mail_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tags" ADD CONSTRAINT "mail_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_uploads" ADD CONSTRAINT "mail_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_uploads" ADD CONSTRAINT "mail_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_folder_id_mail_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."mail_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_folders_user_parent_idx" ON "mail_folders" USING btree ("user_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folders_system_uq" ON "mail_folders" USING btree ("user_id","folder_type") WHERE folder_type in ('INBOX','TOME','SENT','DRAFTS','DELETED','SPAM','PRIVATE_ROOT','SEARCH_ROOT');--> statement-breakpoint
CREATE UNIQUE INDEX "mail_large_files_token_uq" ON "mail_large_files" USING btree ("token");--> statement-breakpoint
CREATE INDEX "mail_messages_company_msgid_idx" ON "mail_messages" USING btree ("company_id","message_id_header");--> statement-breakpoint
CREATE INDEX "mail_outbound_due_idx" ON "mail_outbound" USING btree ("next_attempt_at") WHERE status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "mail_receipts_sender_idx" ON "mail_receipts" USING btree ("sender_mail_id");--> statement-breakpoint
CREATE INDEX "mail_receipts_recipient_idx" ON "mail_receipts" USING btree ("recipient_mail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_search_history_uq" ON "mail_search_history" USING btree ("user_id","options_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_tags_user_tag_uq" ON "mail_tags" USING btree ("user_id","tag");--> statement-breakpoint
CREATE INDEX "mail_uploads_user_idx" ON "mail_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mails_folder_list_idx" ON "mails" USING btree ("user_id","folder_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_user_received_idx" ON "mails" USING btree ("user_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_message_idx" ON "mails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mails_thread_idx" ON "mails" USING btree ("user_id","thread_key");--> statement-breakpoint
CREATE INDEX "mails_reserve_idx" ON "mails" USING btree ("reserve_at") WHERE mail_type = 'RESERVE';--> statement-breakpoint
CREATE INDEX "mails_search_idx" ON "mails" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "mails_tags_idx" ON "mails" USING gin ("tags");--> statement-breakpoint
-- Folder counters (total, unread, used size) and each user's used size follow the mails table exactly:
-- statement-level triggers add up the rows each statement inserted, deleted or changed. Rows are locked in
-- id order first, so concurrent statements touching the same folders or users cannot deadlock; a statement
-- whose changes leave the counts as they were (tags, importance) locks nothing.
CREATE FUNCTION mail_apply_count_deltas(f_ids bigint[], u_ids bigint[], ns bigint[], unreads bigint[], szs bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM mail_folders f
    WHERE f.id IN (SELECT fid FROM unnest(f_ids, ns, unreads, szs) AS x(fid, n, u, s)
                   GROUP BY fid HAVING sum(n) <> 0 OR sum(u) <> 0 OR sum(s) <> 0)
    ORDER BY f.id FOR UPDATE;
  UPDATE mail_folders f
     SET total_count = greatest(0, f.total_count + d.n),
         new_count = greatest(0, f.new_count + d.u),
         used_size = greatest(0, f.used_size + d.s)
    FROM (SELECT fid, sum(n) AS n, sum(u) AS u, sum(s) AS s FROM unnest(f_ids, ns, unreads, szs) AS x(fid, n, u, s)
          GROUP BY fid) d
   WHERE f.id = d.fid AND (d.n <> 0 OR d.u <> 0 OR d.s <> 0);
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT uid FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid HAVING sum(s) <> 0)
    ORDER BY u.id FOR UPDATE;
  UPDATE users u
     SET used_size = greatest(0, u.used_size + d.s)
    FROM (SELECT uid, sum(s) AS s FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid) d
   WHERE u.id = d.uid AND d.s <> 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION mails_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mail_apply_count_deltas(array_agg(folder_id), array_agg(user_id), array_agg(1::bigint),
    array_agg((NOT read)::int::bigint), array_agg(size::bigint)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION mails_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mail_apply_count_deltas(array_agg(folder_id), array_agg(user_id), array_agg(-1::bigint),
    array_agg(-((NOT read)::int)::bigint), array_agg(-size::bigint)) FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION mails_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mail_apply_count_deltas(array_agg(fid), array_agg(uid), array_agg(n), array_agg(u), array_agg(s))
    FROM (SELECT folder_id AS fid, user_id AS uid, 1::bigint AS n, (NOT read)::int::bigint AS u, size::bigint AS s
            FROM new_rows
          UNION ALL
          SELECT folder_id, user_id, -1::bigint, -((NOT read)::int)::bigint, -size::bigint FROM old_rows) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mails_counts_insert AFTER INSERT ON mails REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mails_counts_insert();
--> statement-breakpoint
CREATE TRIGGER mails_counts_delete AFTER DELETE ON mails REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mails_counts_delete();
--> statement-breakpoint
CREATE TRIGGER mails_counts_update AFTER UPDATE ON mails REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mails_counts_update();
