// Database properties and select options (server/modules/wiki/properties/, shared/wiki/properties.ts): created,
// listed by sortOrder (a row lists its database's), renamed, configured, moved and deleted with WRITE on a
// PUBLISHED database; options added, renamed, recoloured, moved and deleted; the limits and duplicate names
// answer 409; a document that is not a database 409 wiki.not_database; READ may only look; another company's
// ids answer like missing ones; deleting a property takes it out of the database's view (001 §4).
import { beforeAll, describe, expect, test } from "vitest";
import { OPTIONS_MAX, PROPERTIES_MAX } from "../../shared/wiki/constants.ts";
import type { Property } from "../../shared/wiki/properties.ts";
import { createTestApp } from "../support/test-app.ts";
import { removeDoc, restrict, wikiEvents } from "./property-support.ts";
import { makeDoc, makeProperty, wikiCast, type WikiCompany } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

const database = async (co: WikiCompany, title: string, who = co.author) => (await makeDoc(t, who, { title, type: "database" })).id;
/** A document (a row when parentId is a database) made by `who`. */
const doc = async (who: { token: string }, title: string, parentId: number | null = null, type: "document" | "database" = "document") =>
  (await makeDoc(t, who, { title, parentId, type })).id;

beforeAll(async () => {
  t.clock.set(new Date("2026-12-05T01:00:00Z"));
  ({ api, A, B } = await wikiCast(t, "props"));
});

