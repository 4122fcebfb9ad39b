// The document tree (shared/wiki/documents.ts): a tree of depth 4 with its paths and breadcrumbs, sibling order
// on create (prevId) and move, and the move rules: WRITE on the document and the new parent, never under itself
// or its own sub-document, prevId a sibling under the new parent, DEPTH_MAX counting the moved subtree (409
// wiki.move_invalid); a moved document keeps its own permissions, one without them inherits anew.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { DEPTH_MAX } from "../../shared/wiki/constants.ts";
import type { SummaryPage, WikiDocument } from "../../shared/wiki/documents.ts";
import { refreshSubtree } from "../../server/modules/wiki/access.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await wikiCast(t, "wiki-tree"));
});

const titles = async (parentId: number | null, who = A.author) =>
  (await api.ok<SummaryPage>(200, "GET", `docs/summaries${parentId ? `?parentId=${parentId}` : ""}`, who)).documents.map((d) => d.title);

test("a tree of depth 4: paths, breadcrumbs, children and child counts", async () => {
  const l1 = await makeDoc(t, A.author, { title: "회사" });
  const l2 = await makeDoc(t, A.author, { title: "영업", parentId: l1.id });
  const l3 = await makeDoc(t, A.author, { title: "계약", parentId: l2.id });
  const l4 = await makeDoc(t, A.sales, { title: "서식", parentId: l3.id });
  expect(l4.path).toBe(`${l1.id}/${l2.id}/${l3.id}/${l4.id}`);
  expect(l4.breadcrumbs.map((b) => [b.id, b.title, b.readable])).toEqual([
    [l1.id, "회사", true], [l2.id, "영업", true], [l3.id, "계약", true], [l4.id, "서식", true],
  ]);
  const [row] = await t.db.sql`select depth from wiki_docs where id = ${l4.id}`;
  expect(row.depth).toBe(4);
  const l2Now = await api.ok<WikiDocument>(200, "GET", `docs/${l2.id}`, A.dev);
  expect(l2Now.children).toMatchObject([{ id: l3.id, childCount: 1, parentId: l2.id }]);
  expect(l2Now.childCount).toBe(1);
  expect(await titles(l3.id)).toEqual(["서식"]);
});

test("create places after prevId or last; prevId must be a sibling", async () => {
  const root = await makeDoc(t, A.author, { title: "순서" });
  const a = await makeDoc(t, A.author, { title: "A", parentId: root.id });
  const c = await makeDoc(t, A.author, { title: "C", parentId: root.id });
  await makeDoc(t, A.author, { title: "B", parentId: root.id, prevId: a.id });
  await makeDoc(t, A.author, { title: "D", parentId: root.id, prevId: null });
  expect(await titles(root.id)).toEqual(["A", "B", "C", "D"]);
  await api.fails(409, "wiki.move_invalid", "POST", "docs", A.author, { title: "X", parentId: root.id, prevId: root.id });
  // A move within the same parent: null puts first, a sibling after it.
  await api.ok(200, "PATCH", `docs/${c.id}/move`, A.author, { parentId: root.id, prevId: null });
  expect(await titles(root.id)).toEqual(["C", "A", "B", "D"]);
  const moved = await api.ok<WikiDocument>(200, "PATCH", `docs/${c.id}/move`, A.author, { parentId: root.id, prevId: a.id });
  expect(moved.sortOrder).toBe(1);
  expect(await titles(root.id)).toEqual(["A", "C", "B", "D"]);
});

test("move rewrites the subtree's path and depth; the rules answer 409 wiki.move_invalid", async () => {
  const x = await makeDoc(t, A.author, { title: "옮길 것" });
  const x1 = await makeDoc(t, A.author, { title: "하위", parentId: x.id });
  const x2 = await makeDoc(t, A.author, { title: "손자", parentId: x1.id });
  const target = await makeDoc(t, A.author, { title: "새 부모" });
  const other = await makeDoc(t, A.author, { title: "다른 곳" });
  const stranger = await makeDoc(t, A.author, { title: "남의 형제", parentId: other.id });

  await api.fails(409, "wiki.move_invalid", "PATCH", `docs/${x.id}/move`, A.author, { parentId: x.id });
  await api.fails(409, "wiki.move_invalid", "PATCH", `docs/${x.id}/move`, A.author, { parentId: x2.id });
  await api.fails(409, "wiki.move_invalid", "PATCH", `docs/${x.id}/move`, A.author, { parentId: target.id, prevId: stranger.id });
  await api.fails(400, "common.validation", "PATCH", `docs/${x.id}/move`, A.author, { parentId: "top" });
  await api.fails(404, "wiki.not_found", "PATCH", `docs/${x.id}/move`, A.author, { parentId: 999999999 });

  const moved = await api.ok<WikiDocument>(200, "PATCH", `docs/${x.id}/move`, A.sales, { parentId: target.id });
  expect(moved).toMatchObject({ parentId: target.id, path: `${target.id}/${x.id}` });
  const deep = await api.ok<WikiDocument>(200, "GET", `docs/${x2.id}`, A.author);
  expect(deep.path).toBe(`${target.id}/${x.id}/${x1.id}/${x2.id}`);
  expect(deep.breadcrumbs.map((b) => b.title)).toEqual(["새 부모", "옮길 것", "하위", "손자"]);
  expect(await titles(null)).not.toContain("옮길 것");

  // Back to the top level, first.
  const top = await api.ok<WikiDocument>(200, "PATCH", `docs/${x.id}/move`, A.author, { parentId: null, prevId: null });
  expect(top).toMatchObject({ parentId: null, path: String(x.id) });
  expect((await titles(null))[0]).toBe("옮길 것");
  const [{ depth }] = await t.db.sql`select depth from wiki_docs where id = ${x2.id}`;
  expect(depth).toBe(3);
});

