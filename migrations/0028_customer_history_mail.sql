CREATE TABLE "contact_dav_books" (
	"book" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_dav_cards" (
	"card_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"book" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_dav_cards_card_id_book_pk" PRIMARY KEY("card_id","book")
);
--> statement-breakpoint
CREATE TABLE "contact_dav_extras" (
	"card_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"lines" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_dav_books" ADD CONSTRAINT "contact_dav_books_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_dav_cards" ADD CONSTRAINT "contact_dav_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_dav_extras" ADD CONSTRAINT "contact_dav_extras_card_id_contact_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."contact_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_dav_extras" ADD CONSTRAINT "contact_dav_extras_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_dav_cards_book_seq_idx" ON "contact_dav_cards" USING btree ("book","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_dav_cards_name_uq" ON "contact_dav_cards" USING btree ("book","name") WHERE name is not null and not deleted;--> statement-breakpoint
-- CardDAV's change tracking (db/schema/contacts-dav.ts): statement-level triggers on the contacts tables mark
-- the cards a statement touched in their books. A card's book: "u<owner>" (private) or "g<customer group>".
CREATE FUNCTION contact_dav_book(owner bigint, grp bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN owner IS NOT NULL THEN 'u' || owner ELSE 'g' || grp END
$$;
--> statement-breakpoint
CREATE TYPE contact_dav_mark AS (card_id bigint, company_id bigint, book text, deleted boolean);
--> statement-breakpoint
-- Raises each book's counter once (books in name order, so two statements lock them in the same order) and
-- gives its marked cards that value. Companies being deleted (a cascade) are left out.
CREATE FUNCTION contact_dav_apply(m contact_dav_mark[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  s bigint;
BEGIN
  FOR b IN SELECT DISTINCT x.book, x.company_id FROM unnest(m) AS x
           WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id) ORDER BY x.book LOOP
    INSERT INTO contact_dav_books AS k (book, company_id, seq) VALUES (b.book, b.company_id, 1)
      ON CONFLICT (book) DO UPDATE SET seq = k.seq + 1 RETURNING k.seq INTO s;
    INSERT INTO contact_dav_cards AS c (card_id, company_id, book, seq, deleted, changed_at)
      SELECT DISTINCT ON (x.card_id) x.card_id, x.company_id, x.book, s, x.deleted, now() FROM unnest(m) AS x
      WHERE x.book = b.book ORDER BY x.card_id, x.deleted
      ON CONFLICT (card_id, book) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, changed_at = excluded.changed_at;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_cards_dav_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_apply(ARRAY(SELECT ROW(n.id, n.company_id, contact_dav_book(n.owner_user_id, n.customer_group_id),
    n.deleted_at IS NOT NULL)::contact_dav_mark FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_cards_dav_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_apply(ARRAY(
    SELECT ROW(n.id, n.company_id, contact_dav_book(n.owner_user_id, n.customer_group_id), n.deleted_at IS NOT NULL)::contact_dav_mark
      FROM new_rows n
    UNION ALL
    SELECT ROW(o.id, o.company_id, contact_dav_book(o.owner_user_id, o.customer_group_id), true)::contact_dav_mark
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE contact_dav_book(o.owner_user_id, o.customer_group_id) <> contact_dav_book(n.owner_user_id, n.customer_group_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_cards_dav_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_apply(ARRAY(SELECT ROW(o.id, o.company_id, contact_dav_book(o.owner_user_id, o.customer_group_id),
    true)::contact_dav_mark FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Cards whose vCard changes without a change of their row: groups joined or left (CATEGORIES), a group
-- renamed, a photo, the kept extra properties. Cards already deleted by the statement are not found.
CREATE FUNCTION contact_dav_touch(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_apply(ARRAY(SELECT ROW(c.id, c.company_id, contact_dav_book(c.owner_user_id, c.customer_group_id),
    c.deleted_at IS NOT NULL)::contact_dav_mark FROM contact_cards c WHERE c.id = ANY(ids)));
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_dav_touch_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_touch(ARRAY(SELECT DISTINCT card_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_dav_touch_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_touch(ARRAY(SELECT DISTINCT card_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_groups_dav_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_dav_touch(ARRAY(SELECT DISTINCT cg.card_id FROM contact_card_groups cg
    JOIN new_rows n ON n.id = cg.group_id JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_cards_dav_insert AFTER INSERT ON contact_cards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_cards_dav_insert();
--> statement-breakpoint
CREATE TRIGGER contact_cards_dav_update AFTER UPDATE ON contact_cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_cards_dav_update();
--> statement-breakpoint
CREATE TRIGGER contact_cards_dav_delete AFTER DELETE ON contact_cards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_cards_dav_delete();
--> statement-breakpoint
CREATE TRIGGER contact_card_groups_dav_insert AFTER INSERT ON contact_card_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_new();
--> statement-breakpoint
CREATE TRIGGER contact_card_groups_dav_delete AFTER DELETE ON contact_card_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_old();
--> statement-breakpoint
CREATE TRIGGER contact_groups_dav_rename AFTER UPDATE ON contact_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_groups_dav_rename();
--> statement-breakpoint
CREATE TRIGGER contact_photos_dav_insert AFTER INSERT ON contact_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_new();
--> statement-breakpoint
CREATE TRIGGER contact_photos_dav_update AFTER UPDATE ON contact_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_new();
--> statement-breakpoint
CREATE TRIGGER contact_photos_dav_delete AFTER DELETE ON contact_photos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_old();
--> statement-breakpoint
CREATE TRIGGER contact_dav_extras_insert AFTER INSERT ON contact_dav_extras REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_new();
--> statement-breakpoint
CREATE TRIGGER contact_dav_extras_update AFTER UPDATE ON contact_dav_extras REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_new();
--> statement-breakpoint
CREATE TRIGGER contact_dav_extras_delete AFTER DELETE ON contact_dav_extras REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_dav_touch_old();
--> statement-breakpoint
-- The cards there are already: each book at 1.
INSERT INTO contact_dav_books (book, company_id, seq)
  SELECT DISTINCT contact_dav_book(owner_user_id, customer_group_id), company_id, 1 FROM contact_cards;
--> statement-breakpoint
INSERT INTO contact_dav_cards (card_id, company_id, book, seq, deleted)
  SELECT id, company_id, contact_dav_book(owner_user_id, customer_group_id), 1, deleted_at IS NOT NULL FROM contact_cards;