describe("creating and listing", () => {
  test("each type gets the config of its kind; the list is by sortOrder, a row lists its database's", async () => {
    const db = await database(A, "고객 목록");
    const name = await makeProperty(t, A.author, db, { name: " 이름 ", type: "text", config: { format: "won" } });
    expect(name).toEqual({ id: name.id, companyId: A.co.companyId, documentId: db, name: "이름", type: "text", config: {}, sortOrder: 0 });
    const amount = await makeProperty(t, A.author, db, { name: "금액", type: "number", config: {} });
    expect(amount.config).toEqual({ format: "plain" });
    const won = await makeProperty(t, A.author, db, { name: "원화", type: "number", config: { format: "won" } });
    expect(won.config).toEqual({ format: "won" });
    const due = await makeProperty(t, A.author, db, { name: "마감", type: "date", config: { includeTime: true } });
    expect(due.config).toEqual({ includeTime: true });
    const stage = await makeProperty(t, A.author, db, {
      name: "단계", type: "select", config: { options: [{ name: "신규", color: "blue" }, { name: "계약" }] },
    });
    expect(stage.config.options).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9_-]{4,40}$/), name: "신규", color: "blue", sortOrder: 0 },
      { id: expect.stringMatching(/^[A-Za-z0-9_-]{4,40}$/), name: "계약", color: "gray", sortOrder: 1 },
    ]);
    expect(stage.config.options![0].id).not.toBe(stage.config.options![1].id);
    expect([name, amount, won, due, stage].map((p) => p.sortOrder)).toEqual([0, 1, 2, 3, 4]);

    const list = await api.ok<Property[]>(200, "GET", `docs/${db}/properties`, A.dev);
    expect(list.map((p) => p.name)).toEqual(["이름", "금액", "원화", "마감", "단계"]);
    expect(await api.ok(200, "GET", `properties/${stage.id}`, A.dev)).toEqual(stage);

    const row = await doc(A.sales, "고객 1", db);
    expect((await api.ok<Property[]>(200, "GET", `docs/${row}/properties`, A.dev)).map((p) => p.id)).toEqual(list.map((p) => p.id));
    const page = await doc(A.sales, "그냥 문서");
    expect(await api.ok(200, "GET", `docs/${page}/properties`, A.dev)).toEqual([]);
  });

  test("bad bodies answer 400 common.validation; a document that is not a database 409", async () => {
    const db = await database(A, "검증");
    await api.fails(400, "common.validation", "POST", `docs/${db}/properties`, A.author, { name: "  ", type: "text" });
    await api.fails(400, "common.validation", "POST", `docs/${db}/properties`, A.author, { name: "x", type: "formula" });
    await api.fails(400, "common.validation", "POST", `docs/${db}/properties`, A.author, { name: "x".repeat(101), type: "text" });
    await api.fails(400, "common.validation", "POST", `docs/${db}/properties`, A.author, {
      name: "x", type: "select", config: { options: [{ name: "a", color: "neon" }] },
    });
    const page = await doc(A.author, "문서");
    await api.fails(409, "wiki.not_database", "POST", `docs/${page}/properties`, A.author, { name: "x", type: "text" });
    await api.fails(404, "wiki.not_found", "POST", `docs/999999999/properties`, A.author, { name: "x", type: "text" });
    expect(await api.ok(200, "GET", `docs/${db}/properties`, A.author)).toEqual([]);
  });

  test("option names are unique in a property, whatever their case (409 wiki.option_exists)", async () => {
    const db = await database(A, "중복");
    await api.fails(409, "wiki.option_exists", "POST", `docs/${db}/properties`, A.author, {
      name: "태그", type: "multi_select", config: { options: [{ name: "Urgent" }, { name: "urgent" }] },
    });
    const p = await makeProperty(t, A.author, db, { name: "태그", type: "multi_select", config: { options: [{ name: "Urgent" }] } });
    await api.fails(409, "wiki.option_exists", "POST", `properties/${p.id}/config/select/options`, A.author, { name: " URGENT " });
    expect((await api.ok<Property>(200, "GET", `properties/${p.id}`, A.author)).config.options!.map((o) => o.name)).toEqual(["Urgent"]);
  });

  test(`at most ${PROPERTIES_MAX} properties and ${OPTIONS_MAX} options (409)`, async () => {
    const db = await database(A, "한도");
    for (let i = 0; i < PROPERTIES_MAX; i++) await makeProperty(t, A.author, db, { name: `p${i}`, type: "text", config: {} });
    await api.fails(409, "wiki.properties_max", "POST", `docs/${db}/properties`, A.author, { name: "one more", type: "text" });
    expect(await api.ok<Property[]>(200, "GET", `docs/${db}/properties`, A.author)).toHaveLength(PROPERTIES_MAX);

    const other = await database(A, "옵션 한도");
    const options = Array.from({ length: OPTIONS_MAX }, (_, i) => ({ name: `o${i}` }));
    const sel = await makeProperty(t, A.author, other, { name: "s", type: "select", config: { options } });
    expect(sel.config.options).toHaveLength(OPTIONS_MAX);
    await api.fails(409, "wiki.options_max", "POST", `properties/${sel.id}/config/select/options`, A.author, { name: "more" });
  });
});

