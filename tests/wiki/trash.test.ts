// Delete, the trash, restore and purge (shared/wiki/documents.ts): a delete removes the document with its
// PUBLISHED sub-documents (removed_with); the trash lists only what a delete removed, to those with WRITE,
// newest first, by title keyword; a restore brings back exactly what went with it, at the top level when the
// parent is in trash itself; a purge (OWNER) deletes the rows with their files (storage given back); the job
// purges what has been in trash TRASH_DAYS.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { TRASH_DAYS } from "../../shared/wiki/constants.ts";
import type { Page } from "../../shared/paging.ts";
import type { SummaryPage, TrashedDoc, WikiDocument } from "../../shared/wiki/documents.ts";
import { refreshSubtree } from "../../server/modules/wiki/access.ts";
import { purgeExpiredTrash } from "../../server/modules/wiki/docs/trash.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await wikiCast(t, "wiki-trash"));
});

const trash = (who: { token: string } = A.author, q = "") => api.ok<Page<TrashedDoc>>(200, "GET", `trash/docs${q}`, who);
const statusOf = async (id: number) => (await t.db.sql`select status, removed_with from wiki_docs where id = ${id}`)[0];

test("delete removes the subtree; trash lists the deleted one; restore brings back exactly what went with it", async () => {
  const root = await makeDoc(t, A.author, { title: "프로젝트 보관" });
  const child = await makeDoc(t, A.author, { title: "하위 계획", parentId: root.id });
  const grand = await makeDoc(t, A.author, { title: "세부 일정", parentId: child.id });
  const earlier = await makeDoc(t, A.author, { title: "먼저 지운 것", parentId: root.id });

  t.clock.advance(1000);
  const e = await api.ok(200, "DELETE", `docs/${earlier.id}`, A.sales);
  expect(e).toEqual({ id: earlier.id, deletedTime: t.clock.now().getTime() });
  t.clock.advance(1000);
  await api.ok(200, "DELETE", `docs/${root.id}`, A.author);
  for (const id of [root.id, child.id, grand.id]) expect(await statusOf(id)).toMatchObject({ status: "REMOVED", removed_with: String(root.id) });
  expect(await statusOf(earlier.id)).toMatchObject({ status: "REMOVED", removed_with: String(earlier.id) });

  // A removed document reads as REMOVED, not editable; changes to it answer 409.
  const gone = await api.ok<WikiDocument>(200, "GET", `docs/${child.id}`, A.author);
  expect(gone).toMatchObject({ status: "REMOVED", editable: false, deletedTime: t.clock.now().getTime() });
  await api.fails(409, "wiki.not_editable", "PATCH", `docs/${child.id}`, A.author, { title: "x" });
  await api.fails(409, "wiki.not_editable", "DELETE", `docs/${child.id}`, A.author);
  await api.fails(409, "wiki.not_editable", "POST", "docs", A.author, { title: "x", parentId: child.id });
  const top = await api.ok<SummaryPage>(200, "GET", "docs/summaries", A.author);
  expect(top.documents.map((d) => d.id)).not.toContain(root.id);

  const list = await trash();
  expect(list.content.map((d) => d.id)).toEqual([root.id, earlier.id]);
  expect(list.totalElements).toBe(2);
  expect(list.content[0]).toMatchObject({ status: "REMOVED", deletedBy: { id: A.author.id, accountName: "김작성" }, breadcrumbs: [] });
  expect(list.content[1]).toMatchObject({ deletedBy: { id: A.sales.id }, breadcrumbs: [{ id: root.id, title: "프로젝트 보관", readable: true }] });
  expect((await trash(A.author, `?keyword=${encodeURIComponent("보관")}`)).content.map((d) => d.id)).toEqual([root.id]);
  expect((await trash(A.author, `?keyword=${encodeURIComponent("없는말")}`)).content).toEqual([]);
  await api.fails(400, "common.validation", "GET", `trash/docs?size=0`, A.author);

  // Only the one a delete removed is in trash; a sub-document removed with it is not.
  await api.fails(409, "wiki.not_in_trash", "PATCH", `trash/docs/${child.id}/restore`, A.author);
  const back = await api.ok<WikiDocument>(200, "PATCH", `trash/docs/${root.id}/restore`, A.sales);
  expect(back).toMatchObject({ status: "PUBLISHED", editable: true, deletedTime: null });
  expect(back.children.map((c) => c.id)).toEqual([child.id]);
  expect(await statusOf(grand.id)).toMatchObject({ status: "PUBLISHED", removed_with: null });
  expect(await statusOf(earlier.id)).toMatchObject({ status: "REMOVED" }); // deleted on its own: still in trash
  await api.fails(409, "wiki.not_in_trash", "PATCH", `trash/docs/${root.id}/restore`, A.author);
  expect((await trash()).content.map((d) => d.id)).toEqual([earlier.id]);
});

