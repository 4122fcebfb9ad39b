// The wiki in backups: no wiki-specific code; its tables are found in the catalogue like every module's
// (wiki_files.blob_key is a blob column the collector keeps and the backup copies), and a restore brings back the
// same rows (documents with their paths and search vectors, permissions, properties and values, versions, reads,
// favourites, files, the uploader's used size) and the files' bytes.
import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import type { AttachInfo, WikiDocument } from "../../shared/wiki/documents.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, makeProperty, wikiApi, wikiCompany } from "../wiki/support.ts";
import { dumpTables } from "./support.ts";

const source = await createTestApp();
const target = await createTestApp();
const api = wikiApi(source);
const PDF = new TextEncoder().encode("%PDF-1.4 위키 첨부");
const TABLES = ["wiki_docs", "wiki_permissions", "wiki_properties", "wiki_property_values", "wiki_versions", "wiki_reads", "wiki_favorites", "wiki_files"];

describe("the wiki in backups", () => {
  test("a restore brings back the documents, versions, permissions, properties, values and file bytes", async () => {
    expect(await blobColumns(source.deps.sql)).toContainEqual({ table: "wiki_files", column: "blob_key" });
    const A = await wikiCompany(source, "wiki-backup.test");
    const handbook = await makeDoc(source, A.author, { title: "사내 안내서", text: "<h2>휴가</h2><p>연차 규정</p>" });
    await api.ok(200, "PATCH", `docs/${handbook.id}`, A.sales, { text: "<p>연차 규정 개정</p>" }); // a second version
    await api.ok(200, "PUT", `docs/${handbook.id}/permissions`, A.author, {
      members: [{ userId: A.author.id, accessLevel: "OWNER" }, { organId: A.organs.sales, accessLevel: "WRITE" }],
    });
    const db = await makeDoc(source, A.author, { title: "거래처", type: "database", parentId: handbook.id });
    const prop = await makeProperty(source, A.author, db.id, { name: "매출", type: "number", config: {} });
    const row = await makeDoc(source, A.author, { title: "가 상사", parentId: db.id });
    await api.ok(200, "PUT", `docs/${row.id}/property-values`, A.author, { values: [{ propertyId: prop.id, numberValue: 1200 }] });
    await api.ok(200, "GET", `docs/${row.id}?trackRecent=true`, A.sales);
    await api.ok(201, "POST", "users/favorites", A.sales, { documentId: handbook.id });
    const form = new FormData();
    form.append("file", new File([PDF], "계약서.pdf", { type: "application/pdf" }));
    const up = await source.app.request(`/api/wiki/docs/${handbook.id}/attach`, {
      method: "POST", body: form, headers: { authorization: `Bearer ${A.author.token}` },
    });
    expect(up.status).toBe(201);
    const file = await up.json() as AttachInfo;

    const before = await dumpTables(source.deps.sql);
    for (const table of TABLES) expect(before[table].length, table).toBeGreaterThan(0);
    const archive = join(source.dataDir, "wiki.backup");
    const summary = await backupToFile(archive, { sql: source.deps.sql, blobs: source.deps.blobs });
    expect(summary.missingBlobs).toBe(0);
    await restoreFromFile(archive, {
      sql: target.deps.sql, blobs: target.deps.blobs, tmpDir: target.dataDir, force: true, migrate: async () => {},
    });
    const after = await dumpTables(target.deps.sql);
    for (const table of [...TABLES, "users"]) expect(after[table], table).toEqual(before[table]);
    const [{ key }] = await target.db.sql<{ key: string }[]>`select blob_key as key from wiki_files where id = ${file.fileId}`;
    expect(await target.deps.blobs.get(key)).toEqual(PDF);

    // The restored wiki answers through its API: the same document, permissions and the row's value.
    const restored = await wikiApi(target).ok<WikiDocument>(200, "GET", `docs/${row.id}`, A.author);
    expect(restored).toMatchObject({ title: "가 상사", permissionFrom: handbook.id, path: `${handbook.id}/${db.id}/${row.id}` });
    expect(restored.propertyValueMap[String(prop.id)]).toMatchObject({ numberValue: 1200 });
  });
});
