// Favourites, recent documents and last read (shared/wiki/personal.ts): adding, the list by order, moving with
// prevId, removing, the limits and conflicts, documents the caller can no longer read (a restricted sub-tree,
// trash) left out of every list, recent reads recorded by GET docs/{id}?trackRecent=true newest first up to
// RECENT_MAX, and others' and company B's ids answering like missing ones.
import { beforeAll, describe, expect, it } from "vitest";
import { FAVORITES_MAX, RECENT_MAX } from "../../shared/wiki/constants.ts";
import type { Favorite, LastRead, RecentDoc } from "../../shared/wiki/personal.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
type Who = { token: string };

let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

const doc = async (who: Who, title: string, parentId: number | null = null) => (await makeDoc(t, who, { title, parentId })).id;
const favs = (who: Who) => api.ok<Favorite[]>(200, "GET", "users/favorites", who);
const fav = (who: Who, documentId: number) => api.ok<Favorite>(201, "POST", "users/favorites", who, { documentId });
const recent = (who: Who) => api.ok<RecentDoc[]>(200, "GET", "users/recent", who);
const lastRead = (who: Who) => api.ok<LastRead | null>(200, "GET", "users/last-read", who);
const open = async (who: Who, id: number, track = true) => {
  t.clock.advance(1000);
  await api.ok(200, "GET", `docs/${id}?trackRecent=${track}`, who);
};
const restrict = (who: Who, id: number, members: unknown[]) => api.ok(200, "PUT", `docs/${id}/permissions`, who, { members });

beforeAll(async () => {
  ({ api, A, B } = await wikiCast(t, "wiki-personal"));
});

describe("favourites", () => {
  it("are added last, listed by order with their document, moved with prevId and removed", async () => {
    const ids = [await doc(A.author, "업무 매뉴얼"), await doc(A.author, "휴가 규정"), await doc(A.author, "복지 안내")];
    const child = await doc(A.author, "연차 계산", ids[1]);
    const first = await fav(A.sales, ids[0]);
    expect(first).toMatchObject({ sortOrder: 0, documentId: ids[0] });
    expect(first.document).toMatchObject({ id: ids[0], title: "업무 매뉴얼", type: "document", status: "PUBLISHED", accessLevel: "WRITE", childCount: 0 });
    const second = await fav(A.sales, ids[1]);
    expect(second.document.childCount).toBe(1);
    const third = await fav(A.sales, ids[2]);
    expect((await favs(A.sales)).map((f) => f.documentId)).toEqual(ids);
    expect(await favs(A.author)).toEqual([]);

    // The third first, then the first after the third's successor.
    let list = await api.ok<Favorite[]>(200, "PATCH", `users/favorites/${third.id}`, A.sales, { prevId: null });
    expect(list.map((f) => f.documentId)).toEqual([ids[2], ids[0], ids[1]]);
    expect(list.map((f) => f.sortOrder)).toEqual([0, 1, 2]);
    list = await api.ok<Favorite[]>(200, "PATCH", `users/favorites/${first.id}`, A.sales, { prevId: second.id });
    expect(list.map((f) => f.documentId)).toEqual([ids[2], ids[1], ids[0]]);
    list = await api.ok<Favorite[]>(200, "PATCH", `users/favorites/${first.id}`, A.sales, {});
    expect(list.map((f) => f.documentId)).toEqual([ids[0], ids[2], ids[1]]);
    expect(await favs(A.sales)).toEqual(list);

    expect(await api.ok(200, "DELETE", `users/favorites/${third.id}`, A.sales)).toEqual({ id: third.id });
    expect((await favs(A.sales)).map((f) => f.documentId)).toEqual([ids[0], ids[1]]);
    await api.fails(404, "wiki.favorite_not_found", "DELETE", `users/favorites/${third.id}`, A.sales);
    // A new one goes last.
    await fav(A.sales, child);
    expect((await favs(A.sales)).map((f) => f.documentId)).toEqual([ids[0], ids[1], child]);
  });

  it("refuse a document twice, an unreadable, missing, foreign or trashed one, and bad input", async () => {
    const id = await doc(A.author, "보안 점검표");
    const secret = await doc(A.author, "임원 회의");
    await restrict(A.author, secret, [{ userId: A.sales.id, accessLevel: "READ" }]);
    const bDoc = await doc(B.author, "B 사내 규정");
    await fav(A.dev, id);
    await api.fails(409, "wiki.favorite_exists", "POST", "users/favorites", A.dev, { documentId: id });
    await api.fails(403, "wiki.no_access", "POST", "users/favorites", A.dev, { documentId: secret });
    await api.fails(404, "wiki.not_found", "POST", "users/favorites", A.dev, { documentId: bDoc });
    await api.fails(404, "wiki.not_found", "POST", "users/favorites", A.dev, { documentId: 999999999 });
    const trashed = await doc(A.author, "폐기 문서");
    await api.ok(200, "DELETE", `docs/${trashed}`, A.author);
    await api.fails(409, "wiki.not_editable", "POST", "users/favorites", A.dev, { documentId: trashed });
    for (const bad of [{}, { documentId: "x" }, { documentId: -1 }, { documentId: 1.5 }]) {
      await api.fails(400, "common.validation", "POST", "users/favorites", A.dev, bad);
    }
    expect((await favs(A.dev)).map((f) => f.documentId)).toEqual([id]);
  });

  it("of someone else, or of company B, answer like missing ones", async () => {
    const id = await doc(A.author, "출장 규정");
    const mine = await fav(A.author, id);
    const other = await fav(A.sales, id);
    await api.fails(404, "wiki.favorite_not_found", "PATCH", `users/favorites/${other.id}`, A.author, { prevId: null });
    await api.fails(404, "wiki.favorite_not_found", "PATCH", `users/favorites/${mine.id}`, A.author, { prevId: other.id });
    await api.fails(404, "wiki.favorite_not_found", "DELETE", `users/favorites/${other.id}`, A.author);
    await api.fails(404, "wiki.favorite_not_found", "DELETE", `users/favorites/${mine.id}`, B.admin);
    await api.fails(404, "wiki.favorite_not_found", "PATCH", "users/favorites/abc", A.author, { prevId: null });
    await api.fails(400, "common.validation", "PATCH", `users/favorites/${mine.id}`, A.author, { prevId: "first" });
    expect((await favs(A.sales)).map((f) => f.id)).toContain(other.id);
  });

  it("of documents the caller can no longer read are left out, and come back when they may again", async () => {
    const root = await doc(A.author, "영업 비밀");
    const child = await doc(A.author, "거래처 목록", root);
    const open = await doc(A.author, "공개 자료");
    for (const id of [root, child, open]) await fav(A.dev, id);
    const mine = async () => (await favs(A.dev)).map((f) => f.documentId).filter((id) => [root, child, open].includes(id));
    expect(await mine()).toEqual([root, child, open]);
    await restrict(A.author, root, [{ organId: A.organs.sales, accessLevel: "READ" }]);
    expect(await mine()).toEqual([open]);
    expect((await favs(A.salesPart)).length).toBe(0);
    await api.ok(200, "DELETE", `docs/${root}/permissions`, A.author);
    expect(await mine()).toEqual([root, child, open]);
    // Nor documents in trash.
    await api.ok(200, "DELETE", `docs/${root}`, A.author);
    expect(await mine()).toEqual([open]);
  });

  it(`stop at ${FAVORITES_MAX}`, async () => {
    const who = A.salesPart;
    await t.db.sql`
      with docs as (
        insert into wiki_docs (company_id, title, path, created_by, created_at, updated_at)
        select ${A.co.companyId}, '문서 ' || g, '', ${who.id}, now(), now() from generate_series(1, ${FAVORITES_MAX}) g returning id)
      insert into wiki_favorites (company_id, user_id, doc_id, sort_order, created_at)
      select ${A.co.companyId}, ${who.id}, id, row_number() over (order by id), now() from docs`;
    await t.db.sql`update wiki_docs set path = id::text where path = ''`;
    expect((await favs(who)).length).toBe(FAVORITES_MAX);
    const id = await doc(A.author, "하나 더");
    const body = await api.fails(409, "wiki.favorites_max", "POST", "users/favorites", who, { documentId: id });
    expect(body.params).toEqual({ max: FAVORITES_MAX });
  });
});

