// A database's rows sorted and filtered (server/modules/wiki/properties/rows.ts rowQuery) through GET
// docs/summaries?parentId=<database>&sort=&dir=&filter=: numbers sort numerically, dates by date, select by the
// options' order, checkbox false before true, text without case, people by name, the built-in sorts; empty
// values last either way; every filter operator of every type; a filter or sort naming a property not of the
// database, an operator its type does not take or a missing value: 400 common.validation.
import { beforeAll, describe, expect, test } from "vitest";
import type { SummaryPage } from "../../shared/wiki/documents.ts";
import type { Property, RowFilter } from "../../shared/wiki/properties.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, makeProperty, wikiCast, type WikiCompany } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

let db: number;
let p: Record<"text" | "amount" | "stage" | "due" | "at" | "tags" | "owner" | "done" | "site", Property>;
/** The rows by name: r1..r4 (r4 has no values). */
const r: Record<string, number> = {};
const opt = (prop: Property, name: string) => prop.config.options!.find((o) => o.name === name)!.id;

function query(q: { sort?: string; dir?: string; filter?: RowFilter[] | string }): string {
  const s = new URLSearchParams({ parentId: String(db) });
  if (q.sort) s.set("sort", q.sort);
  if (q.dir) s.set("dir", q.dir);
  if (q.filter !== undefined) s.set("filter", typeof q.filter === "string" ? q.filter : JSON.stringify(q.filter));
  return `docs/summaries?${s}`;
}
/** The row names the summaries answer, in order. */
async function rows(q: { sort?: string; dir?: string; filter?: RowFilter[] | string }): Promise<string[]> {
  const page = await api.ok<SummaryPage>(200, "GET", query(q), A.dev);
  const names = new Map(Object.entries(r).map(([k, v]) => [v, k]));
  return page.documents.map((d) => names.get(d.id) ?? `?${d.id}`);
}
const sorted = (sort: string, dir = "asc") => rows({ sort, dir });
const filtered = (...filter: RowFilter[]) => rows({ filter });

beforeAll(async () => {
  t.clock.set(new Date("2026-12-05T01:00:00Z"));
  ({ api, A } = await wikiCast(t, "rows"));
  db = (await makeDoc(t, A.author, { title: "거래처", type: "database" })).id;
  const mk = (name: string, type: Property["type"], config: Record<string, unknown> = {}) => makeProperty(t, A.author, db, { name, type, config });
  p = {
    text: await mk("메모", "text"),
    amount: await mk("금액", "number"),
    stage: await mk("단계", "select", { options: [{ name: "신규" }, { name: "진행" }, { name: "계약" }] }),
    due: await mk("마감", "date"),
    at: await mk("일시", "date", { includeTime: true }),
    tags: await mk("태그", "multi_select", { options: [{ name: "A" }, { name: "B" }, { name: "C" }] }),
    owner: await mk("담당", "person"),
    done: await mk("완료", "checkbox"),
    site: await mk("사이트", "url"),
  };
  // 계약 first: select sorts by the options' order, not by name or creation.
  p.stage = await api.ok(200, "POST", `properties/${p.stage.id}/config/select/options/${opt(p.stage, "계약")}/move`, A.author, { prevId: null });
  for (const [name, title] of [["r1", "다"], ["r2", "가"], ["r3", "라"], ["r4", "나"]]) {
    t.clock.advance(60_000);
    r[name] = (await makeDoc(t, A.author, { title, parentId: db })).id;
  }
  const put = (row: number, values: unknown[]) => api.ok(200, "PUT", `docs/${row}/property-values`, A.author, { values });
  t.clock.advance(60_000);
  await put(r.r1, [
    { propertyId: p.text.id, textValue: "Alpha deal" }, { propertyId: p.amount.id, numberValue: 300 },
    { propertyId: p.stage.id, textValue: opt(p.stage, "진행") }, { propertyId: p.due.id, textValue: "2026-12-10" },
    { propertyId: p.at.id, textValue: "2026-12-05T23:30:00Z" }, { propertyId: p.tags.id, jsonValue: [opt(p.tags, "A")] },
    { propertyId: p.owner.id, jsonValue: [A.dev.id] }, { propertyId: p.done.id, boolValue: true },
    { propertyId: p.site.id, textValue: "https://alpha.example" },
  ]);
  t.clock.advance(60_000);
  await put(r.r3, [
    { propertyId: p.text.id, textValue: "Gamma" }, { propertyId: p.amount.id, numberValue: 1000 },
    { propertyId: p.stage.id, textValue: opt(p.stage, "신규") }, { propertyId: p.due.id, textValue: "2026-12-10" },
    { propertyId: p.at.id, textValue: "2026-12-06T00:30:00Z" }, { propertyId: p.tags.id, jsonValue: [opt(p.tags, "C")] },
    { propertyId: p.owner.id, jsonValue: [A.author.id] },
  ]);
  t.clock.advance(60_000);
  await put(r.r2, [
    { propertyId: p.text.id, textValue: "beta" }, { propertyId: p.amount.id, numberValue: 20 },
    { propertyId: p.stage.id, textValue: opt(p.stage, "계약") }, { propertyId: p.due.id, textValue: "2026-12-01" },
    { propertyId: p.tags.id, jsonValue: [opt(p.tags, "A"), opt(p.tags, "B")] },
    { propertyId: p.owner.id, jsonValue: [A.sales.id, A.dev.id] }, { propertyId: p.done.id, boolValue: false },
  ]);
});