test("restore under a parent in trash goes to the top level", async () => {
  const p = await makeDoc(t, A.author, { title: "부모" });
  const c = await makeDoc(t, A.author, { title: "자식", parentId: p.id });
  const g = await makeDoc(t, A.author, { title: "손주", parentId: c.id });
  await api.ok(200, "DELETE", `docs/${c.id}`, A.author);
  await api.ok(200, "DELETE", `docs/${p.id}`, A.author);
  const back = await api.ok<WikiDocument>(200, "PATCH", `trash/docs/${c.id}/restore`, A.author);
  expect(back).toMatchObject({ parentId: null, path: String(c.id), status: "PUBLISHED", breadcrumbs: [{ id: c.id }] });
  const top = await api.ok<SummaryPage>(200, "GET", "docs/summaries", A.author);
  expect(top.documents.at(-1)?.id).toBe(c.id);
  expect((await api.ok<WikiDocument>(200, "GET", `docs/${g.id}`, A.author)).path).toBe(`${c.id}/${g.id}`);
});

test("trash needs WRITE; purge needs OWNER and takes the rows, versions and files; another company's: 404", async () => {
  const d = await makeDoc(t, A.author, { title: "지울 자료" });
  const sub = await makeDoc(t, A.author, { title: "지울 하위", parentId: d.id });
  const now = t.clock.now().toISOString();
  await t.db.sql`insert into wiki_files (company_id, doc_id, uploader_id, name, size, content_type, blob_key, created_at)
    values (${A.co.companyId}, ${sub.id}, ${A.author.id}, 'a.pdf', 1000, 'application/pdf', ${"ab".repeat(32)}, ${now})`;
  const used = async () => Number((await t.db.sql`select used_size from users where id = ${A.author.id}`)[0].used_size);
  const usedBefore = await used();
  await api.ok(200, "DELETE", `docs/${d.id}`, A.author);
  // 개발팀 READ only: not in their trash, and they may not restore it.
  await t.deps.db.execute(sql`insert into wiki_permissions (company_id, doc_id, organ_id, access_level)
    values (${A.co.companyId}, ${d.id}, ${A.organs.dev}, 'READ'), (${A.co.companyId}, ${d.id}, ${A.organs.sales}, 'WRITE')`);
  await refreshSubtree(t.deps.db, A.co.companyId, d.id);
  expect((await trash(A.dev)).content.map((x) => x.id)).not.toContain(d.id);
  expect((await trash(A.sales)).content.map((x) => x.id)).toContain(d.id);
  await api.fails(403, "wiki.no_access", "PATCH", `trash/docs/${d.id}/restore`, A.dev);
  await api.fails(403, "wiki.no_access", "DELETE", `trash/docs/${d.id}`, A.sales); // WRITE is not OWNER
  await api.fails(404, "wiki.not_found", "DELETE", `trash/docs/${d.id}`, B.admin);
  await api.fails(404, "wiki.not_found", "PATCH", `trash/docs/${d.id}/restore`, B.admin);
  expect((await trash(B.admin)).content).toEqual([]);

  const alive = await makeDoc(t, A.author, { title: "살아있음" });
  await api.fails(409, "wiki.not_in_trash", "DELETE", `trash/docs/${alive.id}`, A.author);

  expect(await api.ok(200, "DELETE", `trash/docs/${d.id}`, A.author)).toEqual({ id: d.id });
  expect(await t.db.sql`select id from wiki_docs where id in (${d.id}, ${sub.id})`).toEqual([]);
  expect(await t.db.sql`select id from wiki_versions where doc_id in (${d.id}, ${sub.id})`).toEqual([]);
  expect(await t.db.sql`select id from wiki_files where doc_id = ${sub.id}`).toEqual([]);
  expect(await used()).toBe(usedBefore - 1000);
  await api.fails(404, "wiki.not_found", "DELETE", `trash/docs/${d.id}`, A.author);
});

