// The customer book's tags (001 §5 "tag required and unique", §3 history subject TAG), the card list's `type`
// (§7: "group", or "tag" with the tag's id in groupId) and the history's search (§7 searchField, searchWords):
// tags added (201), named uniquely ignoring case (409), renamed and deleted only by one who may change every
// group whose cards carry them; put on cards (SET, ADD, REMOVE) by writers of the cards' groups, logged in the
// groups' histories; cards listed by tag across the groups the caller reads and filtered by tag in a group;
// another company's tags and cards answer 404.
import { describe, expect, it } from "vitest";
import type { CustomerCard, CustomerHistoryItem } from "../../shared/contacts/customers.ts";
import type { CustomerTag } from "../../shared/contacts/customer-tags.ts";
import { createTestApp } from "../support/test-app.ts";
import { customerBook, type Member, person } from "./helpers.ts";

const t = await createTestApp();
const { A, B, api, writer, reader } = await customerBook(t, "cust-tags");
const pub = (await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "한빛상사", isPublic: true })).id;
const priv = (await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, {
  groupName: "누리소프트", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }],
})).id;
const add = (groupId: number, name: string, email: string) =>
  api.ok<CustomerCard>(201, "POST", "/api/customer/card", writer, { groupId, cardData: person(name, email) });
const kim = await add(pub, "김민수", "minsu@hanbit.example");
const lee = await add(pub, "이서연", "seoyeon@hanbit.example");
const park = await add(priv, "박지훈", "jihun@nuri.example");

type PageOf<T> = { content: T[]; totalElements: number };
const names = (p: PageOf<CustomerCard>) => p.content.map((c) => c.userName);

const addTag = (who: Member, json: unknown) => api.raw("POST", "/api/customer/tag", who, json);
const tagCards = (who: Member, json: unknown) => api.raw("PUT", "/api/customer/card/tag", who, json);
const list = (who: Member, q: string) => api.ok<PageOf<CustomerCard>>(200, "GET", `/api/customer/card?${q}`, who);