describe("sort", () => {
  test("no sort: the rows' own order; the built-in sorts", async () => {
    expect(await rows({})).toEqual(["r1", "r2", "r3", "r4"]);
    expect(await sorted("title")).toEqual(["r2", "r4", "r1", "r3"]); // 가 나 다 라
    expect(await sorted("title", "desc")).toEqual(["r3", "r1", "r4", "r2"]);
    expect(await sorted("createdTime", "desc")).toEqual(["r4", "r3", "r2", "r1"]);
    // A value change marks the row modified: r2's values were set last, r4's never.
    expect(await sorted("lastModifiedTime", "desc")).toEqual(["r2", "r3", "r1", "r4"]);
  });

  test("numbers numerically, empty last either way", async () => {
    expect(await sorted(String(p.amount.id))).toEqual(["r2", "r1", "r3", "r4"]); // 20, 300, 1000
    expect(await sorted(String(p.amount.id), "desc")).toEqual(["r3", "r1", "r2", "r4"]);
  });

  test("select by the options' order; multi-select by its first option", async () => {
    expect(await sorted(String(p.stage.id))).toEqual(["r2", "r3", "r1", "r4"]); // 계약, 신규, 진행
    expect(await sorted(String(p.stage.id), "desc")).toEqual(["r1", "r3", "r2", "r4"]);
    expect(await sorted(String(p.tags.id))).toEqual(["r1", "r2", "r3", "r4"]); // A, A+B, C (ties: own order)
    expect(await sorted(String(p.tags.id), "desc")).toEqual(["r3", "r1", "r2", "r4"]);
  });

  test("dates by date (ties in the rows' order), instants by time", async () => {
    expect(await sorted(String(p.due.id))).toEqual(["r2", "r1", "r3", "r4"]);
    expect(await sorted(String(p.due.id), "desc")).toEqual(["r1", "r3", "r2", "r4"]);
    expect(await sorted(String(p.at.id), "desc")).toEqual(["r3", "r1", "r2", "r4"]);
  });

  test("checkbox false before true (unset is unchecked); text without case; people by name", async () => {
    expect(await sorted(String(p.done.id))).toEqual(["r2", "r3", "r4", "r1"]);
    expect(await sorted(String(p.done.id), "desc")).toEqual(["r1", "r2", "r3", "r4"]);
    expect(await sorted(String(p.text.id))).toEqual(["r1", "r2", "r3", "r4"]); // Alpha, beta, Gamma
    expect(await sorted(String(p.text.id), "desc")).toEqual(["r3", "r2", "r1", "r4"]);
    expect(await sorted(String(p.owner.id))).toEqual(["r3", "r2", "r1", "r4"]); // 김작성, 이영업, 최개발
  });

  test("a sort that names nothing of this database: 400 common.validation", async () => {
    const other = await makeProperty(t, A.author, (await makeDoc(t, A.author, { title: "다른 DB", type: "database" })).id, {
      name: "x", type: "number", config: {},
    });
    for (const sort of [String(other.id), "999999999", "bogus"]) {
      await api.fails(400, "common.validation", "GET", query({ sort }), A.dev);
    }
    await api.fails(400, "common.validation", "GET", query({ sort: "title", dir: "up" }), A.dev);
  });
});

