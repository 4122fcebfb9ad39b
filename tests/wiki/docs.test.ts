// Documents (shared/wiki/documents.ts): GET docs/{id} (the WikiDocument's shape, trackRecent, file token),
// docs/{id}/summary, docs/summaries (the top level, paging, readable documents only, a database's rows with
// their values), POST docs and PATCH docs/{id} (title/text presence, sanitising, viewConfig only on a
// database); bad input 400 common.validation, another company's ids 404 wiki.not_found, a document restricted to
// another department 403 wiki.no_access, and the wiki switched off 403 wiki.disabled.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { SummaryPage, WikiDocument, WikiSummary } from "../../shared/wiki/documents.ts";
import { refreshSubtree } from "../../server/modules/wiki/access.ts";
import { verifyFileToken } from "../../server/modules/wiki/files/token.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, setWiki, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await wikiCast(t, "wiki-docs"));
});

/** Gives `docId` its own permissions: `organId` at `level` (the permissions API is built elsewhere). */
async function restrict(co: WikiCompany, docId: number, rows: { organId?: number; userId?: number; level: string }[]) {
  for (const r of rows) {
    await t.deps.db.execute(sql`insert into wiki_permissions (company_id, doc_id, user_id, organ_id, access_level)
      values (${co.co.companyId}, ${docId}, ${r.userId ?? null}, ${r.organId ?? null}, ${r.level})`);
  }
  await refreshSubtree(t.deps.db, co.co.companyId, docId);
}

test("POST docs creates a top-level document; GET docs/{id} answers the whole WikiDocument", async () => {
  const made = await api.ok<WikiDocument>(201, "POST", "docs", A.author, {
    title: "  영업 안내\n서  ",
    text: `<h2>시작</h2><p>안녕 <strong>하세요</strong></p><script>alert(1)</script><p onclick="x()">끝</p>`,
  });
  expect(made.title).toBe("영업 안내 서");
  expect(made.text).not.toContain("script");
  expect(made.text).not.toContain("onclick");
  expect(made.text).toContain("<strong>하세요</strong>");
  expect(made).toMatchObject({
    parentId: null, type: "document", status: "PUBLISHED", accessLevel: "OWNER", path: String(made.id), permissionFrom: null,
    properties: [], propertyValues: [], propertyMap: {}, propertyValueMap: {}, deletedTime: null, viewConfig: null,
    children: [], allChildrenFetched: true, editable: true, childCount: 0,
    breadcrumbs: [{ id: made.id, type: "document", title: "영업 안내 서", readable: true }],
    createdBy: { id: A.author.id, username: A.author.username, accountName: "김작성" },
    lastModifiedBy: { id: A.author.id, username: A.author.username, accountName: "김작성" },
  });
  expect(made.createdTime).toBe(t.clock.now().getTime());
  expect(await verifyFileToken(t.deps.secrets.tokenKey, made.fileToken, t.clock.now()))
    .toEqual({ companyId: A.co.companyId, userId: A.author.id });

  // A colleague: WRITE by the company default; the read is recorded only with trackRecent=true.
  const seen = await api.ok<WikiDocument>(200, "GET", `docs/${made.id}`, A.sales);
  expect(seen).toMatchObject({ id: made.id, accessLevel: "WRITE", editable: true, text: made.text });
  const reads = async () => (await t.db.sql`select user_id from wiki_reads where doc_id = ${made.id}`).map((r) => Number(r.user_id));
  expect(await reads()).toEqual([]);
  await api.ok(200, "GET", `docs/${made.id}?trackRecent=true`, A.sales);
  expect(await reads()).toEqual([A.sales.id]);
  await api.ok(200, "GET", `docs/${made.id}?trackRecent=true`, A.sales); // again: still one row, newer time
  expect(await reads()).toEqual([A.sales.id]);

  const summary = await api.ok<WikiSummary>(200, "GET", `docs/${made.id}/summary`, A.dev);
  expect(summary).toMatchObject({ id: made.id, title: "영업 안내 서", accessLevel: "WRITE", childCount: 0, propertyValues: [] });
  expect(summary).not.toHaveProperty("text");
});

test("bad input answers 400 common.validation; a non-numeric id 404", async () => {
  await api.fails(400, "common.validation", "POST", "docs", A.author, { title: "x", type: "spreadsheet" });
  await api.fails(400, "common.validation", "POST", "docs", A.author, { title: "x".repeat(201) });
  await api.fails(400, "common.validation", "POST", "docs", A.author, { title: "x", parentId: "abc" });
  const d = await makeDoc(t, A.author, { title: "입력 검사" });
  await api.fails(400, "common.validation", "PATCH", `docs/${d.id}`, A.author, { title: 12 });
  await api.fails(400, "common.validation", "PATCH", `docs/${d.id}`, A.author, { viewConfig: { kind: "GRID" } });
  await api.fails(400, "common.validation", "GET", "docs/summaries?size=256", A.author);
  await api.fails(400, "common.validation", "GET", "docs/summaries?page=-1", A.author);
  expect((await api.raw("GET", "docs/abc", A.author)).status).toBe(404);
  await api.fails(404, "wiki.not_found", "GET", "docs/999999999", A.author);
  await api.fails(404, "wiki.not_found", "POST", "docs", A.author, { title: "x", parentId: 999999999 });
});

