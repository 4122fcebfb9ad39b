CREATE TABLE "contact_dav_groups" (
	"group_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"book" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"name" text,
	"uid" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_dav_people" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"book" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_dav_groups" ADD CONSTRAINT "contact_dav_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_dav_people" ADD CONSTRAINT "contact_dav_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_dav_groups_book_seq_idx" ON "contact_dav_groups" USING btree ("book","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_dav_groups_name_uq" ON "contact_dav_groups" USING btree ("book","name") WHERE name is not null and not deleted;--> statement-breakpoint
CREATE INDEX "contact_dav_people_book_seq_idx" ON "contact_dav_people" USING btree ("book","seq");--> statement-breakpoint
-- Group vCards and the company directory (db/schema/contacts-dav-groups.ts): statement-level triggers mark
-- the groups and users a statement changed, raising their book's counter of contact_dav_books once (the
-- same lock in commit order as the cards' contact_dav_apply, migrations 0028 and 0033).
CREATE FUNCTION contact_dav_group_apply(m contact_dav_mark[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  s bigint;
BEGIN
  FOR b IN SELECT DISTINCT x.book, x.company_id FROM unnest(m) AS x
           WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id) ORDER BY x.book LOOP
    INSERT INTO contact_dav_books AS k (book, company_id, seq) VALUES (b.book, b.company_id, 1)
      ON CONFLICT (book) DO UPDATE SET seq = k.seq + 1 RETURNING k.seq INTO s;
    INSERT INTO contact_dav_groups AS g (group_id, company_id, book, seq, deleted, uid, changed_at)
      SELECT DISTINCT ON (x.card_id) x.card_id, x.company_id, x.book, s, x.deleted, gen_random_uuid()::text, now() FROM unnest(m) AS x
      WHERE x.book = b.book ORDER BY x.card_id, x.deleted DESC
      ON CONFLICT (group_id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, changed_at = excluded.changed_at;
  END LOOP;
END $$;
--> statement-breakpoint
-- The groups (still there) whose member list changed.
CREATE FUNCTION contact_dav_group_touch(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_apply(ARRAY(SELECT ROW(g.id, g.company_id, 'u' || g.owner_user_id, false)::contact_dav_mark
    FROM contact_groups g WHERE g.id = ANY(ids)));
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_groups_dav_group_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_apply(ARRAY(SELECT ROW(n.id, n.company_id, 'u' || n.owner_user_id, false)::contact_dav_mark FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_groups_dav_group_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_apply(ARRAY(SELECT ROW(n.id, n.company_id, 'u' || n.owner_user_id, false)::contact_dav_mark
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_groups_dav_group_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_apply(ARRAY(SELECT ROW(o.id, o.company_id, 'u' || o.owner_user_id, true)::contact_dav_mark FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_card_groups_dav_group_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_touch(ARRAY(SELECT DISTINCT group_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_card_groups_dav_group_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_touch(ARRAY(SELECT DISTINCT group_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A card trashed or restored leaves or rejoins its groups' member lists (its relations stay for the restore).
CREATE FUNCTION contact_cards_dav_group_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_group_touch(ARRAY(SELECT DISTINCT cg.group_id FROM contact_card_groups cg
    JOIN new_rows n ON n.id = cg.card_id JOIN old_rows o ON o.id = n.id
    WHERE (n.deleted_at IS NULL) <> (o.deleted_at IS NULL) OR n.uid IS DISTINCT FROM o.uid));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_groups_dav_group_insert AFTER INSERT ON contact_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_groups_dav_group_insert();
--> statement-breakpoint
CREATE TRIGGER contact_groups_dav_group_update AFTER UPDATE ON contact_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_groups_dav_group_update();
--> statement-breakpoint
CREATE TRIGGER contact_groups_dav_group_delete AFTER DELETE ON contact_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_groups_dav_group_delete();
--> statement-breakpoint
CREATE TRIGGER contact_card_groups_dav_group_insert AFTER INSERT ON contact_card_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_card_groups_dav_group_new();
--> statement-breakpoint
CREATE TRIGGER contact_card_groups_dav_group_delete AFTER DELETE ON contact_card_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_card_groups_dav_group_old();
--> statement-breakpoint
CREATE TRIGGER contact_cards_dav_group_members AFTER UPDATE ON contact_cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_cards_dav_group_members();
--> statement-breakpoint
CREATE FUNCTION contact_dav_people_apply(m contact_dav_mark[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  s bigint;
BEGIN
  FOR b IN SELECT DISTINCT x.book, x.company_id FROM unnest(m) AS x
           WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id) ORDER BY x.book LOOP
    INSERT INTO contact_dav_books AS k (book, company_id, seq) VALUES (b.book, b.company_id, 1)
      ON CONFLICT (book) DO UPDATE SET seq = k.seq + 1 RETURNING k.seq INTO s;
    INSERT INTO contact_dav_people AS p (user_id, company_id, book, seq, deleted, changed_at)
      SELECT DISTINCT ON (x.card_id) x.card_id, x.company_id, x.book, s, x.deleted, now() FROM unnest(m) AS x
      WHERE x.book = b.book ORDER BY x.card_id, x.deleted DESC
      ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, changed_at = excluded.changed_at;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_dav_people_touch(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_apply(ARRAY(SELECT ROW(u.id, u.company_id, 'd' || u.company_id, u.status <> 'ACTIVE')::contact_dav_mark
    FROM users u WHERE u.id = ANY(ids)));
END $$;
--> statement-breakpoint
CREATE FUNCTION users_dav_people_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_touch(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only what shows on the card or decides who sees it: not a sign-in, a quota or a password.
CREATE FUNCTION users_dav_people_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_touch(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.username, n.account_name, n.display_name, n.organ_id, n.job_grade, n.position, n.status, n.is_org_chart_restricted, n.role)
      IS DISTINCT FROM (o.username, o.account_name, o.display_name, o.organ_id, o.job_grade, o.position, o.status, o.is_org_chart_restricted, o.role)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_dav_people_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_apply(ARRAY(SELECT ROW(o.id, o.company_id, 'd' || o.company_id, true)::contact_dav_mark FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION organization_members_dav_people_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_touch(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION organization_members_dav_people_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_touch(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION organizations_dav_people_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_people_touch(ARRAY(
    SELECT m.user_id FROM organization_members m JOIN new_rows n ON n.id = m.organ_id JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name
    UNION SELECT u.id FROM users u JOIN new_rows n ON n.id = u.organ_id JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_dav_people_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_dav_people_insert();
--> statement-breakpoint
CREATE TRIGGER users_dav_people_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_dav_people_update();
--> statement-breakpoint
CREATE TRIGGER users_dav_people_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_dav_people_delete();
--> statement-breakpoint
CREATE TRIGGER organization_members_dav_people_insert AFTER INSERT ON organization_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organization_members_dav_people_new();
--> statement-breakpoint
CREATE TRIGGER organization_members_dav_people_update AFTER UPDATE ON organization_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organization_members_dav_people_new();
--> statement-breakpoint
CREATE TRIGGER organization_members_dav_people_delete AFTER DELETE ON organization_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organization_members_dav_people_old();
--> statement-breakpoint
CREATE TRIGGER organizations_dav_people_rename AFTER UPDATE ON organizations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_dav_people_rename();
--> statement-breakpoint
-- The groups and users there are already: their books raised once.
INSERT INTO contact_dav_books AS k (book, company_id, seq)
  SELECT DISTINCT 'u' || owner_user_id, company_id, 1 FROM contact_groups
  ON CONFLICT (book) DO UPDATE SET seq = k.seq + 1;
--> statement-breakpoint
INSERT INTO contact_dav_groups (group_id, company_id, book, seq, deleted, uid)
  SELECT g.id, g.company_id, b.book, b.seq, false, gen_random_uuid()::text FROM contact_groups g JOIN contact_dav_books b ON b.book = 'u' || g.owner_user_id;
--> statement-breakpoint
INSERT INTO contact_dav_books (book, company_id, seq) SELECT DISTINCT 'd' || company_id, company_id, 1 FROM users;
--> statement-breakpoint
INSERT INTO contact_dav_people (user_id, company_id, book, seq, deleted)
  SELECT id, company_id, 'd' || company_id, 1, status <> 'ACTIVE' FROM users;
