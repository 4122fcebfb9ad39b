// Row values (server/modules/wiki/properties/values.ts, shared/wiki/properties.ts PropertyValue): PUT
// docs/{id}/property-values sets the given values of a row (a document under a database: 409 wiki.not_row
// otherwise), each checked against its property's type (400 wiki.value_invalid with params.propertyId); a value
// with every field empty clears it; person values answer { id, username, accountName }; GET and DELETE
// property-values/{id}; WRITE on a PUBLISHED row; deleting an option clears select values and leaves
// multi-select lists without it; switching a date's time off cuts values to their day.
import { beforeAll, describe, expect, test } from "vitest";
import type { Property, PropertyValue } from "../../shared/wiki/properties.ts";
import { createTestApp } from "../support/test-app.ts";
import { removeDoc, restrict, wikiEvents } from "./property-support.ts";
import { makeDoc, makeProperty, wikiCast, type WikiCompany } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

let db: number;
let props: Record<"text" | "number" | "select" | "multi" | "date" | "time" | "person" | "check" | "url", Property>;
const opt = (p: Property, name: string) => p.config.options!.find((o) => o.name === name)!.id;
const row = async (title: string, parentId = db) => (await makeDoc(t, A.author, { title, parentId })).id;
const put = (docId: number, values: unknown[], who: { token: string } = A.sales) =>
  api.ok<PropertyValue[]>(200, "PUT", `docs/${docId}/property-values`, who, { values });
const invalid = async (docId: number, value: { propertyId: number } & Record<string, unknown>) => {
  const body = await api.fails(400, "wiki.value_invalid", "PUT", `docs/${docId}/property-values`, A.sales, { values: [value] });
  expect(body.params?.propertyId, JSON.stringify(body)).toBe(value.propertyId);
};

beforeAll(async () => {
  t.clock.set(new Date("2026-12-05T01:00:00Z"));
  ({ api, A, B } = await wikiCast(t, "values"));
  db = (await makeDoc(t, A.author, { title: "영업 기회", type: "database" })).id;
  const mk = (name: string, type: Property["type"], config: Record<string, unknown> = {}) =>
    makeProperty(t, A.author, db, { name, type, config });
  props = {
    text: await mk("메모", "text"),
    number: await mk("금액", "number"),
    select: await mk("단계", "select", { options: [{ name: "신규" }, { name: "계약" }] }),
    multi: await mk("태그", "multi_select", { options: [{ name: "A" }, { name: "B" }, { name: "C" }] }),
    date: await mk("일자", "date"),
    time: await mk("일시", "date", { includeTime: true }),
    person: await mk("담당", "person"),
    check: await mk("완료", "checkbox"),
    url: await mk("링크", "url"),
  };
});