describe("recent documents and last read", () => {
  it("are the documents opened with trackRecent, newest first, each once", async () => {
    const ids = [await doc(A.author, "주간 보고"), await doc(A.author, "월간 보고"), await doc(A.author, "연간 계획")];
    const who = A.dev;
    expect(await recent(who)).toEqual([]);
    expect(await lastRead(who)).toBeNull();
    await open(who, ids[0]);
    await open(who, ids[1]);
    await open(who, ids[2], false);
    const before = t.clock.now().getTime();
    await open(who, ids[0]);
    const list = await recent(who);
    expect(list.map((d) => d.id)).toEqual([ids[0], ids[1]]);
    expect(list[0]).toMatchObject({ title: "주간 보고", accessLevel: "WRITE", status: "PUBLISHED", readTime: before + 1000 });
    expect(list[1].readTime).toBe(before - 1000);
    expect(await lastRead(who)).toEqual({ documentId: ids[0], readTime: before + 1000 });
    // Someone else's reads are theirs.
    expect(await recent(A.sales)).toEqual([]);
    expect(await recent(B.dev)).toEqual([]);
    expect(await lastRead(B.dev)).toBeNull();
  });

  it("leave out a restricted sub-tree for an outsider and documents in trash", async () => {
    const root = await doc(A.author, "인사 평가");
    const child = await doc(A.author, "평가 기준", root);
    const other = await doc(A.author, "사내 동호회");
    const trashed = await doc(A.author, "옛 조직도");
    const who = A.salesPart;
    for (const id of [other, trashed, root, child]) await open(who, id);
    expect((await recent(who)).map((d) => d.id)).toEqual([child, root, trashed, other]);
    await restrict(A.author, root, [{ userId: A.sales.id, accessLevel: "READ" }]);
    await api.ok(200, "DELETE", `docs/${trashed}`, A.author);
    expect((await recent(who)).map((d) => d.id)).toEqual([other]);
    expect((await lastRead(who))?.documentId).toBe(other);
    // One who may read them still has them.
    await open(A.sales, child);
    expect((await recent(A.sales)).map((d) => d.id)).toEqual([child]);
  });

  it(`keep the newest ${RECENT_MAX}`, async () => {
    const who = A.admin;
    await t.db.sql`
      with docs as (
        insert into wiki_docs (company_id, title, path, created_by, created_at, updated_at)
        select ${A.co.companyId}, '읽은 문서 ' || g, '', ${A.author.id}, now(), now() from generate_series(1, ${RECENT_MAX + 5}) g returning id)
      insert into wiki_reads (user_id, doc_id, company_id, read_at)
      select ${who.id}, id, ${A.co.companyId}, timestamptz '2026-01-01' + id * interval '1 second' from docs`;
    await t.db.sql`update wiki_docs set path = id::text where path = ''`;
    const list = await recent(who);
    expect(list.length).toBe(RECENT_MAX);
    const times = list.map((d) => d.readTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await lastRead(who))?.documentId).toBe(list[0].id);
  });
});