test("another company's documents answer exactly like missing ones (404 wiki.not_found)", async () => {
  const a = await makeDoc(t, A.author, { title: "A의 문서" });
  const b = await makeDoc(t, B.author, { title: "B의 문서" });
  for (const [m, p, body] of [
    ["GET", `docs/${a.id}`], ["GET", `docs/${a.id}/summary`], ["GET", `docs/summaries?parentId=${a.id}`],
    ["PATCH", `docs/${a.id}`, { title: "x" }], ["DELETE", `docs/${a.id}`],
    ["POST", "docs", { title: "x", parentId: a.id }],
  ] as [string, string, unknown][]) {
    await api.fails(404, "wiki.not_found", m, p, B.admin, body);
  }
  // B's top level does not show A's documents.
  const top = await api.ok<SummaryPage>(200, "GET", "docs/summaries", B.admin);
  expect(top.documents.map((d) => d.id)).toEqual([b.id]);
  expect((await api.ok<WikiDocument>(200, "GET", `docs/${a.id}`, A.admin)).title).toBe("A의 문서");
});

test("a document restricted to another department: 403 wiki.no_access, hidden from lists; ancestors unreadable in breadcrumbs", async () => {
  const dev = await makeDoc(t, A.author, { title: "개발 전용" });
  const child = await makeDoc(t, A.author, { title: "공개 하위", parentId: dev.id });
  await restrict(A, dev.id, [{ organId: A.organs.dev, level: "WRITE" }]);
  await restrict(A, child.id, [{ organId: A.organs.sales, level: "READ" }]);

  await api.fails(403, "wiki.no_access", "GET", `docs/${dev.id}`, A.sales);
  await api.fails(403, "wiki.no_access", "GET", `docs/${dev.id}/summary`, A.sales);
  await api.fails(403, "wiki.no_access", "GET", `docs/summaries?parentId=${dev.id}`, A.sales);
  await api.fails(403, "wiki.no_access", "PATCH", `docs/${dev.id}`, A.sales, { title: "x" });
  await api.fails(403, "wiki.no_access", "POST", "docs", A.sales, { title: "x", parentId: dev.id });
  const top = await api.ok<SummaryPage>(200, "GET", "docs/summaries", A.sales);
  expect(top.documents.map((d) => d.id)).not.toContain(dev.id);

  // The sub-document has its own permissions: 영업팀 READ (and 영업1파트 under it inherits by include_children).
  const seen = await api.ok<WikiDocument>(200, "GET", `docs/${child.id}`, A.salesPart);
  expect(seen).toMatchObject({ accessLevel: "READ", editable: false, permissionFrom: child.id, path: `${dev.id}/${child.id}` });
  expect(seen.breadcrumbs).toEqual([
    { id: dev.id, type: "document", title: "", readable: false },
    { id: child.id, type: "document", title: "공개 하위", readable: true },
  ]);
  await api.fails(403, "wiki.no_access", "PATCH", `docs/${child.id}`, A.sales, { title: "x" });

  // 개발팀 has WRITE on the document but NONE on the sub-document (its own permissions name only 영업팀).
  const devSeen = await api.ok<WikiDocument>(200, "GET", `docs/${dev.id}`, A.dev);
  expect(devSeen).toMatchObject({ accessLevel: "WRITE", permissionFrom: dev.id, children: [], childCount: 0, allChildrenFetched: true });
  const owner = await api.ok<WikiDocument>(200, "GET", `docs/${dev.id}`, A.author);
  expect(owner.children.map((c) => c.id)).toEqual([child.id]);
  expect(owner.childCount).toBe(1);
});

