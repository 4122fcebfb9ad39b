// What the mail module uses of contacts: recipient autocomplete (GET api/autocomplete/email) with the
// caller's cards (type CONTACT) beside colleagues, initial-consonant matching, the compose entry "contact"
// (GET api/mails/v2/contact), "add the sender to contacts" (POST api/contact/card and the by-address lookup),
// and a card's mail history (GET api/contact/detail/{id}/mail/history) over mail really sent here.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;
let me: Member;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "mailc-a.test");
  B = await company(t, "mailc-b.test");
  api = contactsApi(t);
  me = await A.user("writer");
  await api.ok(201, "POST", "/api/contact/card/all", me, {
    cardData: [
      person("김민수", "minsu@partner.example", { emailList: ["minsu@partner.example", "ms.kim@home.example"], company: "파트너" }),
      person("고민아", "mina@partner.example"),
      person("Kimberly", "kimberly@example.org"),
      person("Nobody", "zz@example.org"),
    ],
  });
});

type Item = { type: string; id: number; name: string; email: string; organizationName?: string | null };
async function suggest(who: Member, query: string, extra = ""): Promise<{ content: Item[]; totalElements: number }> {
  const r = await t.call("GET", `/api/autocomplete/email?query=${encodeURIComponent(query)}${extra}`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe("recipient autocomplete", () => {
  it("offers each address of the caller's matching cards, colleagues beside them, prefix matches first", async () => {
    await A.user("kimchi");
    const r = await suggest(me, "kim");
    // Names or addresses starting with "kim" first (the admin is "Kim Admin"), by name; then the card found by its
    // address ms.kim@..., with each of its addresses.
    expect(r.content.map((i) => [i.type, i.email])).toEqual([
      ["USER", A.admin.username],
      ["CONTACT", "kimberly@example.org"],
      ["USER", "kimchi@mailc-a.test"],
      ["CONTACT", "minsu@partner.example"],
      ["CONTACT", "ms.kim@home.example"],
    ]);
    const ko = await suggest(me, "김민", "&typeList[]=CONTACT");
    expect(ko.content).toEqual([
      { type: "CONTACT", id: expect.any(Number), name: "김민수", email: "minsu@partner.example", organizationName: "파트너" },
      { type: "CONTACT", id: expect.any(Number), name: "김민수", email: "ms.kim@home.example", organizationName: "파트너" },
    ]);
    expect(ko.totalElements).toBe(2);
  });

  it("matches initial consonants ('ㄱㅁ'), doubles folded", async () => {
    const r = await suggest(me, "ㄱㅁ", "&typeList[]=CONTACT");
    expect(r.content.map((i) => i.name)).toEqual(["고민아", "김민수", "김민수"]);
    const page = await suggest(me, "ㄱㅁ", "&typeList[]=CONTACT&pageSize=1&page=1");
    expect(page.content.map((i) => i.email)).toEqual(["minsu@partner.example"]);
    expect(page.totalElements).toBe(3);
  });

  it("finds colleagues by their names' initials too", async () => {
    const r = await t.call("POST", "/api/admin/users", {
      token: A.admin.token,
      json: { loginId: "gms", accountName: "권민서", password: "Sh4re!pass", organIds: [], requestPasswordChange: false },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const found = await suggest(me, "ㄱㅁ");
    expect(found.content.map((i) => [i.type, i.name])).toEqual([
      ["CONTACT", "고민아"], ["CONTACT", "김민수"], ["CONTACT", "김민수"], ["USER", "권민서"],
    ].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    expect((await suggest(me, "ㄱㅁ", "&typeList[]=USER")).content.map((i) => i.email)).toEqual(["gms@mailc-a.test"]);
    expect((await suggest(me, "ㅋㅋ", "&typeList[]=USER")).content).toEqual([]);
    expect((await suggest(me, "ㄱㅁ", "&typeList[]=ORGANIZATION")).content).toEqual([]);
  });

  it("pages many cards whose names start with the query in name order, with their total", async () => {
    const u = await A.user("many");
    await api.ok(201, "POST", "/api/contact/card/all", u, {
      cardData: Array.from({ length: 12 }, (_, i) => person(`Zed ${String(12 - i).padStart(2, "0")}`, `zed${12 - i}@example.com`)),
    });
    const first = await suggest(u, "zed", "&typeList[]=CONTACT&pageSize=5");
    expect(first.content.map((i) => i.name)).toEqual(["Zed 01", "Zed 02", "Zed 03", "Zed 04", "Zed 05"]);
    expect(first.totalElements).toBe(12);
    const second = await suggest(u, "zed", "&typeList[]=CONTACT&pageSize=5&page=1");
    expect(second.content.map((i) => i.name)).toEqual(["Zed 06", "Zed 07", "Zed 08", "Zed 09", "Zed 10"]);
  });

  it("keeps the old answer when only users and organisations are asked for", async () => {
    const r = await suggest(me, "kim", "&typeList[]=USER&typeList[]=ORGANIZATION");
    expect(r.content.every((i) => i.type !== "CONTACT")).toBe(true);
    expect((await t.call("GET", "/api/autocomplete/email?query=kim&typeList[]=PARTNER", { token: me.token })).status).toBe(400);
  });

  it("never offers another user's or company's cards, nor any when contacts are off", async () => {
    expect((await suggest(await A.user("other"), "김민", "&typeList[]=CONTACT")).content).toEqual([]);
    expect((await suggest(B.admin, "김민")).content).toEqual([]);
    await t.db.db.update(companies).set({ useContact: false }).where(eq(companies.id, A.companyId));
    try {
      expect((await suggest(me, "김민")).content).toEqual([]);
    } finally {
      await t.db.db.update(companies).set({ useContact: true }).where(eq(companies.id, A.companyId));
    }
  });
});

describe("compose entry 'contact'", () => {
  it("addresses a new mail to the chosen cards or a group (first address of each, once)", async () => {
    const g = await api.addGroup(me, "Partners");
    const list = (await api.list(me, { pageSize: 50 })).content;
    const kim = list.find((c) => c.userName === "김민수")!;
    const go = list.find((c) => c.userName === "고민아")!;
    await api.ok(200, "PUT", "/api/contact/relation", me, { cardIdList: [kim.id, go.id], contactGroupIdList: [g.id] });
    const byIds = await api.ok<{ to: { key: string; value: string; valid: boolean }[]; senderEmail: string; composeType: string }>(
      200, "GET", `/api/mails/v2/contact?cardIdList[]=${kim.id}&cardIdList[]=${go.id}`, me,
    );
    expect(byIds.to).toEqual([
      { key: "minsu@partner.example", value: "김민수 <minsu@partner.example>", valid: true },
      { key: "mina@partner.example", value: "고민아 <mina@partner.example>", valid: true },
    ]);
    expect(byIds.senderEmail).toBe(me.username);
    const byGroup = await api.ok<{ to: { key: string }[] }>(200, "GET", `/api/mails/v2/contact?groupId=${g.id}`, me);
    expect(byGroup.to.map((e) => e.key)).toEqual(["mina@partner.example", "minsu@partner.example"]);
    const foreign = await api.addCard(B.admin, person("Theirs", "theirs@example.com"));
    expect((await api.raw("GET", `/api/mails/v2/contact?cardIdList=${foreign.id}`, me)).status).toBe(404);
    expect((await api.raw("GET", "/api/mails/v2/contact", me)).status).toBe(400);
    expect((await t.call("GET", `/api/mails/v2/contact?cardIdList=${kim.id}`)).status).toBe(401);
  });
});

describe("mail history and the sender", () => {
  it("lists the mails exchanged with a card's addresses, newest first, and adds a sender to contacts", async () => {
    const colleague = await A.user("colleague");
    const reader = await A.user("reader");
    const send = async (from: Member, to: string, subject: string) => {
      const r = await t.call("POST", "/api/mails/v2/send", { token: from.token, json: { to: [{ value: to }], subject, content: "<p>hi</p>" } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await send(colleague, reader.username, "첫 번째 메일");
    t.clock.advance(60_000);
    await send(reader, colleague.username, "Re: 첫 번째 메일");
    t.clock.advance(60_000);
    await send(await A.user("stranger"), reader.username, "Unrelated");
    // "Add the sender to contacts" from the reader: not yet a contact, then added, then found by address.
    expect((await api.raw("GET", `/api/contact/detail?email=${encodeURIComponent(colleague.username)}`, reader)).status).toBe(404);
    const card = await api.addCard(reader, person("Colleague", colleague.username.toUpperCase()));
    expect((await api.ok<{ id: number }>(200, "GET", `/api/contact/detail?email=${encodeURIComponent(colleague.username)}`, reader)).id).toBe(card.id);
    const h = await api.ok<{ content: { subject: string; direction: string; fromAddress: string }[]; totalElements: number }>(
      200, "GET", `/api/contact/detail/${card.id}/mail/history`, reader,
    );
    expect(h.content.map((m) => [m.subject, m.direction])).toEqual([["Re: 첫 번째 메일", "SENT"], ["첫 번째 메일", "RECEIVED"]]);
    expect(h.totalElements).toBe(2);
    const paged = await api.ok<{ content: { subject: string }[] }>(200, "GET", `/api/contact/detail/${card.id}/mail/history?page=1&pageSize=1`, reader);
    expect(paged.content.map((m) => m.subject)).toEqual(["첫 번째 메일"]);
    expect((await api.raw("GET", `/api/contact/detail/${card.id}/mail/history?pageSize=0`, reader)).status).toBe(400);
    // Another user's view of that card does not exist.
    expect((await api.raw("GET", `/api/contact/detail/${card.id}/mail/history`, colleague)).status).toBe(404);
  });
});
