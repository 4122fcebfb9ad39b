// Private cards (001 §7 api/contact/card, detail): every §3 field kept, the rules of 001 §5 (name and e-mail
// required, address and URL checks), bad input (NUL, over-long, wrong types), importance, relation, move,
// merge keeping every distinct value, trash and restore, the purge after 7 days, photos, another user's or
// company's card answering 404, and the module flag off (403 contact.disabled).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies.ts";
import { contactCards } from "../../db/schema/contacts.ts";
import { purgeTrash } from "../../server/modules/contacts/cards/service.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "cards-a.test");
  B = await company(t, "cards-b.test");
  api = contactsApi(t);
});

// A 1x1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const full = {
  userName: "김민수",
  firstName: "민수",
  lastName: "김",
  phoneticName: "Kim Minsu",
  emailList: ["Minsu.Kim@Example.com", "김민수 <minsu@home.example>"],
  telList: ["010-1234-5678", "02-555-0100"],
  telTypeList: ["CELL", "work"],
  company: "다우기술",
  organ: "개발팀",
  position: "과장",
  addrTypeList: ["WORK"],
  postList: ["06234"],
  localityList: ["서울"],
  streetAddressList: ["테헤란로 1"],
  regionList: ["서울특별시"],
  countryList: ["대한민국"],
  urlList: ["https://example.com/minsu", "example.org"],
  memo: "첫 만남: 전시회",
  birthday: "1985-03-07",
  importantStatus: true,
  photo: `data:image/png;base64,${PNG}`,
};