test("PATCH docs/{id}: a field changes when present or flagged; viewConfig only on a database", async () => {
  const d = await makeDoc(t, A.author, { title: "고칠 문서", text: "<p>처음</p>" });
  const renamed = await api.ok<WikiDocument>(200, "PATCH", `docs/${d.id}`, A.sales, { title: "새 제목" });
  expect(renamed).toMatchObject({ title: "새 제목", text: "<p>처음</p>", lastModifiedBy: { id: A.sales.id } });
  const retexted = await api.ok<WikiDocument>(200, "PATCH", `docs/${d.id}`, A.sales, { text: "<p>둘째 <em>판</em></p><iframe src=x></iframe>" });
  expect(retexted).toMatchObject({ title: "새 제목", text: "<p>둘째 <em>판</em></p>" });
  const [row] = await t.db.sql`select plain from wiki_docs where id = ${d.id}`;
  expect(row.plain).toContain("둘째 판");
  const cleared = await api.ok<WikiDocument>(200, "PATCH", `docs/${d.id}`, A.sales, { textPresent: true, titlePresent: true });
  expect(cleared).toMatchObject({ title: "", text: "" });

  await api.fails(409, "wiki.not_database", "PATCH", `docs/${d.id}`, A.author, { viewConfig: { kind: "TABLE" } });
  const db = await makeDoc(t, A.author, { title: "고객 목록", type: "database" });
  const viewed = await api.ok<WikiDocument>(200, "PATCH", `docs/${db.id}`, A.author, { viewConfig: { kind: "BOARD", dir: "desc" } });
  expect(viewed.viewConfig).toEqual({ kind: "BOARD", sort: null, dir: "desc", filters: [], groupBy: null, hidden: [] });
});

test("GET docs/summaries: the top level by sortOrder, paged; a database's rows with their values and properties", async () => {
  const db = await makeDoc(t, A.author, { title: "거래처", type: "database" });
  const rows: WikiDocument[] = [];
  for (const title of ["가 상사", "나 상사", "다 상사"]) rows.push(await makeDoc(t, A.author, { title, parentId: db.id }));
  const [prop] = await t.db.sql`insert into wiki_properties (company_id, doc_id, name, type, sort_order)
    values (${A.co.companyId}, ${db.id}, '매출', 'number', 0) returning id`;
  const propertyId = Number(prop.id);
  for (const [i, r] of rows.entries()) {
    await t.db.sql`insert into wiki_property_values (company_id, doc_id, property_id, number_value)
      values (${A.co.companyId}, ${r.id}, ${propertyId}, ${[30, 10, 20][i]})`;
  }

  const p0 = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}&size=2`, A.sales);
  expect(p0).toMatchObject({ parentId: db.id, page: 0, size: 2, totalElements: 3, allChildrenFetched: false });
  expect(p0.documents.map((d) => d.title)).toEqual(["가 상사", "나 상사"]);
  expect(p0.documents[0].propertyValues).toMatchObject([{ propertyId, numberValue: 30, documentId: rows[0].id }]);
  const p1 = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}&size=2&page=1`, A.sales);
  expect(p1).toMatchObject({ totalElements: 3, allChildrenFetched: true });
  expect(p1.documents.map((d) => d.title)).toEqual(["다 상사"]);

  const sorted = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}&sort=${propertyId}&dir=desc`, A.sales);
  expect(sorted.documents.map((d) => d.title)).toEqual(["가 상사", "다 상사", "나 상사"]);
  const filter = encodeURIComponent(JSON.stringify([{ propertyId, op: "gt", value: 15 }]));
  const filtered = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}&filter=${filter}`, A.sales);
  expect(filtered.documents.map((d) => d.title)).toEqual(["가 상사", "다 상사"]);
  await api.fails(400, "common.validation", "GET", `docs/summaries?parentId=${db.id}&filter=${encodeURIComponent("[{")}`, A.sales);

  // The database: its properties, rows among its children with values; a row: the database's properties, its values.
  const dbDoc = await api.ok<WikiDocument>(200, "GET", `docs/${db.id}`, A.sales);
  expect(dbDoc.properties.map((p) => p.id)).toEqual([propertyId]);
  expect(dbDoc.propertyMap[String(propertyId)]).toMatchObject({ name: "매출", type: "number" });
  expect(dbDoc.children.map((c) => c.propertyValues[0]?.numberValue)).toEqual([30, 10, 20]);
  expect(dbDoc.childCount).toBe(3);
  const row = await api.ok<WikiDocument>(200, "GET", `docs/${rows[1].id}`, A.sales);
  expect(row.properties.map((p) => p.id)).toEqual([propertyId]);
  expect(row.propertyValueMap[String(propertyId)]).toMatchObject({ numberValue: 10 });
  expect(row.breadcrumbs.map((b) => b.title)).toEqual(["거래처", "나 상사"]);
  const rowSummary = await api.ok<WikiSummary>(200, "GET", `docs/${rows[1].id}/summary`, A.sales);
  expect(rowSummary.propertyValues).toMatchObject([{ numberValue: 10 }]);

  const top = await api.ok<SummaryPage>(200, "GET", "docs/summaries", A.sales);
  expect(top.documents.find((d) => d.id === db.id)).toMatchObject({ type: "database", childCount: 3 });
});

test("the wiki switched off: 403 wiki.disabled", async () => {
  await setWiki(t, B.admin, false);
  await api.fails(403, "wiki.disabled", "GET", "docs/summaries", B.author);
  await api.fails(403, "wiki.disabled", "POST", "docs", B.author, { title: "x" });
  await setWiki(t, B.admin, true);
  await api.ok(200, "GET", "docs/summaries", B.author);
});
