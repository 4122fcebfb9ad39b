CREATE TABLE "board_feelings" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"feel_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_feelings_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "board_feelings_type_ck" CHECK (feel_type in ('LIKE', 'CELEBRATE', 'COOL', 'CHEER_UP'))
);
--> statement-breakpoint
CREATE TABLE "board_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"post_id" bigint,
	"reply_id" bigint,
	"inline" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_mail_filters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"classifier" text NOT NULL,
	"content" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_mail_filters_direction_ck" CHECK (direction in ('IN', 'OUT')),
	CONSTRAINT "board_mail_filters_classifier_ck" CHECK (classifier in ('ADDRESS', 'DOMAIN'))
);
--> statement-breakpoint
CREATE TABLE "board_managers" (
	"board_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "board_managers_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"board_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint,
	"organ_id" bigint,
	"include_children" boolean DEFAULT true NOT NULL,
	"privilege" text DEFAULT 'WRITE' NOT NULL,
	CONSTRAINT "board_members_one_ck" CHECK ((user_id is null) <> (organ_id is null)),
	CONSTRAINT "board_members_privilege_ck" CHECK (privilege in ('READ', 'WRITE'))
);
--> statement-breakpoint
CREATE TABLE "board_mentions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"reply_id" bigint,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_post_reads" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_post_reads_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_post_tags" (
	"post_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "board_post_tags_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "board_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"is_notice" boolean DEFAULT false NOT NULL,
	"must_read" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"feel_count" integer DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"thumbnail_file_id" bigint,
	"mail_from" text,
	"mail_message_id" text,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint
);
--> statement-breakpoint
CREATE TABLE "board_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"parent_id" bigint,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"is_blind" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_user_configs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"post_page_size" integer DEFAULT 10 NOT NULL,
	"reply_page_size" integer DEFAULT 10 NOT NULL,
	"view_type" text DEFAULT 'CARD' NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_user_states" (
	"board_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"following" boolean DEFAULT false NOT NULL,
	CONSTRAINT "board_user_states_user_id_board_id_pk" PRIMARY KEY("user_id","board_id")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"parent_id" bigint,
	"board_type" text DEFAULT 'BOARD' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'PUBLIC' NOT NULL,
	"public_privilege" text DEFAULT 'WRITE' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"mail_local_part" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "boards_type_ck" CHECK (board_type in ('GROUP', 'BOARD')),
	CONSTRAINT "boards_visibility_ck" CHECK (visibility in ('PUBLIC', 'PRIVATE')),
	CONSTRAINT "boards_public_privilege_ck" CHECK (public_privilege in ('READ', 'WRITE'))
);
--> statement-breakpoint
ALTER TABLE "board_feelings" ADD CONSTRAINT "board_feelings_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_feelings" ADD CONSTRAINT "board_feelings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_reply_id_board_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."board_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mail_filters" ADD CONSTRAINT "board_mail_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mail_filters" ADD CONSTRAINT "board_mail_filters_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mail_filters" ADD CONSTRAINT "board_mail_filters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_managers" ADD CONSTRAINT "board_managers_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_managers" ADD CONSTRAINT "board_managers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_managers" ADD CONSTRAINT "board_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_reply_id_board_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."board_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_reads" ADD CONSTRAINT "board_post_reads_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_reads" ADD CONSTRAINT "board_post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_tags" ADD CONSTRAINT "board_post_tags_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_tags" ADD CONSTRAINT "board_post_tags_tag_id_board_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."board_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_parent_id_board_replies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."board_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tags" ADD CONSTRAINT "board_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tags" ADD CONSTRAINT "board_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_configs" ADD CONSTRAINT "board_user_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_configs" ADD CONSTRAINT "board_user_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_states" ADD CONSTRAINT "board_user_states_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_states" ADD CONSTRAINT "board_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_states" ADD CONSTRAINT "board_user_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_parent_id_boards_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_files_post_idx" ON "board_files" USING btree ("post_id") WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX "board_files_reply_idx" ON "board_files" USING btree ("reply_id") WHERE reply_id is not null;--> statement-breakpoint
CREATE INDEX "board_files_unclaimed_idx" ON "board_files" USING btree ("created_at") WHERE post_id is null and reply_id is null;--> statement-breakpoint
CREATE INDEX "board_files_search_idx" ON "board_files" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "board_mail_filters_board_idx" ON "board_mail_filters" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "board_mail_filters_out_idx" ON "board_mail_filters" USING btree ("company_id","content") WHERE direction = 'OUT';--> statement-breakpoint
CREATE UNIQUE INDEX "board_mail_filters_uq" ON "board_mail_filters" USING btree ("board_id","direction","classifier","content");--> statement-breakpoint
CREATE INDEX "board_managers_user_idx" ON "board_managers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_members_user_uq" ON "board_members" USING btree ("board_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "board_members_organ_uq" ON "board_members" USING btree ("board_id","organ_id") WHERE organ_id is not null;--> statement-breakpoint
CREATE INDEX "board_members_user_idx" ON "board_members" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "board_members_organ_idx" ON "board_members" USING btree ("organ_id") WHERE organ_id is not null;--> statement-breakpoint
CREATE INDEX "board_mentions_user_idx" ON "board_mentions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_mentions_post_idx" ON "board_mentions" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_mentions_uq" ON "board_mentions" USING btree ("post_id",coalesce("reply_id", 0),"user_id");--> statement-breakpoint
CREATE INDEX "board_post_reads_user_idx" ON "board_post_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_post_tags_tag_idx" ON "board_post_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "board_posts_feed_idx" ON "board_posts" USING btree ("board_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "board_posts_company_feed_idx" ON "board_posts" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "board_posts_notice_idx" ON "board_posts" USING btree ("board_id","created_at" DESC NULLS LAST) WHERE is_notice and deleted_at is null;--> statement-breakpoint
CREATE INDEX "board_posts_user_idx" ON "board_posts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_posts_trash_idx" ON "board_posts" USING btree ("company_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "board_posts_mail_uq" ON "board_posts" USING btree ("board_id","mail_message_id") WHERE mail_message_id is not null;--> statement-breakpoint
CREATE INDEX "board_posts_search_idx" ON "board_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "board_replies_post_idx" ON "board_replies" USING btree ("post_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "board_replies_parent_idx" ON "board_replies" USING btree ("parent_id","created_at","id") WHERE parent_id is not null;--> statement-breakpoint
CREATE INDEX "board_replies_search_idx" ON "board_replies" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "board_tags_name_uq" ON "board_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "board_user_states_board_idx" ON "board_user_states" USING btree ("board_id") WHERE following;--> statement-breakpoint
CREATE INDEX "boards_company_idx" ON "boards" USING btree ("company_id","parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "boards_deleted_idx" ON "boards" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "boards_mail_uq" ON "boards" USING btree ("company_id","mail_local_part") WHERE mail_local_part is not null;