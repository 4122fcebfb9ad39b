CREATE TABLE "mail_compose_states" (
	"mail_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_dkim_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_secure_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"sender_user_id" bigint,
	"token" text NOT NULL,
	"message_id" bigint NOT NULL,
	"notice_message_id" bigint NOT NULL,
	"password_hash" text NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_compose_states" ADD CONSTRAINT "mail_compose_states_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_compose_states" ADD CONSTRAINT "mail_compose_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_compose_states" ADD CONSTRAINT "mail_compose_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_dkim_keys" ADD CONSTRAINT "mail_dkim_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_secure_links" ADD CONSTRAINT "mail_secure_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_secure_links" ADD CONSTRAINT "mail_secure_links_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_dkim_keys_domain_uq" ON "mail_dkim_keys" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_secure_links_token_uq" ON "mail_secure_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "mail_secure_links_message_idx" ON "mail_secure_links" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_blob_idx" ON "mail_messages" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "mails_important_idx" ON "mails" USING btree ("user_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE important;--> statement-breakpoint
CREATE INDEX "mails_attach_idx" ON "mails" USING btree ("user_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE has_attachments;--> statement-breakpoint
-- The counter triggers lock folder and user rows FOR NO KEY UPDATE (was FOR UPDATE): inserting a mail takes a
-- KEY SHARE lock on both rows for its foreign keys, which FOR UPDATE conflicts with, so two deliveries into one
-- folder could each hold KEY SHARE and wait for the other (deadlock). NO KEY UPDATE does not conflict with
-- KEY SHARE: the second delivery now simply waits for the first to commit.
CREATE OR REPLACE FUNCTION mail_apply_count_deltas(f_ids bigint[], u_ids bigint[], ns bigint[], unreads bigint[], szs bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM mail_folders f
    WHERE f.id IN (SELECT fid FROM unnest(f_ids, ns, unreads, szs) AS x(fid, n, u, s)
                   GROUP BY fid HAVING sum(n) <> 0 OR sum(u) <> 0 OR sum(s) <> 0)
    ORDER BY f.id FOR NO KEY UPDATE;
  UPDATE mail_folders f
     SET total_count = greatest(0, f.total_count + d.n),
         new_count = greatest(0, f.new_count + d.u),
         used_size = greatest(0, f.used_size + d.s)
    FROM (SELECT fid, sum(n) AS n, sum(u) AS u, sum(s) AS s FROM unnest(f_ids, ns, unreads, szs) AS x(fid, n, u, s)
          GROUP BY fid) d
   WHERE f.id = d.fid AND (d.n <> 0 OR d.u <> 0 OR d.s <> 0);
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT uid FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid HAVING sum(s) <> 0)
    ORDER BY u.id FOR NO KEY UPDATE;
  UPDATE users u
     SET used_size = greatest(0, u.used_size + d.s)
    FROM (SELECT uid, sum(s) AS s FROM unnest(u_ids, szs) AS x(uid, s) GROUP BY uid) d
   WHERE u.id = d.uid AND d.s <> 0;
END $$;