describe("add, detail, update", () => {
  it("keeps every field of the card (201) and answers it in the spec's list shape", async () => {
    const me = await A.user("full");
    const g = await api.addGroup(me, "거래처");
    const card = await api.addCard(me, { ...full, contactGroupIdList: [g.id] });
    expect(card).toMatchObject({
      userName: "김민수", firstName: "민수", lastName: "김", phoneticName: "Kim Minsu",
      emailList: ["minsu.kim@example.com", "minsu@home.example"],
      telList: ["010-1234-5678", "02-555-0100"], telTypeList: ["CELL", "WORK"],
      company: "다우기술", organ: "개발팀", position: "과장",
      addrTypeList: ["WORK"], postList: ["06234"], localityList: ["서울"], streetAddressList: ["테헤란로 1"],
      regionList: ["서울특별시"], countryList: ["대한민국"],
      urlList: ["https://example.com/minsu", "example.org"], memo: "첫 만남: 전시회", birthday: "1985-03-07",
      importantStatus: true, hasPhoto: true, contactGroupList: [{ id: g.id, groupName: "거래처" }], deletedTimeMillis: null,
    });
    expect(await api.detail(me, card.id)).toEqual(card);
    const photo = await t.app.request(`/api/contact/detail/${card.id}/photo`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await photo.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const byEmail = await api.ok<{ id: number }>(200, "GET", "/api/contact/detail?email=MINSU%40home.example", me);
    expect(byEmail.id).toBe(card.id);
    expect((await api.raw("GET", "/api/contact/detail?email=nobody%40example.com", me)).status).toBe(404);
  });

  it("builds the name from its parts and defaults every list to empty", async () => {
    const me = await A.user("parts");
    const ko = await api.addCard(me, { firstName: "지은", lastName: "이", emailList: ["jieun@example.com"] });
    expect(ko.userName).toBe("이지은");
    const en = await api.addCard(me, { firstName: "Jane", lastName: "Doe", emailList: ["jane@example.com"] });
    expect(en).toMatchObject({ userName: "Jane Doe", telList: [], telTypeList: [], urlList: [], addrTypeList: [], memo: "", birthday: "", importantStatus: false, hasPhoto: false, contactGroupList: [] });
  });

  it("updates the whole card; groups stay unless given; the photo stays unless replaced or removed", async () => {
    const me = await A.user("update");
    const g = await api.addGroup(me, "G");
    const card = await api.addCard(me, { ...full, contactGroupIdList: [g.id] });
    const upd = await api.ok<Record<string, unknown>>(200, "PUT", `/api/contact/card/${card.id}`, me, {
      cardData: { userName: "김민수2", emailList: ["new@example.com"], telList: ["010-9999-0000"] },
    });
    expect(upd).toMatchObject({ userName: "김민수2", emailList: ["new@example.com"], telList: ["010-9999-0000"], telTypeList: ["CELL"], company: "", hasPhoto: true, contactGroupList: [{ id: g.id }] });
    const noPhoto = await api.ok<Record<string, unknown>>(200, "PUT", `/api/contact/card/${card.id}`, me, {
      cardData: { userName: "김민수2", emailList: ["new@example.com"], photo: null, contactGroupIdList: [] },
    });
    expect(noPhoto).toMatchObject({ hasPhoto: false, contactGroupList: [] });
    expect((await api.raw("GET", `/api/contact/detail/${card.id}/photo`, me)).status).toBe(404);
  });
});

describe("bad input", () => {
  it("answers 400 with a stable code and stores nothing", async () => {
    const me = await A.user("bad");
    const cases: [unknown, number, string][] = [
      [{ cardData: { emailList: ["a@example.com"] } }, 400, "contact.name_required"],
      [{ cardData: { userName: "No mail" } }, 400, "contact.email_required"],
      [{ cardData: { userName: "X", emailList: ["not-an-address"] } }, 400, "contact.email_invalid"],
      [{ cardData: { userName: "X", emailList: ["@example.com"] } }, 400, "contact.email_invalid"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], urlList: ["not a url"] } }, 400, "contact.url_invalid"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], telList: ["call me"] } }, 400, "contact.tel_invalid"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], birthday: "2023-02-30" } }, 400, "contact.birthday_invalid"],
      [{ cardData: { userName: "x".repeat(101), emailList: ["x@example.com"] } }, 400, "contact.too_long"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], memo: "m".repeat(4001) } }, 400, "contact.too_long"],
      [{ cardData: { userName: "X", emailList: Array.from({ length: 21 }, (_, i) => `x${i}@example.com`) } }, 400, "contact.too_many_values"],
      [{ cardData: { userName: "a\u0000b", emailList: ["x@example.com"] } }, 400, "common.validation"],
      [{ cardData: { userName: 12, emailList: ["x@example.com"] } }, 400, "common.validation"],
      [{ cardData: { userName: "X", emailList: "x@example.com", telTypeList: ["SATELLITE"], telList: ["010"] } }, 400, "common.validation"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], photo: "data:image/png;base64,aGVsbG8=" } }, 400, "contact.photo_invalid"],
      [{ cardData: { userName: "X", emailList: ["x@example.com"], contactGroupIdList: ["a"] } }, 400, "common.validation"],
      [{ cardData: "nope" }, 400, "common.validation"],
      [{}, 400, "common.validation"],
    ];
    for (const [json, status, code] of cases) {
      const r = await api.raw("POST", "/api/contact/card", me, json);
      expect(r.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      expect(r.body.code, JSON.stringify(json).slice(0, 80)).toBe(code);
    }
    const raw = await t.call("POST", "/api/contact/card", { token: me.token, headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    expect((await api.list(me)).totalElements).toBe(0);
    // One bad card in a batch: none of them is stored.
    const batch = await api.raw("POST", "/api/contact/card/all", me, { cardData: [person("Ok", "ok@example.com"), person("", "bad@example.com")] });
    expect(batch.status).toBe(400);
    expect((await api.list(me)).totalElements).toBe(0);
    const g = await api.addGroup(me, "G");
    const foreign = await api.addGroup(await A.user("bad2"), "Theirs");
    const r = await api.raw("POST", "/api/contact/card", me, { cardData: person("X", "x@example.com", { contactGroupIdList: [g.id, foreign.id] }) });
    expect(r.status).toBe(404);
    expect((await api.list(me)).totalElements).toBe(0);
  });

  it("adds many cards at once (201)", async () => {
    const me = await A.user("batch");
    const r = await api.ok<{ content: { userName: string }[] }>(201, "POST", "/api/contact/card/all", me, {
      cardData: [person("One", "one@example.com"), person("Two", "two@example.com")],
    });
    expect(r.content.map((c) => c.userName)).toEqual(["One", "Two"]);
  });
});

