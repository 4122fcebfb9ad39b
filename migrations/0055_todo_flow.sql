CREATE TABLE "flow_checklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"title" text NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_filters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"project_id" bigint,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"title" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_mail_tasks" (
	"mail_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flow_mail_tasks_mail_id_task_id_pk" PRIMARY KEY("mail_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "flow_members" (
	"project_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"authority" text NOT NULL,
	"state" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"favorite_order" integer DEFAULT 0 NOT NULL,
	"invited_by" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "flow_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "flow_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"main_view_tab" text DEFAULT 'LIST' NOT NULL,
	"color" text NOT NULL,
	"task_seq" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_task_assignees" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	CONSTRAINT "flow_task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "flow_task_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"parent_id" bigint,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT 'text/html' NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"priority" text DEFAULT 'NORMAL' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"list_sort_order" text COLLATE "C" NOT NULL,
	"kanban_sort_order" text COLLATE "C" NOT NULL,
	"registration_order" bigint NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"sub_cnt" integer DEFAULT 0 NOT NULL,
	"comment_cnt" integer DEFAULT 0 NOT NULL,
	"file_cnt" integer DEFAULT 0 NOT NULL,
	"checklist_cnt" integer DEFAULT 0 NOT NULL,
	"checklist_done_cnt" integer DEFAULT 0 NOT NULL,
	"requester_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_boards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"workspace_id" bigint NOT NULL,
	"parent_id" bigint,
	"board_type" text DEFAULT 'BOARD' NOT NULL,
	"title" text NOT NULL,
	"sort_order" text COLLATE "C" NOT NULL,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kanban" jsonb,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_checklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"title" text NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_dependencies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"from_item_id" bigint NOT NULL,
	"to_item_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_filters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"sort_order" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_item_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"parent_id" bigint,
	"sort_order" text COLLATE "C" NOT NULL,
	"title" text NOT NULL,
	"cells" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sub_cnt" bigint DEFAULT 0 NOT NULL,
	"checklist_cnt" bigint DEFAULT 0 NOT NULL,
	"checklist_done_cnt" bigint DEFAULT 0 NOT NULL,
	"attach_cnt" bigint DEFAULT 0 NOT NULL,
	"comment_cnt" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_workspace_users" (
	"workspace_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "todo_workspace_users_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "todo_workspaces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"title" text NOT NULL,
	"emoji" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_checklist" ADD CONSTRAINT "flow_checklist_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_checklist" ADD CONSTRAINT "flow_checklist_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_comments" ADD CONSTRAINT "flow_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_comments" ADD CONSTRAINT "flow_comments_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_comments" ADD CONSTRAINT "flow_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_filters" ADD CONSTRAINT "flow_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_filters" ADD CONSTRAINT "flow_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_filters" ADD CONSTRAINT "flow_filters_project_id_flow_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."flow_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_groups" ADD CONSTRAINT "flow_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_groups" ADD CONSTRAINT "flow_groups_project_id_flow_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."flow_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail_tasks" ADD CONSTRAINT "flow_mail_tasks_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail_tasks" ADD CONSTRAINT "flow_mail_tasks_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail_tasks" ADD CONSTRAINT "flow_mail_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail_tasks" ADD CONSTRAINT "flow_mail_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_members" ADD CONSTRAINT "flow_members_project_id_flow_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."flow_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_members" ADD CONSTRAINT "flow_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_members" ADD CONSTRAINT "flow_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_members" ADD CONSTRAINT "flow_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_projects" ADD CONSTRAINT "flow_projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_projects" ADD CONSTRAINT "flow_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_assignees" ADD CONSTRAINT "flow_task_assignees_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_assignees" ADD CONSTRAINT "flow_task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_assignees" ADD CONSTRAINT "flow_task_assignees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_files" ADD CONSTRAINT "flow_task_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_files" ADD CONSTRAINT "flow_task_files_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_task_files" ADD CONSTRAINT "flow_task_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_project_id_flow_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."flow_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_group_id_flow_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."flow_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_parent_id_flow_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_boards" ADD CONSTRAINT "todo_boards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_boards" ADD CONSTRAINT "todo_boards_workspace_id_todo_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."todo_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_boards" ADD CONSTRAINT "todo_boards_parent_id_todo_boards_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."todo_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_boards" ADD CONSTRAINT "todo_boards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_checklist" ADD CONSTRAINT "todo_checklist_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_checklist" ADD CONSTRAINT "todo_checklist_item_id_todo_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_comments" ADD CONSTRAINT "todo_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_comments" ADD CONSTRAINT "todo_comments_item_id_todo_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_comments" ADD CONSTRAINT "todo_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_dependencies" ADD CONSTRAINT "todo_dependencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_dependencies" ADD CONSTRAINT "todo_dependencies_board_id_todo_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."todo_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_dependencies" ADD CONSTRAINT "todo_dependencies_from_item_id_todo_items_id_fk" FOREIGN KEY ("from_item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_dependencies" ADD CONSTRAINT "todo_dependencies_to_item_id_todo_items_id_fk" FOREIGN KEY ("to_item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_filters" ADD CONSTRAINT "todo_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_filters" ADD CONSTRAINT "todo_filters_board_id_todo_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."todo_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_filters" ADD CONSTRAINT "todo_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_groups" ADD CONSTRAINT "todo_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_groups" ADD CONSTRAINT "todo_groups_board_id_todo_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."todo_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_files" ADD CONSTRAINT "todo_item_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_files" ADD CONSTRAINT "todo_item_files_item_id_todo_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_files" ADD CONSTRAINT "todo_item_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_board_id_todo_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."todo_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_group_id_todo_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."todo_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_parent_id_todo_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_workspace_users" ADD CONSTRAINT "todo_workspace_users_workspace_id_todo_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."todo_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_workspace_users" ADD CONSTRAINT "todo_workspace_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_workspace_users" ADD CONSTRAINT "todo_workspace_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_workspaces" ADD CONSTRAINT "todo_workspaces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_workspaces" ADD CONSTRAINT "todo_workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_checklist_task_idx" ON "flow_checklist" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "flow_comments_task_idx" ON "flow_comments" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "flow_filters_user_idx" ON "flow_filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "flow_groups_project_idx" ON "flow_groups" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_groups_one_default" ON "flow_groups" USING btree ("project_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "flow_mail_tasks_task_idx" ON "flow_mail_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_mail_tasks_user_idx" ON "flow_mail_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_members_user_idx" ON "flow_members" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_members_one_master" ON "flow_members" USING btree ("project_id") WHERE authority = 'MASTER';--> statement-breakpoint
CREATE INDEX "flow_projects_company_idx" ON "flow_projects" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "flow_task_assignees_user_idx" ON "flow_task_assignees" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "flow_task_files_task_idx" ON "flow_task_files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_tasks_list_idx" ON "flow_tasks" USING btree ("group_id","list_sort_order","id") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "flow_tasks_kanban_idx" ON "flow_tasks" USING btree ("project_id","status","kanban_sort_order","id") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "flow_tasks_parent_idx" ON "flow_tasks" USING btree ("parent_id") WHERE parent_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "flow_tasks_dates_idx" ON "flow_tasks" USING btree ("project_id","start_date","due_date");--> statement-breakpoint
CREATE INDEX "flow_tasks_requester_idx" ON "flow_tasks" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "flow_tasks_search_idx" ON "flow_tasks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "todo_boards_workspace_idx" ON "todo_boards" USING btree ("workspace_id","parent_id");--> statement-breakpoint
CREATE INDEX "todo_checklist_item_idx" ON "todo_checklist" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "todo_comments_item_idx" ON "todo_comments" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "todo_dependencies_pair" ON "todo_dependencies" USING btree ("from_item_id","to_item_id");--> statement-breakpoint
CREATE INDEX "todo_dependencies_board_idx" ON "todo_dependencies" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "todo_dependencies_to_idx" ON "todo_dependencies" USING btree ("to_item_id");--> statement-breakpoint
CREATE INDEX "todo_filters_board_user_idx" ON "todo_filters" USING btree ("board_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "todo_filters_one_default" ON "todo_filters" USING btree ("board_id","user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "todo_groups_board_idx" ON "todo_groups" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "todo_item_files_item_idx" ON "todo_item_files" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "todo_items_group_order_idx" ON "todo_items" USING btree ("group_id","sort_order","id") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "todo_items_parent_idx" ON "todo_items" USING btree ("parent_id","sort_order") WHERE parent_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "todo_items_board_idx" ON "todo_items" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "todo_workspace_users_user_idx" ON "todo_workspace_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "todo_workspaces_company_idx" ON "todo_workspaces" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "todo_workspaces_owner_idx" ON "todo_workspaces" USING btree ("owner_id");
--> statement-breakpoint
-- users.used_size counts each user's to-do item files and flow task files (by uploader_id) as it counts their mail,
-- drive, board and wiki files (0053_wiki: the same statement-level triggers over drive_apply_size_deltas).
CREATE FUNCTION todo_item_files_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION todo_item_files_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION todo_item_files_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER todo_item_files_size_insert AFTER INSERT ON todo_item_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION todo_item_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER todo_item_files_size_delete AFTER DELETE ON todo_item_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION todo_item_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER todo_item_files_size_update AFTER UPDATE ON todo_item_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION todo_item_files_size_update();
--> statement-breakpoint
CREATE FUNCTION flow_task_files_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION flow_task_files_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION flow_task_files_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER flow_task_files_size_insert AFTER INSERT ON flow_task_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_task_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER flow_task_files_size_delete AFTER DELETE ON flow_task_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_task_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER flow_task_files_size_update AFTER UPDATE ON flow_task_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_task_files_size_update();