describe("changing properties", () => {
  test("rename, number format and date time; options only on select types", async () => {
    const db = await database(A, "변경");
    const p = await makeProperty(t, A.author, db, { name: "금액", type: "number", config: {} });
    expect(await api.ok(200, "PATCH", `properties/${p.id}/name`, A.sales, { name: "매출" })).toEqual({ ...p, name: "매출" });
    expect((await api.ok<Property>(200, "PATCH", `properties/${p.id}/config`, A.sales, { format: "comma" })).config).toEqual({ format: "comma" });
    await api.fails(400, "common.validation", "PATCH", `properties/${p.id}/config`, A.sales, { format: "yen" });
    await api.fails(400, "common.validation", "PATCH", `properties/${p.id}/name`, A.sales, { name: "" });
    await api.fails(400, "common.validation", "POST", `properties/${p.id}/config/select/options`, A.sales, { name: "a" });
    const d = await makeProperty(t, A.author, db, { name: "일자", type: "date", config: {} });
    expect((await api.ok<Property>(200, "PATCH", `properties/${d.id}/config`, A.sales, { includeTime: true })).config).toEqual({ includeTime: true });
    await api.fails(404, "wiki.property_not_found", "PATCH", `properties/999999999/name`, A.sales, { name: "x" });
  });

  test("options: add, rename, recolour, move, delete; a missing option 404 wiki.option_not_found", async () => {
    const db = await database(A, "옵션");
    const p = await makeProperty(t, A.author, db, { name: "상태", type: "select", config: { options: [{ name: "할 일" }] } });
    const todo = p.config.options![0].id;
    const added = await api.ok<Property>(201, "POST", `properties/${p.id}/config/select/options`, A.sales, { name: "진행", color: "yellow" });
    const doing = added.config.options![1].id;
    expect(added.config.options!.map((o) => [o.name, o.color, o.sortOrder])).toEqual([["할 일", "gray", 0], ["진행", "yellow", 1]]);
    const done = (await api.ok<Property>(201, "POST", `properties/${p.id}/config/select/options`, A.sales, { name: "완료" })).config.options![2].id;

    const renamed = await api.ok<Property>(200, "PATCH", `properties/${p.id}/config/select/options/${doing}`, A.sales, { name: "진행 중", color: "green" });
    expect(renamed.config.options![1]).toEqual({ id: doing, name: "진행 중", color: "green", sortOrder: 1 });
    // Its own name in another case is no clash; another option's name is.
    await api.ok(200, "PATCH", `properties/${p.id}/config/select/options/${doing}`, A.sales, { name: "진행 중" });
    await api.fails(409, "wiki.option_exists", "PATCH", `properties/${p.id}/config/select/options/${doing}`, A.sales, { name: "완료" });
    await api.fails(404, "wiki.option_not_found", "PATCH", `properties/${p.id}/config/select/options/nope`, A.sales, { name: "x" });

    const first = await api.ok<Property>(200, "POST", `properties/${p.id}/config/select/options/${done}/move`, A.sales, { prevId: null });
    expect(first.config.options!.map((o) => [o.id, o.sortOrder])).toEqual([[done, 0], [todo, 1], [doing, 2]]);
    const after = await api.ok<Property>(200, "POST", `properties/${p.id}/config/select/options/${done}/move`, A.sales, { prevId: doing });
    expect(after.config.options!.map((o) => o.id)).toEqual([todo, doing, done]);
    await api.fails(404, "wiki.option_not_found", "POST", `properties/${p.id}/config/select/options/${done}/move`, A.sales, { prevId: "nope" });

    const gone = await api.ok<Property>(200, "DELETE", `properties/${p.id}/config/select/options/${todo}`, A.sales);
    expect(gone.config.options!.map((o) => [o.id, o.sortOrder])).toEqual([[doing, 0], [done, 1]]);
    await api.fails(404, "wiki.option_not_found", "DELETE", `properties/${p.id}/config/select/options/${todo}`, A.sales);
  });

  test("move: after prevId (null: first); prevId of another database 404", async () => {
    const db = await database(A, "순서");
    const [a, b, c] = [
      await makeProperty(t, A.author, db, { name: "a", type: "text", config: {} }),
      await makeProperty(t, A.author, db, { name: "b", type: "text", config: {} }),
      await makeProperty(t, A.author, db, { name: "c", type: "text", config: {} }),
    ];
    const moved = await api.ok<Property[]>(200, "PATCH", `properties/${c.id}/move`, A.sales, { prevId: null });
    expect(moved.map((p) => [p.name, p.sortOrder])).toEqual([["c", 0], ["a", 1], ["b", 2]]);
    const again = await api.ok<Property[]>(200, "PATCH", `properties/${c.id}/move`, A.sales, { prevId: a.id });
    expect(again.map((p) => p.name)).toEqual(["a", "c", "b"]);
    expect((await api.ok<Property[]>(200, "GET", `docs/${db}/properties`, A.dev)).map((p) => p.name)).toEqual(["a", "c", "b"]);
    const elsewhere = await makeProperty(t, A.author, await database(A, "다른 곳"), { name: "z", type: "text", config: {} });
    await api.fails(404, "wiki.property_not_found", "PATCH", `properties/${b.id}/move`, A.sales, { prevId: elsewhere.id });
    await api.fails(400, "common.validation", "PATCH", `properties/${b.id}/move`, A.sales, { prevId: "a" });
  });

  test("delete: its values go and the database's view forgets it (sort, filters, group-by, hidden)", async () => {
    const db = await database(A, "삭제");
    const stage = await makeProperty(t, A.author, db, { name: "단계", type: "select", config: { options: [{ name: "신규" }] } });
    const keep = await makeProperty(t, A.author, db, { name: "메모", type: "text", config: {} });
    const row = await doc(A.author, "행", db);
    await api.ok(200, "PUT", `docs/${row}/property-values`, A.author, {
      values: [{ propertyId: stage.id, textValue: stage.config.options![0].id }, { propertyId: keep.id, textValue: "남김" }],
    });
    const view = {
      kind: "BOARD", sort: String(stage.id), dir: "desc",
      filters: [{ propertyId: stage.id, op: "eq", value: "x" }, { propertyId: keep.id, op: "not_empty" }],
      groupBy: stage.id, hidden: [keep.id, stage.id],
    };
    await t.db.sql`update wiki_docs set view_config = ${JSON.stringify(view)}::jsonb where id = ${db}`;

    expect(await api.ok(200, "DELETE", `properties/${stage.id}`, A.sales)).toEqual({ id: stage.id });
    await api.fails(404, "wiki.property_not_found", "GET", `properties/${stage.id}`, A.sales);
    expect((await api.ok<Property[]>(200, "GET", `docs/${db}/properties`, A.sales)).map((p) => p.id)).toEqual([keep.id]);
    const [v] = await t.db.sql<{ view_config: unknown }[]>`select view_config from wiki_docs where id = ${db}`;
    expect(v.view_config).toEqual({
      kind: "BOARD", sort: null, dir: "desc", filters: [{ propertyId: keep.id, op: "not_empty" }], groupBy: null, hidden: [keep.id],
    });
    const values = await t.db.sql<{ property_id: string }[]>`select property_id from wiki_property_values where doc_id = ${row}`;
    expect(values.map((x) => Number(x.property_id))).toEqual([keep.id]);

    // A view that names other properties only is left as it was.
    const other = await makeProperty(t, A.author, db, { name: "기타", type: "text", config: {} });
    await api.ok(200, "DELETE", `properties/${other.id}`, A.sales);
    const [w] = await t.db.sql<{ view_config: unknown }[]>`select view_config from wiki_docs where id = ${db}`;
    expect(w.view_config).toEqual(v.view_config);
  });

  test("every change tells the company WIKI_CHANGED kind properties for the database", async () => {
    const top = await doc(A.author, "상위");
    const db = await doc(A.author, "알림", top, "database");
    const events = await wikiEvents(t, A.co.companyId, A.dev.username, async () => {
      const p = await makeProperty(t, A.author, db, { name: "a", type: "select", config: {} });
      await api.ok(200, "PATCH", `properties/${p.id}/name`, A.author, { name: "b" });
      await api.ok(201, "POST", `properties/${p.id}/config/select/options`, A.author, { name: "o" });
      await api.ok(200, "PATCH", `properties/${p.id}/move`, A.author, { prevId: null });
      await api.ok(200, "DELETE", `properties/${p.id}`, A.author);
    });
    expect(events).toEqual(Array.from({ length: 5 }, () => ({ docId: db, parentId: top, kind: "properties" })));
  });
});

