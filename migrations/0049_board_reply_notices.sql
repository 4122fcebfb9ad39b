CREATE TABLE "board_post_notices" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"feel_pending" boolean DEFAULT false NOT NULL,
	"feel_noticed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "board_posts" ADD COLUMN "top_reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_post_notices" ADD CONSTRAINT "board_post_notices_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_notices" ADD CONSTRAINT "board_post_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_post_notices_feel_idx" ON "board_post_notices" USING btree ("feel_noticed_at") WHERE feel_pending;