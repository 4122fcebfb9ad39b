// The shared customer address book (001 §7 api/customer/group, card, history): groups public or private with
// READ / READ_WRITE members and book admins, names and domains unique (409), soft delete with restore within
// 7 days and the purge after, cards with the private book's rules, search, move and copy between groups and
// both ways with the private book, the history (memos; the change log the server writes), permissions (a READ
// member changes nothing: 403), another company's ids and unreadable groups answering 404, the flag off (403).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies.ts";
import { customerGroups } from "../../db/schema/contacts.ts";
import { purgeDeletedGroups } from "../../server/modules/contacts/customers/groups.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;
let writer: Member;
let reader: Member;
let outsider: Member;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "cust-a.test");
  B = await company(t, "cust-b.test");
  api = contactsApi(t);
  writer = await A.user("writer");
  reader = await A.user("reader");
  outsider = await A.user("outsider");
});

type Group = { id: number; groupName: string; hasPermission: boolean; privilege: string; isDeleted: boolean; childCount: number; children?: Group[]; cardCount: number; domain: string | null };
const addGroup = (who: Member, json: Record<string, unknown>) => api.ok<Group>(201, "POST", "/api/customer/group", who, json);

describe("groups", () => {
  it("adds public and private groups (201); private ones need members; names and domains are unique", async () => {
    const pub = await addGroup(writer, { groupName: "공개 고객", isPublic: true, domain: "Acme.example" });
    expect(pub).toMatchObject({ groupName: "공개 고객", hasPermission: true, privilege: "READ_WRITE", domain: "acme.example", isDeleted: false });
    const priv = await addGroup(writer, { groupName: "VIP", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    const members = await api.ok<{ userId: number; privilege: string }[]>(200, "GET", `/api/customer/group/member/${priv.id}`, writer);
    expect(members.map((m) => [m.userId, m.privilege]).sort()).toEqual([[reader.id, "READ"], [writer.id, "READ_WRITE"]].sort());
    const bad = async (json: unknown, status: number, code: string, method = "POST") => {
      const r = await api.raw(method, "/api/customer/group", writer, json);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.code).toBe(code);
    };
    await bad({ groupName: "공개 고객" }, 409, "customer.group_name_in_use");
    await bad({ groupName: "Other", domain: "ACME.example" }, 409, "customer.domain_in_use");
    await bad({ groupName: "" }, 400, "customer.group_name_required");
    await bad({ groupName: "X", domain: "not a domain" }, 400, "customer.domain_invalid");
    await bad({ groupName: "X", members: [{ userId: B.admin.id }] }, 400, "customer.member_invalid");
    await bad({ groupName: "X", members: [{ userId: reader.id, privilege: "OWNER" }] }, 400, "common.validation");
    await bad({ id: priv.id, isPublic: false, members: [] }, 400, "customer.members_required", "PATCH");
    expect(await api.ok(200, "GET", "/api/customer/group/exists?groupName=vip", writer)).toEqual({ exists: true });
    expect(await api.ok(200, "GET", "/api/customer/group/exists?domain=none.example", writer)).toEqual({ exists: false });
  });

  it("shows each user the groups they read, with their privilege; hides the others (404)", async () => {
    const priv = await addGroup(writer, { groupName: "Secret", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    const sub = await addGroup(writer, { groupName: "Secret Sub", isPublic: true, parentId: priv.id });
    const tree = await api.ok<Group[]>(200, "GET", "/api/customer/group", writer);
    expect(tree.find((g) => g.id === priv.id)!.children!.map((g) => g.id)).toEqual([sub.id]);
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${priv.id}`, reader))).toMatchObject({ privilege: "READ", hasPermission: false });
    for (const [m, p] of [["GET", `/api/customer/group/${priv.id}`], ["GET", `/api/customer/group/member/${priv.id}`], ["GET", `/api/customer/card?groupId=${priv.id}`], ["GET", `/api/customer/history?groupId=${priv.id}`]]) {
      expect((await api.raw(m, p, outsider)).status, p).toBe(404);
      expect((await api.raw(m, p, B.admin)).status, p).toBe(404);
    }
    // The outsider sees the public sub-group at the top of their tree.
    const theirs = await api.ok<Group[]>(200, "GET", "/api/customer/group", outsider);
    expect(theirs.some((g) => g.id === sub.id)).toBe(true);
    expect(theirs.some((g) => g.id === priv.id)).toBe(false);
    expect((await api.ok<Group[]>(200, "GET", `/api/customer/group/byParent/${priv.id}`, writer)).map((g) => g.id)).toEqual([sub.id]);
    // A company administrator reads and writes every group.
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${priv.id}`, A.admin)).hasPermission).toBe(true);
  });

  it("a READ member changes nothing (403); READ_WRITE members rename, move and change members", async () => {
    const g = await addGroup(writer, { groupName: "Readers", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    const r = await api.raw("PATCH", "/api/customer/group", reader, { id: g.id, groupName: "Mine now" });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("customer.no_permission");
    expect((await api.raw("DELETE", `/api/customer/group/${g.id}`, reader)).status).toBe(403);
    expect((await api.raw("POST", "/api/customer/card", reader, { groupId: g.id, cardData: person("X", "x@example.com") })).status).toBe(403);
    expect((await api.raw("POST", "/api/customer/history", reader, { groupId: g.id, content: "memo" })).status).toBe(403);
    const parent = await addGroup(writer, { groupName: "Parent" });
    const moved = await api.ok<Group>(200, "PATCH", "/api/customer/group", writer, {
      id: g.id, groupName: "Readers 2", parentId: parent.id, members: [{ userId: reader.id, privilege: "READ_WRITE" }, { userId: writer.id }],
    });
    expect(moved.groupName).toBe("Readers 2");
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${g.id}`, reader)).hasPermission).toBe(true);
    const cycle = await api.raw("PATCH", "/api/customer/group", writer, { id: parent.id, parentId: g.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe("customer.group_cycle");
  });

  it("deletes softly with sub-groups, restores within 7 days (parent first), purges after", async () => {
    const top = await addGroup(writer, { groupName: "Old customer" });
    const child = await addGroup(writer, { groupName: "Old customer branch", parentId: top.id });
    await api.ok(201, "POST", "/api/customer/card", writer, { groupId: child.id, cardData: person("Branch", "branch@old.example") });
    const del = await api.ok<Group>(200, "DELETE", `/api/customer/group/${top.id}`, writer);
    expect(del.isDeleted).toBe(true);
    expect((await api.raw("GET", `/api/customer/group/${child.id}`, writer)).status).toBe(404);
    const deleted = await api.ok<Group[]>(200, "GET", "/api/customer/group/list?deleted=true", writer);
    expect(deleted.map((g) => g.id).sort()).toEqual([top.id, child.id].sort());
    // The name is free again while it is deleted.
    const twin = await addGroup(writer, { groupName: "Old customer" });
    const clash = await api.raw("PATCH", `/api/customer/group/restore/${top.id}`, writer);
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("customer.group_name_in_use");
    await api.ok(200, "DELETE", `/api/customer/group/${twin.id}`, writer);
    const childFirst = await api.raw("PATCH", `/api/customer/group/restore/${child.id}`, writer);
    expect(childFirst.body.code).toBe("customer.parent_deleted");
    expect((await api.ok<Group>(200, "PATCH", `/api/customer/group/restore/${top.id}`, writer)).isDeleted).toBe(false);
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${child.id}`, writer)).cardCount).toBe(1);
    expect((await api.raw("PATCH", `/api/customer/group/restore/${top.id}`, writer)).body.code).toBe("customer.not_deleted");
    // Eight days after a delete: no restore, and the purge removes it with its cards.
    await api.ok(200, "DELETE", `/api/customer/group/${top.id}`, writer);
    const old = new Date(t.clock.now().getTime() - 8 * 86_400_000);
    await t.db.db.update(customerGroups).set({ deletedAt: old }).where(eq(customerGroups.id, top.id));
    await t.db.db.update(customerGroups).set({ deletedAt: old }).where(eq(customerGroups.id, child.id));
    expect((await api.raw("PATCH", `/api/customer/group/restore/${top.id}`, writer)).body.code).toBe("customer.restore_expired");
    expect(await purgeDeletedGroups(t.deps)).toBeGreaterThanOrEqual(2);
    expect((await api.raw("PATCH", `/api/customer/group/restore/${top.id}`, writer)).status).toBe(404);
  });

  it("lists book admins; only company administrators name them", async () => {
    const admins = await api.ok<{ userId: number; companyAdmin: boolean }[]>(200, "GET", "/api/customer/group/admin", writer);
    expect(admins).toEqual([expect.objectContaining({ userId: A.admin.id, companyAdmin: true })]);
    expect((await api.raw("PUT", "/api/customer/group/admin", writer, { userIdList: [writer.id] })).status).toBe(403);
    await api.ok(200, "PUT", "/api/customer/group/admin", A.admin, { userIdList: [outsider.id] });
    const g = await addGroup(writer, { groupName: "Admins see it", isPublic: false });
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${g.id}`, outsider)).hasPermission).toBe(true);
    await api.ok(200, "PUT", "/api/customer/group/admin", A.admin, { userIdList: [] });
    expect((await api.raw("GET", `/api/customer/group/${g.id}`, outsider)).status).toBe(404);
  });
});

describe("cards", () => {
  it("adds (201), lists, searches, updates and deletes cards with the history written", async () => {
    const g = await addGroup(writer, { groupName: "Cards" });
    const kim = await api.ok<{ id: number; groupId: number; groupName: string }>(201, "POST", "/api/customer/card", writer, {
      groupId: g.id, cardData: person("김고객", "kim@customer.example", { telList: ["02-1234-5678"], company: "고객사" }),
    });
    expect(kim).toMatchObject({ groupId: g.id, groupName: "Cards" });
    await api.ok(201, "POST", "/api/customer/card", writer, { groupId: g.id, cardData: person("Lee Client", "lee@client.example") });
    const bad = await api.raw("POST", "/api/customer/card", writer, { groupId: g.id, cardData: { userName: "No mail" } });
    expect(bad.body.code).toBe("contact.email_required");
    const list = await api.ok<{ content: { userName: string }[]; totalElements: number }>(200, "GET", `/api/customer/card?groupId=${g.id}`, reader);
    expect(list.content.map((c) => c.userName)).toEqual(["김고객", "Lee Client"]);
    expect((await api.ok<{ content: unknown[] }>(200, "GET", `/api/customer/card?groupId=${g.id}&consonant=ㄱ`, reader)).content).toHaveLength(1);
    const search = async (q: string) =>
      (await api.ok<{ content: { userName: string }[] }>(200, "GET", `/api/customer/card/search?${q}`, reader)).content.map((c) => c.userName);
    expect(await search("keyword=ㄱㄱ")).toEqual(["김고객"]);
    expect(await search("keyword=고객사")).toEqual(["김고객"]);
    expect(await search("searchType=EMAIL&keyword=client.ex")).toEqual(["Lee Client"]);
    expect(await search("searchTel=5678")).toEqual(["김고객"]);
    expect(await search("searchUserName=lee")).toEqual(["Lee Client"]);
    expect((await api.raw("GET", "/api/customer/card/search?keyword=a", reader)).status).toBe(400);
    const upd = await api.ok<{ userName: string }>(200, "PUT", `/api/customer/card/${kim.id}`, writer, { cardData: person("김고객님", "kim@customer.example") });
    expect(upd.userName).toBe("김고객님");
    await api.ok(200, "PUT", "/api/customer/card/importantStatus", writer, { cardIdList: [kim.id], importantStatus: true });
    expect((await api.ok<{ importantStatus: boolean }>(200, "GET", `/api/customer/card/detail/${kim.id}`, reader)).importantStatus).toBe(true);
    await api.ok(200, "DELETE", "/api/customer/card", writer, { cardIdList: [kim.id] });
    expect((await api.raw("GET", `/api/customer/card/detail/${kim.id}`, writer)).status).toBe(404);
    const h = await api.ok<{ content: { action: string; subject: string; content: string; historyType: string }[]; totalElements: number; pageSize: number }>(
      200, "GET", `/api/customer/history?groupId=${g.id}&historyType=LOG`, reader,
    );
    expect(h.pageSize).toBe(10);
    expect(h.content.map((x) => `${x.action} ${x.subject} ${x.content}`)).toEqual([
      "DELETE CARD 김고객님", "UPDATE CARD 김고객님", "ADD CARD Lee Client", "ADD CARD 김고객", "ADD GROUP Cards",
    ]);
  });

  it("moves and copies between groups and both ways with the private book", async () => {
    const a = await addGroup(writer, { groupName: "From" });
    const b = await addGroup(writer, { groupName: "To" });
    const c1 = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: a.id, cardData: person("One", "one@example.com") });
    await api.ok(200, "PATCH", "/api/customer/card/move", writer, { cardIdList: [c1.id], targetGroupId: b.id, isCopy: true });
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${a.id}`, writer)).cardCount).toBe(1);
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${b.id}`, writer)).cardCount).toBe(1);
    await api.ok(200, "PATCH", "/api/customer/card/move", writer, { cardIdList: [c1.id], targetGroupId: b.id });
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${a.id}`, writer)).cardCount).toBe(0);
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${b.id}`, writer)).cardCount).toBe(2);
    // To the private book, into a group of the caller's.
    const pg = await api.addGroup(reader, "From customers");
    await api.ok(200, "POST", "/api/customer/card/copy/private", reader, { cardIdList: [c1.id], targetGroupId: pg.id });
    expect(await api.names(reader, { groupId: pg.id })).toEqual(["One"]);
    // And back: a private card into a customer group, the original to the trash.
    const mine = await api.addCard(reader, person("Private One", "private@example.com"));
    const ro = await addGroup(writer, { groupName: "Read only", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    expect((await api.raw("POST", "/api/contact/card/copy/customer", reader, { cardIdList: [mine.id], targetGroupId: ro.id })).status).toBe(403);
    await api.ok(200, "POST", "/api/contact/card/copy/customer", reader, { cardIdList: [mine.id], targetGroupId: b.id, shouldDeleteOriginalData: true });
    const inB = await api.ok<{ content: { userName: string }[] }>(200, "GET", `/api/customer/card?groupId=${b.id}`, writer);
    expect(inB.content.map((c) => c.userName)).toContain("Private One");
    expect((await api.detail(reader, mine.id)).deletedTimeMillis).not.toBeNull();
    // Someone else's private card cannot be copied.
    const theirs = await api.addCard(writer, person("Theirs", "theirs@example.com"));
    expect((await api.raw("POST", "/api/contact/card/copy/customer", reader, { cardIdList: [theirs.id], targetGroupId: b.id })).status).toBe(404);
  });

  it("imports a file into a group", async () => {
    const g = await addGroup(writer, { groupName: "Imported" });
    const form = new FormData();
    form.append("part", new File([await Deno.readFile(new URL("../fixtures/contacts/google.csv", import.meta.url))], "google.csv"));
    form.append("groupId", String(g.id));
    const res = await t.app.request("/api/customer/card/import/save", { method: "POST", body: form, headers: { authorization: `Bearer ${writer.token}` } });
    expect(res.status).toBe(201);
    expect((await res.json()).saved).toBe(2);
    expect((await api.ok<Group>(200, "GET", `/api/customer/group/${g.id}`, writer)).cardCount).toBe(2);
  });

  it("answers another company's card and group like missing ones", async () => {
    const g = await addGroup(writer, { groupName: "Isolated" });
    const card = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: g.id, cardData: person("Iso", "iso@example.com") });
    for (const [m, p, json] of [
      ["GET", `/api/customer/card/detail/${card.id}`],
      ["PUT", `/api/customer/card/${card.id}`, { cardData: person("X", "x@example.com") }],
      ["DELETE", "/api/customer/card", { cardIdList: [card.id] }],
      ["PATCH", "/api/customer/card/move", { cardIdList: [card.id], targetGroupId: g.id }],
      ["POST", "/api/customer/card/copy/private", { cardIdList: [card.id] }],
      ["PATCH", "/api/customer/group", { id: g.id, groupName: "Mine" }],
      ["DELETE", `/api/customer/group/${g.id}`],
      ["PATCH", `/api/customer/group/restore/${g.id}`],
    ] as [string, string, unknown?][]) {
      const r = await api.raw(m, p, B.admin, json);
      expect(r.status, `${m} ${p}`).toBe(404);
    }
    expect((await api.ok<{ content: unknown[] }>(200, "GET", "/api/customer/card/search?keyword=iso", B.admin)).content).toEqual([]);
  });
});

describe("history memos", () => {
  it("adds (201), edits and deletes memos; only the author or an admin may; the log records the delete", async () => {
    const g = await addGroup(writer, { groupName: "Memos", isPublic: false, members: [{ userId: reader.id, privilege: "READ_WRITE" }] });
    const card = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: g.id, cardData: person("Memo card", "memo@example.com") });
    const form = await t.call("POST", "/api/customer/history", { token: writer.token, form: { groupId: g.id, cardId: card.id, content: "첫 미팅: 견적 요청" } });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body).toMatchObject({ historyType: "MEMO", cardId: card.id, editable: true });
    expect((await api.raw("POST", "/api/customer/history", writer, { groupId: g.id, content: "  " })).body.code).toBe("customer.memo_required");
    expect((await api.raw("POST", "/api/customer/history", writer, { groupId: g.id, content: "x".repeat(4001) })).status).toBe(400);
    const other = await addGroup(writer, { groupName: "Other memos" });
    expect((await api.raw("POST", "/api/customer/history", writer, { groupId: other.id, cardId: card.id, content: "wrong group" })).status).toBe(404);
    expect((await api.raw("PATCH", "/api/customer/history", reader, { id: form.body.id, content: "hijack" })).status).toBe(403);
    const edited = await api.ok<{ content: string }>(200, "PATCH", "/api/customer/history", writer, { id: form.body.id, content: "첫 미팅: 견적 발송" });
    expect(edited.content).toBe("첫 미팅: 견적 발송");
    const cardHistory = await api.ok<{ content: { content: string }[] }>(200, "GET", `/api/customer/history?groupId=${g.id}&id=${card.id}&historyType=MEMO`, reader);
    expect(cardHistory.content.map((h) => h.content)).toEqual(["첫 미팅: 견적 발송"]);
    await api.ok(200, "DELETE", `/api/customer/history/${form.body.id}`, writer);
    const log = await api.ok<{ content: { action: string; subject: string }[] }>(200, "GET", `/api/customer/history?groupId=${g.id}&pageSize=1`, reader);
    expect(log.content[0]).toMatchObject({ action: "DELETE", subject: "MEMO" });
    // A log entry is not a memo: it cannot be edited.
    const logs = await api.ok<{ content: { id: number }[] }>(200, "GET", `/api/customer/history?groupId=${g.id}&historyType=LOG`, writer);
    expect((await api.raw("PATCH", "/api/customer/history", writer, { id: logs.content[0].id, content: "rewrite" })).status).toBe(403);
    expect((await api.raw("DELETE", `/api/customer/history/${logs.content[0].id}`, B.admin)).status).toBe(404);
  });
});

describe("memo files", () => {
  it("keeps a memo's files (form data), lists them with the memo and hands them to readers; refuses too many or too large", async () => {
    const g = await addGroup(writer, { groupName: "Memo files", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    const post = async (who: Member, files: File[], content = "계약서 초안 첨부") => {
      const form = new FormData();
      form.append("groupId", String(g.id));
      form.append("content", content);
      for (const f of files) form.append("files", f);
      const res = await t.app.request("/api/customer/history", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
      return { status: res.status, body: await res.json() };
    };
    const r = await post(writer, [new File(["draft v1"], "계약서 초안.txt", { type: "text/plain" }), new File([new Uint8Array([1, 2, 3])], "../../etc/passwd")]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.attachments).toEqual([
      { position: 0, name: "계약서 초안.txt", size: 8, contentType: "text/plain" },
      { position: 1, name: "passwd", size: 3, contentType: "application/octet-stream" },
    ]);
    const listed = await api.ok<{ content: { id: number; attachments: { name: string }[] }[] }>(200, "GET", `/api/customer/history?groupId=${g.id}&historyType=MEMO`, reader);
    expect(listed.content[0].attachments.map((a) => a.name)).toEqual(["계약서 초안.txt", "passwd"]);
    const file = await t.app.request(`/api/customer/history/attach/${r.body.id}/0`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("draft v1");
    expect(file.headers.get("content-disposition")).toContain(encodeURIComponent("계약서 초안.txt"));
    for (const [who, path] of [[outsider, `/api/customer/history/attach/${r.body.id}/0`], [B.admin, `/api/customer/history/attach/${r.body.id}/0`], [reader, `/api/customer/history/attach/${r.body.id}/7`]] as const) {
      expect((await t.app.request(path, { headers: { authorization: `Bearer ${who.token}` } })).status).toBe(404);
    }
    const many = await post(writer, Array.from({ length: 6 }, (_, i) => new File(["x"], `f${i}.txt`)));
    expect(many.status).toBe(400);
    expect(many.body.code).toBe("customer.too_many_files");
    const big = await post(writer, [new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.bin")]);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("customer.file_too_large");
    expect((await post(reader, [new File(["x"], "x.txt")])).status).toBe(403);
    const count = await api.ok<{ totalElements: number }>(200, "GET", `/api/customer/history?groupId=${g.id}&historyType=MEMO`, writer);
    expect(count.totalElements).toBe(1);
    // A memo edit is still JSON within the usual limit.
    expect((await api.raw("PATCH", "/api/customer/history", writer, { id: r.body.id, content: "x".repeat(3 * 1024 * 1024) })).status).toBe(413);
  });
});

describe("mail", () => {
  it("offers customer cards the caller reads in autocomplete (CUSTOMER) and fills the compose entry 'customer'", async () => {
    const g = await addGroup(writer, { groupName: "Mail customers", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }] });
    const c1 = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: g.id, cardData: person("구매담당 문과장", "moon@buyer.example", { company: "바이어" }) });
    await api.ok(201, "POST", "/api/customer/card", writer, { groupId: g.id, cardData: person("Accounts", "ap@buyer.example") });
    const suggest = async (who: Member, q: string) =>
      (await api.ok<{ content: { type: string; email: string; organizationName: string | null }[] }>(200, "GET", `/api/autocomplete/email?query=${encodeURIComponent(q)}&typeList[]=CUSTOMER`, who)).content;
    expect(await suggest(reader, "ㅁㄱ")).toEqual([expect.objectContaining({ type: "CUSTOMER", email: "moon@buyer.example", organizationName: "바이어" })]);
    expect(await suggest(reader, "buyer")).toHaveLength(2);
    expect(await suggest(outsider, "buyer")).toEqual([]);
    expect(await suggest(B.admin, "buyer")).toEqual([]);
    const byIds = await api.ok<{ to: { key: string; value: string }[] }>(200, "GET", `/api/mails/v2/customer?cardIdList=${c1.id}`, reader);
    expect(byIds.to).toEqual([expect.objectContaining({ key: "moon@buyer.example", value: "구매담당 문과장 <moon@buyer.example>" })]);
    const byGroup = await api.ok<{ to: { key: string }[] }>(200, "GET", `/api/mails/v2/customer?groupId=${g.id}`, reader);
    expect(byGroup.to.map((e) => e.key)).toEqual(["moon@buyer.example", "ap@buyer.example"]);
    expect((await api.raw("GET", `/api/mails/v2/customer?groupId=${g.id}`, outsider)).status).toBe(404);
    // Many names starting with the query, in two groups: one list in name order across the groups.
    const g2 = await addGroup(writer, { groupName: "Mail customers 2" });
    for (let i = 1; i <= 12; i++) {
      const n = String(i).padStart(2, "0");
      await api.ok(201, "POST", "/api/customer/card", writer, { groupId: i % 2 ? g.id : g2.id, cardData: person(`Qix ${n}`, `qix${n}@example.com`) });
    }
    const page = await api.ok<{ content: { name: string }[]; totalElements: number }>(200, "GET", "/api/autocomplete/email?query=qix&typeList[]=CUSTOMER&pageSize=5", writer);
    expect(page.content.map((i) => i.name)).toEqual(["Qix 01", "Qix 02", "Qix 03", "Qix 04", "Qix 05"]);
    expect(page.totalElements).toBe(12);
    expect((await api.raw("GET", `/api/mails/v2/customer?cardIdList=${c1.id}`, B.admin)).status).toBe(404);
  });
});

describe("module flag", () => {
  it("answers 403 customer.disabled when the company has the customer book off", async () => {
    const me = await B.user("flagc");
    await t.db.db.update(companies).set({ useCustomer: false }).where(eq(companies.id, B.companyId));
    try {
      for (const [m, p] of [["GET", "/api/customer/group"], ["GET", "/api/customer/card/search?keyword=ab"], ["POST", "/api/customer/history"], ["POST", "/api/contact/card/copy/customer"]]) {
        const r = await api.raw(m, p, me, m === "GET" ? undefined : {});
        expect(r.status, p).toBe(403);
        expect(r.body.code).toBe("customer.disabled");
      }
    } finally {
      await t.db.db.update(companies).set({ useCustomer: true }).where(eq(companies.id, B.companyId));
    }
    expect((await api.raw("GET", "/api/customer/group", me)).status).toBe(200);
  });
});
