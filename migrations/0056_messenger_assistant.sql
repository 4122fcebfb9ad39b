CREATE TABLE "assistant_chats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"assistant_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"persona_flag" integer DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_favorites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"assistant_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"assistant_id" bigint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"error_code" text,
	"tool_calls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instance_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_personas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT 'developer' NOT NULL,
	"traits" text DEFAULT '' NOT NULL,
	"other" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_providers" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"model" text NOT NULL,
	"api_key_enc" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"owner_id" bigint,
	"icon" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"starters" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"organ_id" bigint,
	"include_sub_organizations" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"message_id" bigint,
	"width" integer,
	"height" integer,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_link_previews" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"image_url" text,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messenger_members" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"joined_after_id" bigint DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messenger_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"sender_id" bigint,
	"kind" text DEFAULT 'TEXT' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"parent_id" bigint,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"mentions" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"client_id" text,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_pins" (
	"room_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"pinned_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_pins_room_id_message_id_pk" PRIMARY KEY("room_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "messenger_presence" (
	"user_id" bigint NOT NULL,
	"instance_id" text NOT NULL,
	"company_id" bigint NOT NULL,
	"sockets" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_presence_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "messenger_reactions" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"emoji" text NOT NULL,
	"company_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_reactions_message_id_user_id_emoji_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "messenger_rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"visibility" text DEFAULT 'PRIVATE' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"organ_id" bigint,
	"direct_key" text,
	"owner_id" bigint,
	"member_count" integer DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_chats" ADD CONSTRAINT "assistant_chats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_chats" ADD CONSTRAINT "assistant_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_chats" ADD CONSTRAINT "assistant_chats_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_favorites" ADD CONSTRAINT "assistant_favorites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_favorites" ADD CONSTRAINT "assistant_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_favorites" ADD CONSTRAINT "assistant_favorites_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_files" ADD CONSTRAINT "assistant_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_files" ADD CONSTRAINT "assistant_files_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_files" ADD CONSTRAINT "assistant_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_chat_id_assistant_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."assistant_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_personas" ADD CONSTRAINT "assistant_personas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_personas" ADD CONSTRAINT "assistant_personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_providers" ADD CONSTRAINT "assistant_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_providers" ADD CONSTRAINT "assistant_providers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_files" ADD CONSTRAINT "messenger_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_files" ADD CONSTRAINT "messenger_files_room_id_messenger_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."messenger_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_files" ADD CONSTRAINT "messenger_files_message_id_messenger_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_files" ADD CONSTRAINT "messenger_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_link_previews" ADD CONSTRAINT "messenger_link_previews_message_id_messenger_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_link_previews" ADD CONSTRAINT "messenger_link_previews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_members" ADD CONSTRAINT "messenger_members_room_id_messenger_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."messenger_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_members" ADD CONSTRAINT "messenger_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_members" ADD CONSTRAINT "messenger_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_room_id_messenger_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."messenger_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_parent_id_messenger_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pins" ADD CONSTRAINT "messenger_pins_room_id_messenger_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."messenger_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pins" ADD CONSTRAINT "messenger_pins_message_id_messenger_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pins" ADD CONSTRAINT "messenger_pins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pins" ADD CONSTRAINT "messenger_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_presence" ADD CONSTRAINT "messenger_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_presence" ADD CONSTRAINT "messenger_presence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_reactions" ADD CONSTRAINT "messenger_reactions_message_id_messenger_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_reactions" ADD CONSTRAINT "messenger_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_reactions" ADD CONSTRAINT "messenger_reactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_rooms" ADD CONSTRAINT "messenger_rooms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_rooms" ADD CONSTRAINT "messenger_rooms_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_rooms" ADD CONSTRAINT "messenger_rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_chats_user_idx" ON "assistant_chats" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_favorites_uq" ON "assistant_favorites" USING btree ("user_id","assistant_id");--> statement-breakpoint
CREATE INDEX "assistant_files_assistant_idx" ON "assistant_files" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "assistant_messages_chat_idx" ON "assistant_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "assistant_messages_running_idx" ON "assistant_messages" USING btree ("status") WHERE status = 'RUNNING';--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_personas_idx_uq" ON "assistant_personas" USING btree ("user_id","idx");--> statement-breakpoint
CREATE INDEX "assistants_company_idx" ON "assistants" USING btree ("company_id","category","id");--> statement-breakpoint
CREATE INDEX "messenger_files_message_idx" ON "messenger_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messenger_files_room_idx" ON "messenger_files" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "messenger_members_user_idx" ON "messenger_members" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "messenger_messages_room_idx" ON "messenger_messages" USING btree ("room_id","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "messenger_messages_thread_idx" ON "messenger_messages" USING btree ("parent_id","id") WHERE parent_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_messages_client_uq" ON "messenger_messages" USING btree ("room_id","sender_id","client_id") WHERE client_id is not null;--> statement-breakpoint
CREATE INDEX "messenger_messages_search_idx" ON "messenger_messages" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_rooms_direct_uq" ON "messenger_rooms" USING btree ("company_id","direct_key") WHERE direct_key is not null;--> statement-breakpoint
CREATE INDEX "messenger_rooms_public_idx" ON "messenger_rooms" USING btree ("company_id","kind","visibility");
--> statement-breakpoint
-- users.used_size counts each user's messenger files and assistant knowledge files (by uploader_id) as it counts
-- their mail, drive, board, wiki, to-do and flow files, over drive_apply_size_deltas. One set of statement-level
-- trigger functions serves every table of db/schema/uploaded-file.ts's columns (uploader_id, size, id): a later
-- module's file table only adds its three triggers.
CREATE FUNCTION uploaded_files_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION uploaded_files_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION uploaded_files_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER messenger_files_size_insert AFTER INSERT ON messenger_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER messenger_files_size_delete AFTER DELETE ON messenger_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER messenger_files_size_update AFTER UPDATE ON messenger_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_update();
--> statement-breakpoint
CREATE TRIGGER assistant_files_size_insert AFTER INSERT ON assistant_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER assistant_files_size_delete AFTER DELETE ON assistant_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER assistant_files_size_update AFTER UPDATE ON assistant_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_size_update();