describe("tags", () => {
  let vip: CustomerTag, lead: CustomerTag;

  it("adds tags (201) with a name required and unique ignoring case, and a colour", async () => {
    const r = await addTag(writer, { name: " VIP ", color: "#DC2626" });
    expect(r.status).toBe(201);
    vip = r.body as CustomerTag;
    expect(vip).toMatchObject({ name: "VIP", color: "#dc2626" });
    lead = (await addTag(writer, { name: "잠재 고객" })).body as CustomerTag;
    expect(lead.color).toBe("#6b7280");
    const bad: [unknown, number, string][] = [
      [{ name: "vip" }, 409, "customer.tag_in_use"],
      [{ name: "   " }, 400, "customer.tag_required"],
      [{}, 400, "common.validation"],
      [{ name: "x".repeat(31) }, 400, "contact.too_long"],
      [{ name: "ok", color: "red" }, 400, "customer.tag_color_invalid"],
    ];
    for (const [json, status, code] of bad) {
      const b = await addTag(writer, json);
      expect([b.status, b.body.code], JSON.stringify(json)).toEqual([status, code]);
    }
    // The same name in another company is its own tag.
    expect((await addTag(B.admin, { name: "VIP" })).status).toBe(201);
    const tags = await api.ok<CustomerTag[]>(200, "GET", "/api/customer/tag", reader);
    expect(tags.map((x) => x.name)).toEqual(["VIP", "잠재 고객"]);
    // A member who may change no group (here: a company without groups) adds none.
    expect((await addTag(await B.user("plain"), { name: "Plain" })).body.code).toBe("customer.no_permission");
  });

  it("puts tags on cards (SET, ADD, REMOVE) for writers of their groups; cards carry them; the history logs them", async () => {
    expect((await tagCards(writer, { cardIdList: [kim.id, park.id], tagIdList: [vip.id], action: "ADD" })).body).toEqual({ count: 2 });
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [lead.id], action: "add" })).body).toEqual({ count: 1 });
    // Nothing to change: no card counted, nothing logged.
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [vip.id], action: "ADD" })).body).toEqual({ count: 0 });
    const card = await api.ok<CustomerCard>(200, "GET", `/api/customer/card/detail/${kim.id}`, reader);
    expect(card.tagList.map((x) => x.name)).toEqual(["VIP", "잠재 고객"]);
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [lead.id], action: "SET" })).body).toEqual({ count: 1 });
    expect((await api.ok<CustomerCard>(200, "GET", `/api/customer/card/detail/${kim.id}`, writer)).tagList.map((x) => x.id)).toEqual([lead.id]);
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [vip.id, lead.id] })).status).toBe(200);

    const log = await api.ok<PageOf<CustomerHistoryItem>>(200, "GET", `/api/customer/history?groupId=${pub}&id=${kim.id}&historyType=LOG`, writer);
    const tagLog = log.content.filter((h) => h.subject === "TAG").map((h) => [h.action, h.content]);
    expect(tagLog).toEqual([
      ["ADD", "VIP · 김민수"], ["DELETE", "VIP · 김민수"], ["ADD", "잠재 고객 · 김민수"], ["ADD", "VIP · 김민수"],
    ]);

    // READ only: 403; a card or tag of another company, or a card the caller cannot read: 404; shapes: 400.
    expect((await tagCards(reader, { cardIdList: [park.id], tagIdList: [] })).body.code).toBe("customer.no_permission");
    const foreignTag = ((await api.ok<CustomerTag[]>(200, "GET", "/api/customer/tag", B.admin)))[0];
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [foreignTag.id] })).status).toBe(404);
    expect((await tagCards(B.admin, { cardIdList: [kim.id], tagIdList: [] })).status).toBe(404);
    const outsider = await A.user("outsider-tags");
    expect((await tagCards(outsider, { cardIdList: [park.id], tagIdList: [] })).status).toBe(404);
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: [vip.id], action: "TOGGLE" })).body.code).toBe("common.validation");
    expect((await tagCards(writer, { cardIdList: [], tagIdList: [vip.id] })).status).toBe(400);
    const many = await Promise.all(Array.from({ length: 19 }, (_, i) => addTag(writer, { name: `t${i}` })));
    const ids = many.map((r) => (r.body as CustomerTag).id);
    expect((await tagCards(writer, { cardIdList: [kim.id], tagIdList: ids, action: "ADD" })).body.code).toBe("customer.too_many_tags");
    expect((await api.ok<CustomerCard>(200, "GET", `/api/customer/card/detail/${kim.id}`, writer)).tagList.length).toBe(2);
    for (const id of ids) expect((await api.raw("DELETE", `/api/customer/tag/${id}`, writer)).status).toBe(200);
  });

  it("lists cards by tag (type=tag) over the groups the caller reads, and filters a group's list by tag", async () => {
    expect(names(await list(writer, `type=tag&groupId=${vip.id}`))).toEqual(["김민수", "박지훈"]);
    expect(names(await list(reader, `type=TAG&groupId=${vip.id}`))).toEqual(["김민수", "박지훈"]);
    const outsider = await A.user("outsider-list");
    expect(names(await list(outsider, `type=tag&groupId=${vip.id}`))).toEqual(["김민수"]);
    expect(names(await list(writer, `groupId=${pub}&tagId=${vip.id}`))).toEqual(["김민수"]);
    expect(names(await list(writer, `type=group&groupId=${pub}`))).toEqual(["김민수", "이서연"]);
    expect(names(await list(writer, `groupId=${pub}&tagId=${lead.id}&consonant=ㅇ`))).toEqual([]);
    expect((await api.raw("GET", "/api/customer/card?type=tag&groupId=999999999", writer)).status).toBe(404);
    expect((await api.raw("GET", `/api/customer/card?type=folder&groupId=${pub}`, writer)).body.code).toBe("common.validation");
    const foreign = (await api.ok<CustomerTag[]>(200, "GET", "/api/customer/tag", B.admin))[0];
    expect((await api.raw("GET", `/api/customer/card?type=tag&groupId=${foreign.id}`, writer)).status).toBe(404);
    const printed = await api.ok<CustomerCard[]>(200, "GET", `/api/customer/card/print?type=tag&groupId=${vip.id}`, writer);
    expect(printed.map((c) => c.userName)).toEqual(["김민수", "박지훈"]);
    expect(lee.id).toBeGreaterThan(0);
  });

  it("renames and deletes a tag only for one who may change every group carrying it; logged in those groups", async () => {
    // The reader reads 누리소프트 (READ) where 박지훈 carries VIP: not theirs to rename.
    expect((await api.raw("PATCH", "/api/customer/tag", reader, { id: vip.id, name: "VVIP" })).body.code).toBe("customer.no_permission");
    expect((await api.raw("PATCH", "/api/customer/tag", writer, { id: vip.id, name: "잠재 고객" })).body.code).toBe("customer.tag_in_use");
    const renamed = await api.ok<CustomerTag>(200, "PATCH", "/api/customer/tag", writer, { id: vip.id, name: "VVIP", color: "#2563eb" });
    expect(renamed).toMatchObject({ id: vip.id, name: "VVIP", color: "#2563eb" });
    for (const g of [pub, priv]) {
      const h = await api.ok<PageOf<CustomerHistoryItem>>(200, "GET", `/api/customer/history?groupId=${g}&historyType=LOG`, writer);
      expect(h.content[0]).toMatchObject({ subject: "TAG", action: "UPDATE", content: "VIP → VVIP" });
    }
    expect((await api.raw("PATCH", "/api/customer/tag", B.admin, { id: vip.id, name: "x" })).status).toBe(404);
    expect((await api.raw("DELETE", `/api/customer/tag/${vip.id}`, B.admin)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/customer/tag/${vip.id}`, reader)).status).toBe(403);
    expect((await api.raw("DELETE", `/api/customer/tag/${vip.id}`, writer)).status).toBe(200);
    expect((await api.ok<CustomerCard>(200, "GET", `/api/customer/card/detail/${park.id}`, writer)).tagList).toEqual([]);
    const h = await api.ok<PageOf<CustomerHistoryItem>>(200, "GET", `/api/customer/history?groupId=${priv}&historyType=LOG`, writer);
    expect(h.content[0]).toMatchObject({ subject: "TAG", action: "DELETE", content: "VVIP" });
    expect((await api.raw("GET", `/api/customer/card?type=tag&groupId=${vip.id}`, writer)).status).toBe(404);
  });
});

describe("history search", () => {
  it("finds history items by a word in their text, their writer's name, or either (searchField)", async () => {
    await api.ok(201, "POST", "/api/customer/history", writer, { groupId: pub, content: "견적서 발송 완료" });
    await api.ok(201, "POST", "/api/customer/history", writer, { groupId: pub, cardId: lee.id, content: "다음 주 미팅" });
    const search = async (q: string) =>
      (await api.ok<PageOf<CustomerHistoryItem>>(200, "GET", `/api/customer/history?groupId=${pub}&${q}`, reader)).content.map((h) => h.content);
    expect(await search(`searchWords=${encodeURIComponent("견적")}`)).toEqual(["견적서 발송 완료"]);
    expect(await search(`searchWords=${encodeURIComponent("미팅")}&historyType=MEMO&id=${lee.id}`)).toEqual(["다음 주 미팅"]);
    expect(await search(`searchWords=${encodeURIComponent("이서연")}&searchField=CONTENT`)).toEqual(["이서연"]);
    // The writer's name (their login) matches every item they wrote, with USER_NAME or ALL; not with CONTENT.
    const byWriter = await search(`searchWords=${encodeURIComponent(writer.username.split("@")[0])}&searchField=USER_NAME&pageSize=100`);
    expect(byWriter.length).toBeGreaterThan(5);
    expect(await search(`searchWords=${encodeURIComponent(writer.username.split("@")[0])}&searchField=CONTENT`)).toEqual([]);
    expect(await search(`searchWords=${encodeURIComponent("100%_")}`)).toEqual([]);
    expect(await search(`searchWords=`)).toContain("견적서 발송 완료");
    expect((await api.raw("GET", `/api/customer/history?groupId=${pub}&searchField=BODY&searchWords=x`, reader)).body.code).toBe("common.validation");
  });
});