describe("who may", () => {
  test("READ may look but not change (403 wiki.no_access); NONE may not look; a trashed database is not editable", async () => {
    const db = await database(A, "제한");
    const p = await makeProperty(t, A.author, db, { name: "상태", type: "select", config: { options: [{ name: "a" }] } });
    await restrict(t, A.author, db, [{ userId: A.author.id, level: "OWNER" }, { organId: A.organs.sales, level: "READ" }]);
    const opt = p.config.options![0].id;

    // 박파트 is in 영업1파트 under 영업팀: READ through the organisation above.
    for (const reader of [A.sales, A.salesPart]) {
      expect((await api.ok<Property[]>(200, "GET", `docs/${db}/properties`, reader)).map((x) => x.id)).toEqual([p.id]);
      expect(await api.ok(200, "GET", `properties/${p.id}`, reader)).toEqual(p);
    }
    const no = (method: string, path: string, json?: unknown) => api.fails(403, "wiki.no_access", method, path, A.sales, json);
    await no("POST", `docs/${db}/properties`, { name: "x", type: "text" });
    await no("PATCH", `properties/${p.id}/name`, { name: "x" });
    await no("PATCH", `properties/${p.id}/config`, { format: "comma" });
    await no("POST", `properties/${p.id}/config/select/options`, { name: "b" });
    await no("PATCH", `properties/${p.id}/config/select/options/${opt}`, { name: "b" });
    await no("POST", `properties/${p.id}/config/select/options/${opt}/move`, { prevId: null });
    await no("DELETE", `properties/${p.id}/config/select/options/${opt}`);
    await no("PATCH", `properties/${p.id}/move`, { prevId: null });
    await no("DELETE", `properties/${p.id}`);
    await api.fails(403, "wiki.no_access", "GET", `docs/${db}/properties`, A.dev);
    await api.fails(403, "wiki.no_access", "GET", `properties/${p.id}`, A.dev);
    // The owner and the company admin may.
    await api.ok(200, "PATCH", `properties/${p.id}/name`, A.author, { name: "상태2" });
    await api.ok(200, "PATCH", `properties/${p.id}/name`, A.admin, { name: "상태3" });
    expect((await api.ok<Property>(200, "GET", `properties/${p.id}`, A.sales)).name).toBe("상태3");

    await removeDoc(t, A.author, db);
    await api.fails(409, "wiki.not_editable", "POST", `docs/${db}/properties`, A.author, { name: "x", type: "text" });
    await api.fails(409, "wiki.not_editable", "PATCH", `properties/${p.id}/name`, A.author, { name: "x" });
    await api.fails(409, "wiki.not_editable", "DELETE", `properties/${p.id}`, A.author);
  });

  test("another company's database, property and option answer like missing ones", async () => {
    const db = await database(A, "우리 회사");
    const p = await makeProperty(t, A.author, db, { name: "상태", type: "select", config: { options: [{ name: "a" }] } });
    const opt = p.config.options![0].id;
    const them = B.author;
    await api.fails(404, "wiki.not_found", "GET", `docs/${db}/properties`, them);
    await api.fails(404, "wiki.not_found", "POST", `docs/${db}/properties`, them, { name: "x", type: "text" });
    for (const [method, path, json] of [
      ["GET", `properties/${p.id}`],
      ["PATCH", `properties/${p.id}/name`, { name: "x" }],
      ["PATCH", `properties/${p.id}/config`, {}],
      ["POST", `properties/${p.id}/config/select/options`, { name: "b" }],
      ["PATCH", `properties/${p.id}/config/select/options/${opt}`, { name: "b" }],
      ["DELETE", `properties/${p.id}/config/select/options/${opt}`],
      ["POST", `properties/${p.id}/config/select/options/${opt}/move`, { prevId: null }],
      ["PATCH", `properties/${p.id}/move`, { prevId: null }],
      ["DELETE", `properties/${p.id}`],
    ] as [string, string, unknown?][]) {
      await api.fails(404, "wiki.property_not_found", method, path, them, json);
      await api.fails(404, "wiki.property_not_found", method, path.replace(String(p.id), "999999999"), A.author, json);
    }
    expect(await api.ok(200, "GET", `properties/${p.id}`, A.author)).toEqual(p);
  });
});