describe("importance, relation, move", () => {
  it("changes importance, sets groups exactly, moves between groups", async () => {
    const me = await A.user("rel");
    const g1 = await api.addGroup(me, "G1");
    const g2 = await api.addGroup(me, "G2");
    const g3 = await api.addGroup(me, "G3");
    const a = await api.addCard(me, person("A", "a@example.com", { contactGroupIdList: [g1.id, g2.id] }));
    const b = await api.addCard(me, person("B", "b@example.com", { contactGroupIdList: [g1.id] }));
    expect((await api.ok<{ count: number }>(200, "PUT", "/api/contact/card/importantStatus", me, { cardIdList: [a.id, b.id], importantStatus: true })).count).toBe(2);
    expect(await api.names(me, { groupId: "important" })).toEqual(["A", "B"]);
    await api.ok(200, "PUT", "/api/contact/card/importantStatus", me, { cardIdList: [b.id], importantStatus: "false" });
    expect(await api.names(me, { importantStatus: true })).toEqual(["A"]);

    // Form data as the spec sends it.
    const rel = await t.call("PUT", "/api/contact/relation", { token: me.token, form: { cardIdList: [a.id, b.id], contactGroupIdList: [g3.id] } });
    expect(rel.status, JSON.stringify(rel.body)).toBe(200);
    expect((await api.detail(me, a.id)).contactGroupList.map((g) => g.id)).toEqual([g3.id]);
    await api.ok(200, "PUT", "/api/contact/relation", me, { cardIdList: [b.id], contactGroupIdList: [] });
    expect(await api.names(me, { groupId: "unmapped" })).toEqual(["B"]);
    expect(await api.names(me, { unmapped: true })).toEqual(["B"]);

    await api.ok(200, "PUT", "/api/contact/relation", me, { cardIdList: [a.id], contactGroupIdList: [g1.id, g2.id] });
    await api.ok(200, "PUT", "/api/contact/card/move", me, { cardIdList: [a.id], targetGroupId: g3.id, groupId: g1.id });
    expect((await api.detail(me, a.id)).contactGroupList.map((g) => g.groupName)).toEqual(["G2", "G3"]);
    await api.ok(200, "PUT", "/api/contact/card/move", me, { cardIdList: [a.id, b.id], targetGroupId: g1.id, groupId: -1 });
    expect(await api.names(me, { groupId: g1.id })).toEqual(["A", "B"]);
    expect(await api.names(me, { groupId: g2.id })).toEqual([]);

    const r = await api.raw("PUT", "/api/contact/card/move", me, { cardIdList: [a.id], targetGroupId: -2 });
    expect(r.status).toBe(400);
  });
});

describe("merge", () => {
  it("merges two or more cards keeping every distinct value; the others go to the trash", async () => {
    const me = await A.user("merge");
    const g1 = await api.addGroup(me, "G1");
    const g2 = await api.addGroup(me, "G2");
    const a = await api.addCard(me, person("홍길동", "hong@example.com", { telList: ["010-1111-2222"], memo: "A memo", contactGroupIdList: [g1.id] }));
    const b = await api.addCard(me, person("길동", "HONG@example.com", {
      emailList: ["hong@example.com", "gildong@work.example"], telList: ["01011112222", "02-333-4444"], telTypeList: ["CELL", "WORK"],
      company: "활빈당", urlList: ["https://hwalbin.example"], memo: "B memo", importantStatus: true, contactGroupIdList: [g2.id],
      photo: `data:image/png;base64,${PNG}`,
    }));
    const c = await api.addCard(me, person("Hong", "hong@example.com", { memo: "A memo", position: "대표", birthday: "--05-05" }));
    const merged = await api.ok<Record<string, unknown>>(200, "PUT", `/api/contact/card/${a.id}/merge`, me, { cardIdList: [b.id, c.id] });
    expect(merged).toMatchObject({
      id: a.id, userName: "홍길동",
      emailList: ["hong@example.com", "gildong@work.example"],
      telList: ["010-1111-2222", "02-333-4444"], telTypeList: ["CELL", "WORK"],
      company: "활빈당", position: "대표", urlList: ["https://hwalbin.example"], birthday: "--05-05",
      memo: "A memo\n\nB memo", importantStatus: true, hasPhoto: true,
    });
    expect((merged.contactGroupList as { id: number }[]).map((g) => g.id).sort()).toEqual([g1.id, g2.id].sort());
    expect(await api.names(me)).toEqual(["홍길동"]);
    expect(await api.names(me, { trash: true })).toHaveLength(2);
    const one = await api.raw("PUT", `/api/contact/card/${a.id}/merge`, me, { cardIdList: [a.id] });
    expect(one.status).toBe(400);
    expect(one.body.code).toBe("contact.merge_needs_two");
  });
});

