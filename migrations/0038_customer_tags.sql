CREATE TABLE "customer_card_tags" (
	"card_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	CONSTRAINT "customer_card_tags_card_id_tag_id_pk" PRIMARY KEY("card_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_card_tags" ADD CONSTRAINT "customer_card_tags_card_id_contact_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."contact_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_card_tags" ADD CONSTRAINT "customer_card_tags_tag_id_customer_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."customer_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_card_tags" ADD CONSTRAINT "customer_card_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_card_tags_tag_idx" ON "customer_card_tags" USING btree ("company_id","tag_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_name_uq" ON "customer_tags" USING btree ("company_id",lower("name"));