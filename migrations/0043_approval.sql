CREATE TABLE "approval_configs" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"page_size" integer DEFAULT 10 NOT NULL,
	"seeded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_deputies" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"deputy_id" bigint NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_doc_counters" (
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"organ_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "approval_doc_counters_company_id_form_id_organ_id_year_pk" PRIMARY KEY("company_id","form_id","organ_id","year")
);
--> statement-breakpoint
CREATE TABLE "approval_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"form_version" integer NOT NULL,
	"draft_type" text DEFAULT 'DRAFT' NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"drafter_id" bigint NOT NULL,
	"draft_organ_id" bigint NOT NULL,
	"open_type" text DEFAULT 'DEPARTMENT' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"doc_num" text,
	"origin_doc_id" bigint,
	"origin_line_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"drafted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"document_id" bigint,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_form_boxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_form_versions" (
	"form_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"company_id" bigint NOT NULL,
	"template_body" text NOT NULL,
	"fields" jsonb NOT NULL,
	"preset_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_type" text DEFAULT 'DEPARTMENT' NOT NULL,
	"number_format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "approval_forms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"box_id" bigint NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"inner_draft" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starter_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"user_id" bigint,
	"line_id" bigint,
	"action" text NOT NULL,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"type" text NOT NULL,
	"grp" text NOT NULL,
	"sort_order" integer NOT NULL,
	"status" text NOT NULL,
	"user_id" bigint,
	"organ_id" bigint,
	"acted_by_user_id" bigint,
	"acted_at" timestamp with time zone,
	"comment" text,
	"post_viewed_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_managers" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"organ_id" bigint NOT NULL,
	CONSTRAINT "approval_managers_user_id_organ_id_pk" PRIMARY KEY("user_id","organ_id")
);
--> statement-breakpoint
CREATE TABLE "approval_opinions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"line_id" bigint,
	"action" text,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_presets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"draft_organ_id" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_ref_docs" (
	"document_id" bigint NOT NULL,
	"ref_document_id" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "approval_ref_docs_document_id_ref_document_id_pk" PRIMARY KEY("document_id","ref_document_id")
);
--> statement-breakpoint
ALTER TABLE "approval_configs" ADD CONSTRAINT "approval_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_deputies" ADD CONSTRAINT "approval_deputies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_deputies" ADD CONSTRAINT "approval_deputies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_deputies" ADD CONSTRAINT "approval_deputies_deputy_id_users_id_fk" FOREIGN KEY ("deputy_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_doc_counters" ADD CONSTRAINT "approval_doc_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_doc_counters" ADD CONSTRAINT "approval_doc_counters_form_id_approval_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."approval_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_documents" ADD CONSTRAINT "approval_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_documents" ADD CONSTRAINT "approval_documents_form_id_approval_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."approval_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_documents" ADD CONSTRAINT "approval_documents_drafter_id_users_id_fk" FOREIGN KEY ("drafter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_documents" ADD CONSTRAINT "approval_documents_draft_organ_id_organizations_id_fk" FOREIGN KEY ("draft_organ_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_document_id_approval_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_form_boxes" ADD CONSTRAINT "approval_form_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_form_versions" ADD CONSTRAINT "approval_form_versions_form_id_approval_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."approval_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_form_versions" ADD CONSTRAINT "approval_form_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_forms" ADD CONSTRAINT "approval_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_forms" ADD CONSTRAINT "approval_forms_box_id_approval_form_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."approval_form_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_history" ADD CONSTRAINT "approval_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_history" ADD CONSTRAINT "approval_history_document_id_approval_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_history" ADD CONSTRAINT "approval_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_document_id_approval_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_managers" ADD CONSTRAINT "approval_managers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_managers" ADD CONSTRAINT "approval_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_managers" ADD CONSTRAINT "approval_managers_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_opinions" ADD CONSTRAINT "approval_opinions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_opinions" ADD CONSTRAINT "approval_opinions_document_id_approval_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_opinions" ADD CONSTRAINT "approval_opinions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_opinions" ADD CONSTRAINT "approval_opinions_line_id_approval_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."approval_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_presets" ADD CONSTRAINT "approval_presets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_presets" ADD CONSTRAINT "approval_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_ref_docs" ADD CONSTRAINT "approval_ref_docs_document_id_approval_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_ref_docs" ADD CONSTRAINT "approval_ref_docs_ref_document_id_approval_documents_id_fk" FOREIGN KEY ("ref_document_id") REFERENCES "public"."approval_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_deputies_deputy_idx" ON "approval_deputies" USING btree ("deputy_id");--> statement-breakpoint
CREATE INDEX "approval_documents_drafter_idx" ON "approval_documents" USING btree ("company_id","drafter_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "approval_documents_organ_idx" ON "approval_documents" USING btree ("company_id","draft_organ_id","status");--> statement-breakpoint
CREATE INDEX "approval_documents_completed_idx" ON "approval_documents" USING btree ("company_id","completed_at") WHERE status = 'COMPLETED';--> statement-breakpoint
CREATE INDEX "approval_documents_search_idx" ON "approval_documents" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_documents_num_uq" ON "approval_documents" USING btree ("company_id","doc_num") WHERE doc_num is not null;--> statement-breakpoint
CREATE INDEX "approval_files_document_idx" ON "approval_files" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "approval_files_orphan_idx" ON "approval_files" USING btree ("created_at") WHERE document_id is null;--> statement-breakpoint
CREATE INDEX "approval_files_blob_idx" ON "approval_files" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "approval_form_boxes_company_idx" ON "approval_form_boxes" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "approval_forms_box_idx" ON "approval_forms" USING btree ("company_id","box_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_forms_name_uq" ON "approval_forms" USING btree ("company_id",lower("name")) WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_forms_starter_uq" ON "approval_forms" USING btree ("company_id","starter_key") WHERE starter_key is not null;--> statement-breakpoint
CREATE INDEX "approval_history_document_idx" ON "approval_history" USING btree ("document_id","at");--> statement-breakpoint
CREATE INDEX "approval_lines_document_idx" ON "approval_lines" USING btree ("document_id","grp","sort_order");--> statement-breakpoint
CREATE INDEX "approval_lines_user_idx" ON "approval_lines" USING btree ("company_id","user_id","status") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "approval_lines_organ_idx" ON "approval_lines" USING btree ("company_id","organ_id","status") WHERE organ_id is not null;--> statement-breakpoint
CREATE INDEX "approval_managers_organ_idx" ON "approval_managers" USING btree ("company_id","organ_id");--> statement-breakpoint
CREATE INDEX "approval_opinions_document_idx" ON "approval_opinions" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_presets_user_idx" ON "approval_presets" USING btree ("user_id","created_at");