test("DEPTH_MAX: creating or moving past it answers 409 wiki.move_invalid", async () => {
  let parentId: number | null = null;
  const chain: number[] = [];
  for (let i = 1; i <= DEPTH_MAX; i++) {
    const d: WikiDocument = await makeDoc(t, A.author, { title: `층 ${i}`, parentId });
    chain.push(d.id);
    parentId = d.id;
  }
  await api.fails(409, "wiki.move_invalid", "POST", "docs", A.author, { title: "너무 깊음", parentId });
  const pair = await makeDoc(t, A.author, { title: "둘" });
  await makeDoc(t, A.author, { title: "둘 아래", parentId: pair.id });
  // Under depth DEPTH_MAX - 1 the pair would reach DEPTH_MAX + 1; under DEPTH_MAX - 2 it fits exactly.
  await api.fails(409, "wiki.move_invalid", "PATCH", `docs/${pair.id}/move`, A.author, { parentId: chain[DEPTH_MAX - 2] });
  const fits = await api.ok<WikiDocument>(200, "PATCH", `docs/${pair.id}/move`, A.author, { parentId: chain[DEPTH_MAX - 3] });
  expect(fits.breadcrumbs).toHaveLength(DEPTH_MAX - 1);
});

test("move needs WRITE on the document and the new parent; permissions inherit anew unless the document has its own", async () => {
  const devOnly = await makeDoc(t, A.author, { title: "개발 공간" });
  await t.deps.db.execute(sql`insert into wiki_permissions (company_id, doc_id, organ_id, access_level)
    values (${A.co.companyId}, ${devOnly.id}, ${A.organs.dev}, 'WRITE'), (${A.co.companyId}, ${devOnly.id}, ${A.organs.sales}, 'READ')`);
  await refreshSubtree(t.deps.db, A.co.companyId, devOnly.id);
  const mine = await makeDoc(t, A.sales, { title: "영업 메모" });
  await api.fails(403, "wiki.no_access", "PATCH", `docs/${mine.id}/move`, A.sales, { parentId: devOnly.id });
  await api.fails(403, "wiki.no_access", "PATCH", `docs/${devOnly.id}/move`, A.sales, { parentId: mine.id });

  // 개발팀 (WRITE on both) moves it under the restricted document: it now inherits (개발팀 WRITE, 영업팀 READ).
  const moved = await api.ok<WikiDocument>(200, "PATCH", `docs/${mine.id}/move`, A.dev, { parentId: devOnly.id });
  expect(moved.permissionFrom).toBe(devOnly.id);
  expect((await api.ok<WikiDocument>(200, "GET", `docs/${mine.id}`, A.salesPart)).accessLevel).toBe("READ");
  expect((await api.ok<WikiDocument>(200, "GET", `docs/${mine.id}`, A.dev)).accessLevel).toBe("WRITE");
  // Out again: the company default.
  const out = await api.ok<WikiDocument>(200, "PATCH", `docs/${mine.id}/move`, A.dev, { parentId: null });
  expect(out.permissionFrom).toBe(null);
  expect((await api.ok<WikiDocument>(200, "GET", `docs/${mine.id}`, A.salesPart)).accessLevel).toBe("WRITE");
  // The restricted document keeps its own permissions wherever it goes.
  const kept = await api.ok<WikiDocument>(200, "PATCH", `docs/${devOnly.id}/move`, A.author, { parentId: mine.id });
  expect(kept.permissionFrom).toBe(devOnly.id);

  // Another company's document is missing, as the document or as the parent.
  const b = await makeDoc(t, B.author, { title: "B 문서" });
  await api.fails(404, "wiki.not_found", "PATCH", `docs/${b.id}/move`, A.admin, { parentId: null });
  await api.fails(404, "wiki.not_found", "PATCH", `docs/${mine.id}/move`, A.admin, { parentId: b.id });
});