describe("trash", () => {
  it("deletes to the trash, restores (200), deletes for good from the trash, and purges after 7 days", async () => {
    const me = await A.user("trash");
    const g = await api.addGroup(me, "G");
    const a = await api.addCard(me, person("A", "a@example.com", { contactGroupIdList: [g.id] }));
    const b = await api.addCard(me, person("B", "b@example.com"));
    const c = await api.addCard(me, person("C", "c@example.com"));
    expect((await api.ok<{ count: number }>(200, "DELETE", "/api/contact/card", me, { cardIdList: [a.id, b.id, c.id], groupId: -1 })).count).toBe(3);
    expect(await api.names(me)).toEqual([]);
    const trash = await api.list(me, { trash: true });
    expect(trash.content.every((x) => typeof x.deletedTimeMillis === "number")).toBe(true);
    expect(trash.totalElements).toBe(3);
    const r = await api.raw("PUT", `/api/contact/card/${a.id}`, me, { cardData: person("A2", "a@example.com") });
    expect(r.status).toBe(404);
    await api.ok(200, "PUT", "/api/contact/card/restore", me, { cardIdList: [a.id] });
    expect(await api.names(me, { groupId: g.id })).toEqual(["A"]);
    await api.ok(200, "PUT", "/api/contact/card/restore", me, { cardIdList: [b.id], targetGroupId: g.id });
    expect(await api.names(me, { groupId: g.id })).toEqual(["A", "B"]);
    const again = await api.raw("PUT", "/api/contact/card/restore", me, { cardIdList: [b.id] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("contact.not_in_trash");
    // Deleting from the trash is for good.
    await api.ok(200, "DELETE", "/api/contact/card", me, { cardIdList: [b.id] });
    await api.ok(200, "DELETE", "/api/contact/card", me, { cardIdList: [b.id] });
    expect((await api.raw("GET", `/api/contact/detail/${b.id}`, me)).status).toBe(404);
    // The purge: C has been in the trash 6 days (kept), then 8 days (gone).
    await t.db.db.update(contactCards).set({ deletedAt: new Date(t.clock.now().getTime() - 6 * 86_400_000) }).where(eq(contactCards.id, c.id));
    await purgeTrash(t.deps, 7);
    expect((await api.detail(me, c.id)).deletedTimeMillis).not.toBeNull();
    await t.db.db.update(contactCards).set({ deletedAt: new Date(t.clock.now().getTime() - 8 * 86_400_000) }).where(eq(contactCards.id, c.id));
    expect(await purgeTrash(t.deps, 7)).toBeGreaterThanOrEqual(1);
    expect((await api.raw("GET", `/api/contact/detail/${c.id}`, me)).status).toBe(404);
    expect(await api.names(me)).toEqual(["A", "B"].filter((n) => n !== "B"));
  });
});

describe("isolation", () => {
  it("answers another user's or company's card like a missing one, and changes nothing", async () => {
    const owner = await A.user("iso");
    const card = await api.addCard(owner, person("Secret", "secret@example.com"));
    const mine = (await api.addCard(await A.user("iso-x"), person("X", "x@example.com"))).id;
    for (const who of [await A.user("iso2"), B.admin]) {
      const calls: [string, string, unknown?][] = [
        ["GET", `/api/contact/detail/${card.id}`],
        ["GET", `/api/contact/detail/${card.id}/photo`],
        ["GET", `/api/contact/detail/${card.id}/mail/history`],
        ["PUT", `/api/contact/card/${card.id}`, { cardData: person("Mine", "mine@example.com") }],
        ["PUT", `/api/contact/card/${card.id}/merge`, { cardIdList: [mine] }],
        ["PUT", "/api/contact/card/importantStatus", { cardIdList: [card.id], importantStatus: true }],
        ["PUT", "/api/contact/relation", { cardIdList: [card.id], contactGroupIdList: [] }],
        ["PUT", "/api/contact/card/restore", { cardIdList: [card.id] }],
        ["DELETE", "/api/contact/card", { cardIdList: [card.id] }],
        ["GET", "/api/contact/detail?email=secret%40example.com"],
      ];
      for (const [m, p, json] of calls) {
        const r = await api.raw(m, p, who, json);
        expect(r.status, `${m} ${p}`).toBe(404);
        expect(r.body.code).toBe("common.404");
      }
      expect((await api.list(who)).content.map((c) => c.userName)).not.toContain("Secret");
    }
    expect(await api.detail(owner, card.id)).toMatchObject({ userName: "Secret", importantStatus: false, deletedTimeMillis: null });
  });
});

describe("module flag", () => {
  it("answers 403 contact.disabled on every call when the company has contacts off", async () => {
    const me = await B.user("flag");
    await t.db.db.update(companies).set({ useContact: false }).where(eq(companies.id, B.companyId));
    try {
      for (const [m, p] of [["GET", "/api/contact/group"], ["GET", "/api/contact/card"], ["POST", "/api/contact/card"], ["GET", "/api/config/contact"], ["PUT", "/api/config/contact/hideColumns"], ["GET", "/api/contact/card/export"]]) {
        const r = await api.raw(m, p, me, m === "GET" ? undefined : {});
        expect(r.status, `${m} ${p}`).toBe(403);
        expect(r.body.code).toBe("contact.disabled");
      }
    } finally {
      await t.db.db.update(companies).set({ useContact: true }).where(eq(companies.id, B.companyId));
    }
    expect((await api.raw("GET", "/api/contact/group", me)).status).toBe(200);
    expect((await t.call("GET", "/api/contact/group")).status).toBe(401);
  });
});
