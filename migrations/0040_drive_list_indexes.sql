DROP INDEX "drive_items_files_used_idx";--> statement-breakpoint
DROP INDEX "drive_items_files_name_idx";--> statement-breakpoint
DROP INDEX "drive_items_files_size_idx";--> statement-breakpoint
CREATE INDEX "drive_items_files_used_idx" ON "drive_items" USING btree ("company_id","parent_id","used_at","id") WHERE deleted_at is null and kind <> 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_files_name_idx" ON "drive_items" USING btree ("company_id","parent_id","sort_name" collate "C","id") WHERE deleted_at is null and kind <> 'folder';--> statement-breakpoint
CREATE INDEX "drive_items_files_size_idx" ON "drive_items" USING btree ("company_id","parent_id","size","id") WHERE deleted_at is null and kind <> 'folder';