describe("setting values", () => {
  test("every type stored in its field; person answered as people; lists in the options' order", async () => {
    const r = await row("기회 1");
    const p = props;
    const values = await put(r, [
      { propertyId: p.text.id, textValue: "첫 미팅" },
      { propertyId: p.number.id, numberValue: 1250000.5 },
      { propertyId: p.select.id, textValue: opt(p.select, "계약") },
      { propertyId: p.multi.id, jsonValue: [opt(p.multi, "C"), opt(p.multi, "A")] },
      { propertyId: p.date.id, textValue: "2026-12-31" },
      { propertyId: p.time.id, textValue: "2026-12-05T18:30:00+09:00" },
      { propertyId: p.person.id, jsonValue: [A.dev.id, A.sales.id] },
      { propertyId: p.check.id, boolValue: false },
      { propertyId: p.url.id, textValue: "https://example.com/deal?id=1" },
    ]);
    const by = new Map(values.map((v) => [v.propertyId, v]));
    const none = { textValue: null, numberValue: null, boolValue: null, jsonValue: null };
    const expectValue = (prop: Property, v: Partial<PropertyValue>) =>
      expect(by.get(prop.id)).toEqual({ id: expect.any(Number), documentId: r, propertyId: prop.id, ...none, ...v });
    expectValue(p.text, { textValue: "첫 미팅" });
    expectValue(p.number, { numberValue: 1250000.5 });
    expectValue(p.select, { textValue: opt(p.select, "계약") });
    expectValue(p.multi, { jsonValue: [opt(p.multi, "A"), opt(p.multi, "C")] });
    expectValue(p.date, { textValue: "2026-12-31" });
    expectValue(p.time, { textValue: "2026-12-05T09:30:00.000Z" });
    expectValue(p.person, {
      jsonValue: [
        { id: A.dev.id, username: A.dev.username, accountName: "최개발" },
        { id: A.sales.id, username: A.sales.username, accountName: "이영업" },
      ],
    });
    expectValue(p.check, { boolValue: false });
    expectValue(p.url, { textValue: "https://example.com/deal?id=1" });
    // In the properties' order.
    expect(values.map((v) => v.propertyId)).toEqual(Object.values(p).map((x) => x.id));

    expect(await api.ok(200, "GET", `property-values/${by.get(p.person.id)!.id}`, A.dev)).toEqual(by.get(p.person.id));
    // The row answers the same values.
    const doc = await api.ok(200, "GET", `docs/${r}/summary`, A.dev);
    expect(doc.propertyValues).toEqual(values);
  });

  test("only the given values change; an empty value clears it; a later PUT replaces", async () => {
    const r = await row("기회 2");
    await put(r, [{ propertyId: props.text.id, textValue: "a" }, { propertyId: props.number.id, numberValue: 3 }]);
    let values = await put(r, [{ propertyId: props.number.id, numberValue: 4 }]);
    expect(values.map((v) => [v.propertyId, v.textValue ?? v.numberValue])).toEqual([[props.text.id, "a"], [props.number.id, 4]]);
    values = await put(r, [
      { propertyId: props.text.id, textValue: null },
      { propertyId: props.number.id },
      { propertyId: props.multi.id, jsonValue: [] },
      { propertyId: props.url.id, textValue: "" },
    ]);
    expect(values).toEqual([]);
    const rows = await t.db.sql`select id from wiki_property_values where doc_id = ${r}`;
    expect(rows).toHaveLength(0);
    expect(await put(r, [])).toEqual([]);
  });

  test("values that do not fit their type: 400 wiki.value_invalid naming the property", async () => {
    const r = await row("기회 3");
    const p = props;
    await invalid(r, { propertyId: p.select.id, textValue: "no-such-option" });
    await invalid(r, { propertyId: p.select.id, textValue: opt(p.multi, "A") }); // another property's option
    await invalid(r, { propertyId: p.multi.id, jsonValue: [opt(p.multi, "A"), "nope"] });
    await invalid(r, { propertyId: p.multi.id, jsonValue: [opt(p.multi, "A"), opt(p.multi, "A")] });
    await invalid(r, { propertyId: p.multi.id, jsonValue: [1, 2] });
    await invalid(r, { propertyId: p.date.id, textValue: "2026-02-30" });
    await invalid(r, { propertyId: p.date.id, textValue: "12/05/2026" });
    await invalid(r, { propertyId: p.date.id, textValue: "2026-12-05T09:30:00Z" }); // no time on this one
    await invalid(r, { propertyId: p.time.id, textValue: "2026-12-05T25:30:00Z" });
    await invalid(r, { propertyId: p.url.id, textValue: "javascript:alert(1)" });
    await invalid(r, { propertyId: p.url.id, textValue: "ftp://example.com/x" });
    await invalid(r, { propertyId: p.url.id, textValue: "not a url" });
    await invalid(r, { propertyId: p.person.id, jsonValue: [B.dev.id] }); // another company's
    await invalid(r, { propertyId: p.person.id, jsonValue: [999999999] });
    await invalid(r, { propertyId: p.person.id, jsonValue: ["kim"] });
    await invalid(r, { propertyId: p.text.id, numberValue: 3 }); // the wrong field
    await invalid(r, { propertyId: p.check.id, textValue: "yes" });
    // A property of another database, or one twice.
    const other = await makeProperty(t, A.author, (await makeDoc(t, A.author, { title: "다른 DB", type: "database" })).id, {
      name: "x", type: "text", config: {},
    });
    await invalid(r, { propertyId: other.id, textValue: "x" });
    const twice = await api.fails(400, "wiki.value_invalid", "PUT", `docs/${r}/property-values`, A.sales, {
      values: [{ propertyId: p.text.id, textValue: "a" }, { propertyId: p.text.id, textValue: "b" }],
    });
    expect(twice.params?.propertyId).toBe(p.text.id);
    // Shapes zod refuses: 400 common.validation.
    await api.fails(400, "common.validation", "PUT", `docs/${r}/property-values`, A.sales, { values: [{ propertyId: p.number.id, numberValue: "3" }] });
    await api.fails(400, "common.validation", "PUT", `docs/${r}/property-values`, A.sales, { values: [{ textValue: "x" }] });
    await api.fails(400, "common.validation", "PUT", `docs/${r}/property-values`, A.sales, {});
    // Nothing was stored by any of them.
    expect(await t.db.sql`select id from wiki_property_values where doc_id = ${r}`).toHaveLength(0);
  });

  test("a person no longer active is refused", async () => {
    const r = await row("기회 4");
    const gone = await A.co.user("gone", [A.organs.dev]);
    await put(r, [{ propertyId: props.person.id, jsonValue: [gone.id] }]);
    await t.db.sql`update users set status = 'DELETED' where id = ${gone.id}`;
    await invalid(r, { propertyId: props.person.id, jsonValue: [gone.id] });
  });

  test("a document that is not a row: 409 wiki.not_row", async () => {
    const top = await makeDoc(t, A.author, { title: "일반 문서" });
    const child = await makeDoc(t, A.author, { title: "하위 문서", parentId: top.id });
    for (const id of [top.id, child.id, db]) {
      await api.fails(409, "wiki.not_row", "PUT", `docs/${id}/property-values`, A.sales, { values: [{ propertyId: props.text.id, textValue: "x" }] });
    }
  });

  test("WIKI_CHANGED updated for the row after a change", async () => {
    const r = await row("기회 5");
    const events = await wikiEvents(t, A.co.companyId, A.dev.username, async () => {
      const [v] = await put(r, [{ propertyId: props.text.id, textValue: "알림" }]);
      await api.ok(200, "DELETE", `property-values/${v.id}`, A.sales);
    });
    expect(events).toEqual([{ docId: r, parentId: db, kind: "updated" }, { docId: r, parentId: db, kind: "updated" }]);
  });
});

