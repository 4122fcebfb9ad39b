-- users.used_size counts the bytes of each user's board uploads (board_files by uploader_id: attachments,
-- inline images and files of replies, unclaimed ones included until the sweep removes them), as it counts their
-- mail and drive files. Statement-level triggers add up the sizes each statement inserted or deleted through
-- drive_apply_size_deltas (0037_drive: users' rows locked in id order, so concurrent statements cannot deadlock).
CREATE FUNCTION board_files_size_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(size)) FROM new_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION board_files_size_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM drive_apply_size_deltas(array_agg(uploader_id), array_agg(-size)) FROM old_rows WHERE size <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION board_files_size_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER board_files_size_insert AFTER INSERT ON board_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_files_size_insert();
--> statement-breakpoint
CREATE TRIGGER board_files_size_delete AFTER DELETE ON board_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_files_size_delete();
--> statement-breakpoint
CREATE TRIGGER board_files_size_update AFTER UPDATE ON board_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_files_size_update();