test("the trash job purges what has been in trash TRASH_DAYS, and nothing newer", async () => {
  const old = await makeDoc(t, A.author, { title: "오래된 것" });
  const oldChild = await makeDoc(t, A.author, { title: "오래된 하위", parentId: old.id });
  const fresh = await makeDoc(t, A.author, { title: "최근 것" });
  await api.ok(200, "DELETE", `docs/${old.id}`, A.author);
  await api.ok(200, "DELETE", `docs/${fresh.id}`, A.author);
  // Removed TRASH_DAYS ago less a minute, then exactly TRASH_DAYS ago (the clock stays: tokens would expire).
  const removedAt = async (ms: number) =>
    await t.db.sql`update wiki_docs set deleted_at = ${new Date(t.clock.now().getTime() - ms).toISOString()}::timestamptz
      where removed_with = ${old.id}`;
  await removedAt(TRASH_DAYS * 24 * 60 * 60_000 - 60_000);
  expect(await purgeExpiredTrash(t.deps)).toBe(0);
  await removedAt(TRASH_DAYS * 24 * 60 * 60_000);
  expect(await purgeExpiredTrash(t.deps)).toBe(1);
  expect(await t.db.sql`select id from wiki_docs where id in (${old.id}, ${oldChild.id})`).toEqual([]);
  expect(await statusOf(fresh.id)).toMatchObject({ status: "REMOVED" });
});

test("every committed change is announced on the company's topic: ids and kind only", async () => {
  const events: { topic: string; event: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish;
  t.deps.realtime.publish = (topic, event, data = {}) => {
    events.push({ topic, event, data: data as Record<string, unknown> });
    return original.call(t.deps.realtime, topic, event, data);
  };
  try {
    const p = await makeDoc(t, A.author, { title: "알림 부모" });
    const d = await makeDoc(t, A.author, { title: "알림", parentId: p.id });
    await api.ok(200, "PATCH", `docs/${d.id}`, A.author, { title: "알림 2" });
    await api.ok(200, "PATCH", `docs/${d.id}/move`, A.author, { parentId: null });
    await api.ok(200, "DELETE", `docs/${d.id}`, A.author);
    await api.ok(200, "PATCH", `trash/docs/${d.id}/restore`, A.author);
    await api.ok(200, "DELETE", `docs/${d.id}`, A.author);
    await api.ok(200, "DELETE", `trash/docs/${d.id}`, A.author);
    await api.fails(409, "wiki.move_invalid", "PATCH", `docs/${p.id}/move`, A.author, { parentId: p.id }); // nothing committed, nothing said
  } finally {
    t.deps.realtime.publish = original;
  }
  const mine = events.filter((e) => e.event === "WIKI_CHANGED");
  expect(new Set(mine.map((e) => e.topic))).toEqual(new Set([`/topic/wiki/company/${A.co.companyId}`]));
  expect(mine.slice(1).map((e) => [e.data.kind, e.data.parentId])).toEqual([
    ["created", mine[0].data.docId], ["updated", mine[0].data.docId], ["moved", 0], ["moved", mine[0].data.docId],
    ["removed", 0], ["restored", 0], ["removed", 0], ["purged", 0],
  ]);
});
