// Resource booking in backups: its tables are found in the catalogue like every module's (image_blob_key is a
// blob column the collector keeps), and a restore brings back the same rows (types, resources, bookers,
// series, bookings with their calendar events) and the images' bytes; the restored database still refuses an
// overlapping booking (the exclusion constraint came with the schema).
import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, dateIn, resourceApi, slot } from "../resource/helpers.ts";
import { dumpTables } from "./support.ts";

const source = await createTestApp();
const target = await createTestApp();
const api = resourceApi(source);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const TABLES = ["resource_types", "resources", "resource_booker_users", "resource_booker_organs", "resource_booking_series", "resource_bookings"];

describe("resource booking in backups", () => {
  test("a restore brings back the same rows and the image", async () => {
    expect(await blobColumns(source.deps.sql)).toContainEqual({ table: "resources", column: "image_blob_key" });
    const co = await company(source, "res-backup.test");
    const org = await co.org("Drivers");
    const kim = await co.user("kim", [org]);
    const type = await api.ok<{ code: string }>(201, "POST", "/admin/types", co.admin, { name: "Projector" });
    const room = await api.resource(co.admin, { name: "Room", bookerScope: "SELECTED", bookerUserIds: [kim.id], bookerOrganIds: [org] });
    await api.resource(co.admin, { type: type.code, name: "Beamer", needsApproval: true, approverId: co.admin.id });
    const form = new FormData();
    form.append("file", new File([PNG], "room.png", { type: "image/png" }));
    const up = await source.app.request(`/api/resource/admin/resources/${room.id}/img`, { method: "PUT", body: form, headers: { authorization: `Bearer ${co.admin.token}` } });
    expect(up.status).toBe(200);
    await api.book(kim, { resourceId: room.id, ...slot(source, 1, "10:00", "11:00"), repeat: { frequency: "WEEKLY", until: dateIn(source, 15) } });
    const cancelled = (await api.book(kim, { resourceId: room.id, ...slot(source, 2, "10:00", "11:00") })).bookings[0];
    await api.ok(200, "DELETE", `/book/${cancelled.id}`, kim);

    const before = await dumpTables(source.deps.sql);
    for (const table of TABLES) expect(before[table].length, table).toBeGreaterThan(0);
    const archive = join(source.dataDir, "resource.backup");
    const summary = await backupToFile(archive, { sql: source.deps.sql, blobs: source.deps.blobs });
    expect(summary.missingBlobs).toBe(0);
    await restoreFromFile(archive, {
      sql: target.deps.sql, blobs: target.deps.blobs, tmpDir: target.dataDir, force: true, migrate: async () => {},
    });
    const after = await dumpTables(target.deps.sql);
    for (const table of [...TABLES, "calendar_events"]) expect(after[table], table).toEqual(before[table]);
    const [{ key }] = await target.db.sql<{ key: string }[]>`select image_blob_key as key from resources where id = ${room.id}`;
    expect(await target.deps.blobs.get(key)).toEqual(PNG);
    // The restored database keeps held bookings apart.
    const [first] = await target.db.sql<{ id: number; resource_id: number; booker_user_id: number }[]>`
      select id, resource_id, booker_user_id from resource_bookings where status = 'CONFIRMED' order by id limit 1`;
    await expect(target.db.sql`insert into resource_bookings (company_id, resource_id, booker_user_id, title, status, start_at, end_at, created_at, updated_at)
      select company_id, resource_id, booker_user_id, 'copy', 'CONFIRMED', start_at, end_at, now(), now() from resource_bookings where id = ${first.id}`)
      .rejects.toMatchObject({ code: "23P01" });
  });
});
