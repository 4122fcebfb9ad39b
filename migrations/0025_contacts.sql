CREATE TABLE "contact_card_groups" (
	"card_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "contact_card_groups_card_id_group_id_pk" PRIMARY KEY("card_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "contact_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"owner_user_id" bigint,
	"customer_group_id" bigint,
	"uid" text NOT NULL,
	"user_name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phonetic_name" text DEFAULT '' NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"tels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"organ" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"birthday" text DEFAULT '' NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"has_photo" boolean DEFAULT false NOT NULL,
	"sort_key" text NOT NULL,
	"sort_email" text DEFAULT '' NOT NULL,
	"consonant" text NOT NULL,
	"initials" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "contact_cards_book_ck" CHECK ((owner_user_id is null) <> (customer_group_id is null))
);
--> statement-breakpoint
CREATE TABLE "contact_configs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"first_page" text DEFAULT 'all' NOT NULL,
	"sort_dir" text DEFAULT 'userName/asc' NOT NULL,
	"page_size" integer DEFAULT 20 NOT NULL,
	"block_size" integer DEFAULT 10 NOT NULL,
	"use_select_box" boolean DEFAULT true NOT NULL,
	"hide_columns" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_photos" (
	"card_id" bigint PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_card_groups" ADD CONSTRAINT "contact_card_groups_card_id_contact_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."contact_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_card_groups" ADD CONSTRAINT "contact_card_groups_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_cards" ADD CONSTRAINT "contact_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_cards" ADD CONSTRAINT "contact_cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_configs" ADD CONSTRAINT "contact_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_configs" ADD CONSTRAINT "contact_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_photos" ADD CONSTRAINT "contact_photos_card_id_contact_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."contact_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_card_groups_group_idx" ON "contact_card_groups" USING btree ("group_id","card_id");--> statement-breakpoint
CREATE INDEX "contact_cards_owner_sort_idx" ON "contact_cards" USING btree ("owner_user_id","sort_key" collate "C","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_consonant_idx" ON "contact_cards" USING btree ("owner_user_id","consonant","sort_key" collate "C","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_created_idx" ON "contact_cards" USING btree ("owner_user_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_trash_idx" ON "contact_cards" USING btree ("owner_user_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contact_cards_trash_purge_idx" ON "contact_cards" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contact_cards_customer_idx" ON "contact_cards" USING btree ("customer_group_id","sort_key" collate "C","id") WHERE customer_group_id is not null;--> statement-breakpoint
CREATE INDEX "contact_cards_search_idx" ON "contact_cards" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "contact_cards_emails_idx" ON "contact_cards" USING gin ("emails");--> statement-breakpoint
CREATE INDEX "contact_groups_owner_idx" ON "contact_groups" USING btree ("owner_user_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_name_uq" ON "contact_groups" USING btree ("owner_user_id",coalesce("parent_id", 0),lower("name"));