describe("get and delete one value", () => {
  test("GET and DELETE property-values/{id}; missing and foreign 404 wiki.value_not_found", async () => {
    const r = await row("기회 6");
    const [v] = await put(r, [{ propertyId: props.number.id, numberValue: 7 }]);
    expect(await api.ok(200, "GET", `property-values/${v.id}`, A.dev)).toEqual(v);
    await api.fails(404, "wiki.value_not_found", "GET", `property-values/${v.id}`, B.author);
    await api.fails(404, "wiki.value_not_found", "DELETE", `property-values/${v.id}`, B.author);
    await api.fails(404, "wiki.not_found", "PUT", `docs/${r}/property-values`, B.author, { values: [] });
    expect(await api.ok(200, "DELETE", `property-values/${v.id}`, A.dev)).toEqual({ id: v.id });
    await api.fails(404, "wiki.value_not_found", "GET", `property-values/${v.id}`, A.dev);
    await api.fails(404, "wiki.value_not_found", "DELETE", `property-values/${v.id}`, A.dev);
    await api.fails(404, "wiki.value_not_found", "GET", `property-values/999999999`, A.dev);
  });
});

describe("who may", () => {
  test("READ on the row may look, not change (403); NONE may not look; a trashed row is not editable", async () => {
    const r = await row("제한된 행");
    const [v] = await put(r, [{ propertyId: props.text.id, textValue: "비밀" }], A.author);
    await restrict(t, A.author, r, [{ userId: A.author.id, level: "OWNER" }, { userId: A.sales.id, level: "READ" }]);
    expect(await api.ok(200, "GET", `property-values/${v.id}`, A.sales)).toEqual(v);
    await api.fails(403, "wiki.no_access", "PUT", `docs/${r}/property-values`, A.sales, { values: [{ propertyId: props.text.id, textValue: "x" }] });
    await api.fails(403, "wiki.no_access", "DELETE", `property-values/${v.id}`, A.sales);
    await api.fails(403, "wiki.no_access", "GET", `property-values/${v.id}`, A.dev);
    expect((await put(r, [{ propertyId: props.text.id, textValue: "주인" }], A.author))[0].textValue).toBe("주인");

    await removeDoc(t, A.author, r);
    await api.fails(409, "wiki.not_editable", "PUT", `docs/${r}/property-values`, A.author, { values: [] });
    await api.fails(409, "wiki.not_editable", "DELETE", `property-values/${v.id}`, A.author);
  });
});