describe("filter", () => {
  const f = (prop: () => Property, op: RowFilter["op"], value?: string | number): RowFilter =>
    value === undefined ? { propertyId: prop().id, op } : { propertyId: prop().id, op, value };

  test("text and URL", async () => {
    expect(await filtered(f(() => p.text, "contains", "ALP"))).toEqual(["r1"]);
    expect(await filtered(f(() => p.text, "not_contains", "eta"))).toEqual(["r1", "r3", "r4"]);
    expect(await filtered(f(() => p.text, "eq", "beta"))).toEqual(["r2"]);
    expect(await filtered(f(() => p.text, "neq", "beta"))).toEqual(["r1", "r3", "r4"]);
    expect(await filtered(f(() => p.text, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.text, "not_empty"))).toEqual(["r1", "r2", "r3"]);
    expect(await filtered(f(() => p.site, "contains", "alpha."))).toEqual(["r1"]);
    expect(await filtered(f(() => p.site, "empty"))).toEqual(["r2", "r3", "r4"]);
    // Wildcards of LIKE are plain text here.
    expect(await filtered(f(() => p.text, "contains", "%"))).toEqual([]);
  });

  test("numbers", async () => {
    expect(await filtered(f(() => p.amount, "gt", 100))).toEqual(["r1", "r3"]);
    expect(await filtered(f(() => p.amount, "lt", 100))).toEqual(["r2"]);
    expect(await filtered(f(() => p.amount, "eq", 300))).toEqual(["r1"]);
    expect(await filtered(f(() => p.amount, "eq", "300"))).toEqual(["r1"]);
    expect(await filtered(f(() => p.amount, "neq", 300))).toEqual(["r2", "r3", "r4"]);
    expect(await filtered(f(() => p.amount, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.amount, "not_empty"))).toEqual(["r1", "r2", "r3"]);
  });

  test("select and multi-select", async () => {
    expect(await filtered(f(() => p.stage, "eq", opt(p.stage, "진행")))).toEqual(["r1"]);
    expect(await filtered(f(() => p.stage, "neq", opt(p.stage, "진행")))).toEqual(["r2", "r3", "r4"]);
    expect(await filtered(f(() => p.stage, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.stage, "not_empty"))).toEqual(["r1", "r2", "r3"]);
    expect(await filtered(f(() => p.tags, "contains", opt(p.tags, "B")))).toEqual(["r2"]);
    expect(await filtered(f(() => p.tags, "contains", opt(p.tags, "A")))).toEqual(["r1", "r2"]);
    expect(await filtered(f(() => p.tags, "not_contains", opt(p.tags, "A")))).toEqual(["r3", "r4"]);
    expect(await filtered(f(() => p.tags, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.tags, "not_empty"))).toEqual(["r1", "r2", "r3"]);
  });

  test("dates by day (an instant by its UTC day)", async () => {
    expect(await filtered(f(() => p.due, "eq", "2026-12-10"))).toEqual(["r1", "r3"]);
    expect(await filtered(f(() => p.due, "gt", "2026-12-01"))).toEqual(["r1", "r3"]);
    expect(await filtered(f(() => p.due, "lt", "2026-12-10"))).toEqual(["r2"]);
    expect(await filtered(f(() => p.due, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.due, "not_empty"))).toEqual(["r1", "r2", "r3"]);
    expect(await filtered(f(() => p.at, "eq", "2026-12-05"))).toEqual(["r1"]);
    expect(await filtered(f(() => p.at, "gt", "2026-12-05"))).toEqual(["r3"]);
  });

  test("people and checkbox", async () => {
    expect(await filtered(f(() => p.owner, "contains", A.dev.id))).toEqual(["r1", "r2"]);
    expect(await filtered(f(() => p.owner, "not_contains", A.dev.id))).toEqual(["r3", "r4"]);
    expect(await filtered(f(() => p.owner, "empty"))).toEqual(["r4"]);
    expect(await filtered(f(() => p.done, "checked"))).toEqual(["r1"]);
    expect(await filtered(f(() => p.done, "unchecked"))).toEqual(["r2", "r3", "r4"]);
  });

  test("every filter must hold; filters with a sort", async () => {
    expect(await filtered(f(() => p.amount, "gt", 10), f(() => p.stage, "neq", opt(p.stage, "신규")))).toEqual(["r1", "r2"]);
    expect(await rows({ filter: [f(() => p.amount, "not_empty")], sort: String(p.amount.id), dir: "desc" })).toEqual(["r3", "r1", "r2"]);
    expect(await filtered()).toEqual(["r1", "r2", "r3", "r4"]);
  });

  test("bad filters: 400 common.validation", async () => {
    const other = await makeProperty(t, A.author, (await makeDoc(t, A.author, { title: "또 다른 DB", type: "database" })).id, {
      name: "x", type: "text", config: {},
    });
    const bad = async (filter: unknown) => await api.fails(400, "common.validation", "GET", query({ filter: typeof filter === "string" ? filter : JSON.stringify(filter) }), A.dev);
    await bad("not json");
    await bad({ propertyId: p.text.id, op: "eq", value: "x" }); // not a list
    await bad([{ propertyId: other.id, op: "eq", value: "x" }]); // another database's property
    await bad([{ propertyId: p.done.id, op: "contains", value: "x" }]); // an operator the type does not take
    await bad([{ propertyId: p.amount.id, op: "contains", value: 1 }]);
    await bad([{ propertyId: p.text.id, op: "like", value: "x" }]);
    await bad([{ propertyId: p.text.id, op: "eq" }]); // no value
    await bad([{ propertyId: p.amount.id, op: "gt", value: "many" }]);
    await bad([{ propertyId: p.due.id, op: "gt", value: "tomorrow" }]);
    await bad([{ propertyId: p.owner.id, op: "contains", value: "kim" }]);
  });
});
