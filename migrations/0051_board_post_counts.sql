CREATE TABLE "board_post_counts" (
	"board_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"notice_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_post_counts" ADD CONSTRAINT "board_post_counts_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post_counts" ADD CONSTRAINT "board_post_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every statement on board_posts (writers, moves, trash, purges, cascades): each statement's
-- changes per board are added up from its transition tables and applied in board order (no deadlock between
-- statements touching the same boards). A board deleted meanwhile (a cascade from boards) gets no row.
CREATE FUNCTION board_post_counts_apply(b_ids bigint[], c_ids bigint[], posts int[], notices int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO board_post_counts AS c (board_id, company_id, post_count, notice_count)
  SELECT d.b, d.co, d.p, d.n
    FROM (SELECT b, min(co) AS co, sum(p)::int AS p, sum(n)::int AS n FROM unnest(b_ids, c_ids, posts, notices) AS x(b, co, p, n)
           GROUP BY b HAVING sum(p) <> 0 OR sum(n) <> 0) d
    JOIN boards bo ON bo.id = d.b
   ORDER BY d.b
  ON CONFLICT (board_id) DO UPDATE SET post_count = c.post_count + excluded.post_count, notice_count = c.notice_count + excluded.notice_count;
END $$;
--> statement-breakpoint
CREATE FUNCTION board_posts_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM board_post_counts_apply(array_agg(board_id), array_agg(company_id), array_agg(1), array_agg(CASE WHEN is_notice THEN 1 ELSE 0 END))
     FROM new_rows WHERE deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION board_posts_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM board_post_counts_apply(array_agg(board_id), array_agg(company_id), array_agg(-1), array_agg(CASE WHEN is_notice THEN -1 ELSE 0 END))
     FROM old_rows WHERE deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION board_posts_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM board_post_counts_apply(array_agg(x.b), array_agg(x.co), array_agg(x.dp), array_agg(x.dn))
    FROM (SELECT n.board_id AS b, n.company_id AS co, 1 AS dp, CASE WHEN n.is_notice THEN 1 ELSE 0 END AS dn
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.deleted_at IS NULL AND (o.deleted_at IS NOT NULL OR o.board_id <> n.board_id OR o.is_notice <> n.is_notice)
          UNION ALL
          SELECT o.board_id, o.company_id, -1, CASE WHEN o.is_notice THEN -1 ELSE 0 END
            FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE o.deleted_at IS NULL AND (n.deleted_at IS NOT NULL OR o.board_id <> n.board_id OR o.is_notice <> n.is_notice)) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_posts_count_insert AFTER INSERT ON board_posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_posts_count_insert();
--> statement-breakpoint
CREATE TRIGGER board_posts_count_delete AFTER DELETE ON board_posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_posts_count_delete();
--> statement-breakpoint
CREATE TRIGGER board_posts_count_update AFTER UPDATE ON board_posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_posts_count_update();
--> statement-breakpoint
INSERT INTO board_post_counts (board_id, company_id, post_count, notice_count)
SELECT board_id, min(company_id), count(*), count(*) FILTER (WHERE is_notice) FROM board_posts WHERE deleted_at IS NULL GROUP BY board_id;