describe("values follow their property's changes", () => {
  test("deleting an option clears select values and takes it out of multi-select lists", async () => {
    const sel = await makeProperty(t, A.author, db, { name: "등급", type: "select", config: { options: [{ name: "상" }, { name: "하" }] } });
    const multi = await makeProperty(t, A.author, db, { name: "채널", type: "multi_select", config: { options: [{ name: "웹" }, { name: "전화" }] } });
    const [r1, r2] = [await row("옵션 1"), await row("옵션 2")];
    await put(r1, [{ propertyId: sel.id, textValue: opt(sel, "상") }, { propertyId: multi.id, jsonValue: [opt(multi, "웹"), opt(multi, "전화")] }]);
    await put(r2, [{ propertyId: sel.id, textValue: opt(sel, "하") }, { propertyId: multi.id, jsonValue: [opt(multi, "웹")] }]);

    await api.ok(200, "DELETE", `properties/${sel.id}/config/select/options/${opt(sel, "상")}`, A.sales);
    await api.ok(200, "DELETE", `properties/${multi.id}/config/select/options/${opt(multi, "웹")}`, A.sales);
    const of = async (r: number) =>
      (await api.ok(200, "GET", `docs/${r}/summary`, A.dev)).propertyValues
        .filter((v: PropertyValue) => v.propertyId === sel.id || v.propertyId === multi.id)
        .map((v: PropertyValue) => [v.propertyId, v.textValue ?? v.jsonValue]);
    expect(await of(r1)).toEqual([[multi.id, [opt(multi, "전화")]]]);
    expect(await of(r2)).toEqual([[sel.id, opt(sel, "하")]]);
  });

  test("moving options reorders multi-select lists; switching a date's time off cuts values to their day", async () => {
    const multi = await makeProperty(t, A.author, db, { name: "순서", type: "multi_select", config: { options: [{ name: "1" }, { name: "2" }] } });
    const when = await makeProperty(t, A.author, db, { name: "시각", type: "date", config: { includeTime: true } });
    const r = await row("순서 행");
    await put(r, [{ propertyId: multi.id, jsonValue: [opt(multi, "2"), opt(multi, "1")] }, { propertyId: when.id, textValue: "2026-12-05T23:30:00Z" }]);
    await api.ok(200, "POST", `properties/${multi.id}/config/select/options/${opt(multi, "2")}/move`, A.sales, { prevId: null });
    await api.ok(200, "PATCH", `properties/${when.id}/config`, A.sales, { includeTime: false });
    const values = (await api.ok(200, "GET", `docs/${r}/summary`, A.dev)).propertyValues as PropertyValue[];
    expect(values.find((v) => v.propertyId === multi.id)!.jsonValue).toEqual([opt(multi, "2"), opt(multi, "1")]);
    expect(values.find((v) => v.propertyId === when.id)!.textValue).toBe("2026-12-05");
  });
});
