-- A card back in a book (restored from the trash, moved back to a group) whose client-given resource name a
-- newer card of the book took meanwhile goes back to its default name "<card id>.vcf" rather than failing
-- the write on contact_dav_cards_name_uq.
CREATE OR REPLACE FUNCTION contact_dav_apply(m contact_dav_mark[]) RETURNS void LANGUAGE plpgsql AS $$
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
      ON CONFLICT (card_id, book) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, changed_at = excluded.changed_at,
        name = CASE WHEN c.deleted AND NOT excluded.deleted AND c.name IS NOT NULL AND EXISTS (
                 SELECT 1 FROM contact_dav_cards o WHERE o.book = c.book AND o.name = c.name AND NOT o.deleted AND o.card_id <> c.card_id)
               THEN NULL ELSE c.name END;
  END LOOP;
END $$;
