// Versions (shared/wiki/versions.ts) and rollback (POST docs/{id}/rollback): a version per change of title or
// text, coalesced per person within VERSION_COALESCE_MS (the test clock moves), newest first and paged, one
// version with its text; READ on the document (403), another company's or another document's version 404
// wiki.version_not_found; a rollback makes the version's title and text the document's and records a version.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { VERSION_COALESCE_MS } from "../../shared/wiki/constants.ts";
import type { Page } from "../../shared/paging.ts";
import type { WikiDocument } from "../../shared/wiki/documents.ts";
import type { Version, VersionSummary } from "../../shared/wiki/versions.ts";
import * as Y from "yjs";
import { htmlToJson, jsonToHtml, jsonToYDoc, yDocToJson } from "../../server/modules/wiki/content/html.ts";
import { refreshSubtree } from "../../server/modules/wiki/access.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await wikiCast(t, "wiki-versions"));
});

/** Makes the document's versions VERSION_COALESCE_MS older (the clock stays: moving it would expire the tokens). */
async function age(docId: number) {
  await t.db.sql`update wiki_versions set created_at = created_at - ${`${VERSION_COALESCE_MS} milliseconds`}::interval,
    updated_at = updated_at - ${`${VERSION_COALESCE_MS} milliseconds`}::interval where doc_id = ${docId}`;
}

const versions = (docId: number, who: { token: string } = A.author, extra = "") =>
  api.ok<Page<VersionSummary>>(200, "GET", `versions?docId=${docId}${extra}`, who);

test("saves by one person within VERSION_COALESCE_MS update the newest version; later or by another person add one", async () => {
  const d = await makeDoc(t, A.author, { title: "회의록", text: "<p>첫</p>" });
  expect((await versions(d.id)).totalElements).toBe(1);
  await api.ok(200, "PATCH", `docs/${d.id}`, A.author, { text: "<p>첫 수정</p>" });
  await api.ok(200, "PATCH", `docs/${d.id}`, A.author, { title: "회의록 1" });
  let list = await versions(d.id);
  expect(list.totalElements).toBe(1);
  expect(list.content[0]).toMatchObject({ documentId: d.id, title: "회의록 1", lastModifiedBy: A.author.id, lastModifiedByName: "김작성" });

  await age(d.id);
  await api.ok(200, "PATCH", `docs/${d.id}`, A.author, { text: "<p>두번째</p>" });
  await api.ok(200, "PATCH", `docs/${d.id}`, A.sales, { text: "<p>세번째</p>" });
  // No change, no version.
  await api.ok(200, "PATCH", `docs/${d.id}`, A.sales, { text: "<p>세번째</p>" });
  list = await versions(d.id);
  expect(list.totalElements).toBe(3);
  expect(list.content.map((v) => v.lastModifiedByName)).toEqual(["이영업", "김작성", "김작성"]);

  const page = await versions(d.id, A.dev, "&size=2&page=1");
  expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 1, pageSize: 2 });
  expect(page.content.map((v) => v.id)).toEqual([list.content[2].id]);

  const first = await api.ok<Version>(200, "GET", `versions/${list.content[2].id}`, A.dev);
  expect(first).toMatchObject({ title: "회의록 1", text: "<p>첫 수정</p>", documentId: d.id });
  const newest = await api.ok<Version>(200, "GET", `versions/${list.content[0].id}`, A.dev);
  expect(newest.text).toBe("<p>세번째</p>");
});

test("rollback: the version's title and text become the document's, recorded as a new version", async () => {
  const d = await makeDoc(t, A.author, { title: "규정", text: "<p>초안</p>" });
  const [v1] = (await versions(d.id)).content;
  await age(d.id);
  await api.ok(200, "PATCH", `docs/${d.id}`, A.author, { title: "규정 v2", text: "<p>개정</p>" });
  await age(d.id);
  // A live state stored by an editor, holding the current text.
  const live = Y.encodeStateAsUpdate(jsonToYDoc(htmlToJson("<p>개정</p>")));
  await t.db.sql`update wiki_docs set ydoc = ${live} where id = ${d.id}`;

  const back = await api.ok<WikiDocument>(200, "POST", `docs/${d.id}/rollback`, A.sales, { versionId: v1.id });
  expect(back).toMatchObject({ title: "규정", text: "<p>초안</p>", lastModifiedBy: { id: A.sales.id } });
  const list = await versions(d.id);
  expect(list.totalElements).toBe(3);
  expect(list.content[0]).toMatchObject({ title: "규정", lastModifiedBy: A.sales.id });
  // The live editor's stored state follows (collab/replace.ts): dropped (the next editor seeds from the HTML)
  // or holding the rolled-back text.
  const [row] = await t.db.sql`select ydoc from wiki_docs where id = ${d.id}`;
  let liveHtml = "<p>초안</p>";
  if (row.ydoc !== null) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(row.ydoc));
    liveHtml = jsonToHtml(yDocToJson(doc));
  }
  expect(liveHtml).toBe("<p>초안</p>");

  const other = await makeDoc(t, A.author, { title: "다른 문서" });
  const [otherV] = (await versions(other.id)).content;
  await api.fails(404, "wiki.version_not_found", "POST", `docs/${d.id}/rollback`, A.author, { versionId: otherV.id });
  await api.fails(404, "wiki.version_not_found", "POST", `docs/${d.id}/rollback`, A.author, { versionId: 999999999 });
  await api.fails(400, "common.validation", "POST", `docs/${d.id}/rollback`, A.author, { versionId: "first" });
  await api.fails(404, "wiki.not_found", "POST", `docs/${d.id}/rollback`, B.admin, { versionId: v1.id });
});

test("versions need READ; another company's answer 404; bad input 400", async () => {
  const d = await makeDoc(t, A.author, { title: "개발 비밀" });
  await t.deps.db.execute(sql`insert into wiki_permissions (company_id, doc_id, organ_id, access_level)
    values (${A.co.companyId}, ${d.id}, ${A.organs.dev}, 'READ')`);
  await refreshSubtree(t.deps.db, A.co.companyId, d.id);
  const [v] = (await versions(d.id)).content;
  expect((await versions(d.id, A.dev)).totalElements).toBe(1);
  await api.fails(403, "wiki.no_access", "GET", `versions?docId=${d.id}`, A.sales);
  await api.fails(403, "wiki.no_access", "GET", `versions/${v.id}`, A.sales);
  await api.fails(403, "wiki.no_access", "POST", `docs/${d.id}/rollback`, A.dev, { versionId: v.id });
  await api.fails(404, "wiki.not_found", "GET", `versions?docId=${d.id}`, B.admin);
  await api.fails(404, "wiki.version_not_found", "GET", `versions/${v.id}`, B.admin);
  await api.fails(400, "common.validation", "GET", "versions", A.author);
  await api.fails(400, "common.validation", "GET", `versions?docId=${d.id}&size=101`, A.author);
});
