// Realtime of the address books (shared/contacts/constants.ts): CUSTOMER_CHANGED with ids only reaches every
// user who reads the changed customer group (everyone for a public group; a private group's members and the
// book admins, not the others) on a card's, memo's, tag's or kept change, and everyone on a change of the
// groups; CONTACT_CHANGED reaches the user whose private book a CardDAV client changed (a card put or deleted,
// a group vCard deleted). The sockets subscribe through the hub as the browser's do; the websocket only
// lets a user subscribe to their own topics (tests/realtime covers the frames).
import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_CHANGED, contactTopic, CUSTOMER_CHANGED, customerTopic } from "../../shared/contacts/constants.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { dav, serveApp, setClientPassword } from "../dav/support.ts";
import { VCARD, vcard } from "../dav/carddav-support.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

const t: TestApp = await createTestApp();
const base = serveApp(t);
let A: Co;
let api: ReturnType<typeof contactsApi>;
let writer: Member, reader: Member, outsider: Member;
type Frame = { topic: string; event: string; data: Record<string, unknown> };

/** Subscribes a socket of `who` to `topic`; answers what it hears. */
function listen(who: Member, topic: string): Frame[] {
  const heard: Frame[] = [];
  const conn: Conn = { username: who.username, send: (text) => heard.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true) };
  t.deps.realtime.hub.add(conn);
  t.deps.realtime.hub.subscribe(conn, topic);
  return heard;
}

beforeAll(async () => {
  A = await company(t, "contacts-realtime.test");
  api = contactsApi(t);
  writer = await A.user("writer");
  reader = await A.user("reader");
  outsider = await A.user("outsider");
});

describe("CUSTOMER_CHANGED", () => {
  it("reaches the readers of a private group (ids only), not the others; every change of its cards, memos and tags", async () => {
    const priv = await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, {
      groupName: "누리소프트", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }],
    });
    const heard = { writer: listen(writer, customerTopic(writer.username)), reader: listen(reader, customerTopic(reader.username)), outsider: listen(outsider, customerTopic(outsider.username)), admin: listen(A.admin, customerTopic(A.admin.username)) };
    const card = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: priv.id, cardData: person("박지훈", "jihun@nuri.example") });
    const first = { topic: customerTopic(reader.username), event: CUSTOMER_CHANGED, data: { groupId: priv.id, cardId: card.id } };
    expect(heard.reader).toEqual([{ type: "MESSAGE", ...first }]);
    expect(heard.writer.map((f) => f.data)).toEqual([{ groupId: priv.id, cardId: card.id }]);
    expect(heard.admin.map((f) => f.data)).toEqual([{ groupId: priv.id, cardId: card.id }]);
    expect(heard.outsider).toEqual([]);

    await api.ok(200, "PUT", `/api/customer/card/${card.id}`, writer, { cardData: person("박지훈 팀장", "jihun@nuri.example") });
    await api.ok(201, "POST", "/api/customer/history", writer, { groupId: priv.id, cardId: card.id, content: "통화함" });
    const tag = await api.ok<{ id: number }>(201, "POST", "/api/customer/tag", writer, { name: "거래중" });
    await api.ok(200, "PUT", "/api/customer/card/tag", writer, { cardIdList: [card.id], tagIdList: [tag.id] });
    await api.ok(200, "PUT", "/api/customer/card/importantStatus", writer, { cardIdList: [card.id], importantStatus: true });
    await api.ok(200, "DELETE", "/api/customer/card", writer, { cardIdList: [card.id] });
    expect(heard.reader.map((f) => [f.event, f.data.groupId, f.data.cardId])).toEqual([
      ...Array.from({ length: 6 }, () => [CUSTOMER_CHANGED, priv.id, card.id]),
    ]);
    expect(heard.outsider).toEqual([]);
    // Data is ids only: nothing of the card's text travels.
    expect(JSON.stringify(heard.reader)).not.toContain("박지훈");
  });

  it("a public group's change reaches every member; a group change reaches everyone with the tree flag", async () => {
    const pub = await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "한빛상사", isPublic: true });
    const heard = listen(outsider, customerTopic(outsider.username));
    await api.ok(201, "POST", "/api/customer/card", writer, { groupId: pub.id, cardData: person("김민수", "minsu@hanbit.example") });
    expect(heard.map((f) => f.data)).toEqual([{ groupId: pub.id, cardId: expect.any(Number) }]);
    const priv = await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "비공개", isPublic: false });
    await api.ok(200, "PATCH", "/api/customer/group", writer, { id: priv.id, groupName: "비공개 2" });
    await api.ok(200, "DELETE", `/api/customer/group/${priv.id}`, writer);
    expect(heard.slice(1).map((f) => f.data)).toEqual([{ groupId: priv.id, tree: 1 }, { groupId: priv.id, tree: 1 }, { groupId: priv.id, tree: 1 }]);
    // Moving a card tells both groups' readers.
    const card = (await api.ok<{ content: { id: number }[] }>(200, "GET", `/api/customer/card?groupId=${pub.id}`, writer)).content[0];
    const other = await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "다온물산", isPublic: true });
    heard.length = 0;
    await api.ok(200, "PATCH", "/api/customer/card/move", writer, { cardIdList: [card.id], targetGroupId: other.id });
    expect(heard.map((f) => f.data.groupId).sort()).toEqual([pub.id, other.id].sort());
  });

  it("a CardDAV write to a customer group reaches its readers", async () => {
    await setClientPassword(t, A.companyId, writer.id);
    const pub = await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "DAV 고객", isPublic: true });
    const heard = listen(reader, customerTopic(reader.username));
    const put = await dav(base, { username: writer.username }, "PUT", `/dav/addressbooks/${writer.username}/customer-${pub.id}/p1.vcf`,
      vcard("dav-customer-1@example.org", "Dewi Lestari", "dewi@example.com"), VCARD);
    expect(put.status, put.text).toBe(201);
    expect(heard.map((f) => f.data.groupId)).toEqual([pub.id]);
  });
});

describe("CONTACT_CHANGED", () => {
  it("reaches the owner when a CardDAV client puts or deletes a card or deletes a group, and nobody else", async () => {
    await setClientPassword(t, A.companyId, reader.id);
    const mine = listen(reader, contactTopic(reader.username));
    const others = listen(writer, contactTopic(writer.username));
    const book = `/dav/addressbooks/${reader.username}/contacts/`;
    const put = await dav(base, { username: reader.username }, "PUT", `${book}phone-1.vcf`, vcard("phone-rt-1@example.org", "Minsu Kim", "minsu@example.com"), VCARD);
    expect(put.status, put.text).toBe(201);
    expect(mine).toEqual([{ type: "MESSAGE", topic: contactTopic(reader.username), event: CONTACT_CHANGED, data: {} }]);
    const group = await api.addGroup(reader, "친구");
    const del = await dav(base, { username: reader.username }, "DELETE", `${book}group-${group.id}.vcf`);
    expect(del.status, del.text).toBe(204);
    expect((await dav(base, { username: reader.username }, "DELETE", `${book}phone-1.vcf`)).status).toBe(204);
    expect(mine.map((f) => f.event)).toEqual([CONTACT_CHANGED, CONTACT_CHANGED, CONTACT_CHANGED]);
    // A write through the API is the browser's own: it refreshes by itself.
    await api.addCard(reader, person("이서연", "seoyeon@example.com"));
    expect(mine.length).toBe(3);
    expect(others).toEqual([]);
  });
});
