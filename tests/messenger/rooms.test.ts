// Messenger rooms through the HTTP API: the module switch (either flag), the token call, the chat with myself,
// DIRECT rooms once per pair, groups and channels (browse, join, PRIVATE by invitation), renames with their
// system message, members, the owner, leaving, settings (hidden rooms come back with a new message), and a
// second company's ids answering 404 like missing ones.
import { describe, expect, test } from "vitest";
import type { MessagePage, RoomDetail, RoomSummary } from "../../shared/messenger/api.ts";
import { parseSystemText } from "../../shared/messenger/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeGroup, messengerApi, messengerCompany } from "./support.ts";

const t = await createTestApp();
const api = messengerApi(t);
const A = await messengerCompany(t, "msg-rooms-a.test");
const B = await messengerCompany(t, "msg-rooms-b.test", false);
const { kim, lee, park } = A;

describe("messenger rooms", () => {
  test("the module answers 403 messenger.disabled with both flags off, and works with either", async () => {
    const flags = (json: Record<string, boolean>) => t.call("PUT", "/api/admin/company", { token: A.co.admin.token, json });
    expect((await flags({ useMessenger: false, useTeamChat: false })).status).toBe(200);
    await api.fails(403, "messenger.disabled", "GET", "rooms", kim);
    expect((await flags({ useTeamChat: true })).status).toBe(200);
    await api.ok(200, "GET", "rooms", kim);
    // The account uses the messenger by either flag (home widgets, search, the bell's settings follow it).
    expect((await t.call("GET", "/api/users/detail", { token: kim.token })).body.usedModules).toContain("messenger");
    expect((await flags({ useMessenger: true, useTeamChat: false })).status).toBe(200);
    await api.ok(200, "GET", "rooms", kim);
    expect((await t.call("GET", "/api/messenger/rooms")).status).toBe(401);
  });

  test("GET token answers the spec's shape with a short-lived token", async () => {
    const r = await api.ok(200, "GET", "token", kim);
    expect(r.messenger.success).toBe(true);
    expect(r.messenger.data.tenantId).toBe(A.co.companyId);
    expect(r.messenger.data.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.messenger.data.expiresAt).toBeGreaterThan(t.clock.now().getTime());
    // It is no access token.
    expect((await t.call("GET", "/api/messenger/rooms", { token: r.messenger.data.authToken })).status).toBe(401);
  });

  test("the chat with myself is made once and cannot be left", async () => {
    const a = await api.ok<RoomSummary>(200, "GET", "rooms/self", kim);
    const b = await api.ok<RoomSummary>(200, "GET", "rooms/self", kim);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ kind: "SELF", name: "김민수", memberCount: 1, me: { role: "OWNER" } });
    await api.fails(409, "messenger.cannot_leave", "POST", `rooms/${a.id}/leave`, kim);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${a.id}`, lee);
  });

  test("a DIRECT room is one per pair: the second create, from either side, answers it with 200", async () => {
    const d = await api.ok<RoomDetail>(201, "POST", "rooms", kim, { kind: "DIRECT", userIds: [lee.id] });
    expect(d).toMatchObject({ kind: "DIRECT", name: "이영희", memberCount: 2, peer: { userId: lee.id, name: "이영희" } });
    const again = await api.ok<RoomDetail>(200, "POST", "rooms", lee, { kind: "DIRECT", userIds: [kim.id] });
    expect(again.id).toBe(d.id);
    expect(again.name).toBe("김민수");
    await api.fails(409, "messenger.cannot_join", "POST", `rooms/${d.id}/members`, kim, { userIds: [park.id] });
    await api.fails(409, "messenger.cannot_leave", "POST", `rooms/${d.id}/leave`, kim);
    // Someone of another company is not a person to talk to.
    const foreign = await api.fails(400, "messenger.user_invalid", "POST", "rooms", kim, { kind: "DIRECT", userIds: [B.co.admin.id] });
    expect(foreign.params?.index ?? 0).toBe(0);
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "DIRECT", userIds: [lee.id, park.id] });
  });

  test("bad input answers 400 common.validation (NUL characters, unknown kinds, long names)", async () => {
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "GROUP", name: "a\u0000b" });
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "ROOM" });
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "GROUP", name: "x".repeat(81) });
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "CHANNEL", visibility: "PUBLIC" });
    await api.fails(404, "messenger.room_not_found", "GET", "rooms/abc", kim);
    await api.fails(400, "common.validation", "GET", "rooms/browse?keyword=%00", kim);
  });

  let channel: RoomDetail;
  test("a PUBLIC channel is found by browsing and joined by anyone; a PRIVATE one only by invitation", async () => {
    channel = await api.ok<RoomDetail>(201, "POST", "rooms", kim, { kind: "CHANNEL", name: "전체 공지", visibility: "PUBLIC", description: "회사 소식" });
    expect(channel).toMatchObject({ kind: "CHANNEL", visibility: "PUBLIC", memberCount: 1, me: { role: "OWNER" } });
    const found = await api.ok<RoomSummary[]>(200, "GET", `rooms/browse?keyword=${encodeURIComponent("공지")}`, park);
    expect(found.map((r) => [r.id, r.me])).toEqual([[channel.id, null]]);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${channel.id}`, park);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${channel.id}/messages`, park);
    const joined = await api.ok<RoomDetail>(200, "POST", `rooms/${channel.id}/join`, park);
    expect(joined.memberCount).toBe(2);
    expect(joined.members.map((m) => m.userId).sort()).toEqual([kim.id, park.id].sort());
    await api.fails(409, "messenger.already_member", "POST", `rooms/${channel.id}/join`, park);
    const page = await api.ok<MessagePage>(200, "GET", `rooms/${channel.id}/messages`, park);
    expect(page.messages.map((m) => parseSystemText(m.text)?.key)).toEqual(["system.created", "system.joined"]);
    expect(parseSystemText(page.messages[1].text)?.params.names).toEqual(["박지훈"]);

    const secret = await api.ok<RoomDetail>(201, "POST", "rooms", kim, { kind: "CHANNEL", name: "임원", visibility: "PRIVATE" });
    await api.fails(409, "messenger.cannot_join", "POST", `rooms/${secret.id}/join`, lee);
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms/browse", lee)).map((r) => r.id)).not.toContain(secret.id);
    // A channel of an organisation starts with its people.
    const sales = await api.ok<RoomDetail>(201, "POST", "rooms", kim, { kind: "CHANNEL", name: "영업팀", organId: A.sales });
    expect(sales.members.map((m) => m.userId).sort()).toEqual([kim.id, lee.id].sort());
    await api.fails(400, "common.validation", "POST", "rooms", kim, { kind: "CHANNEL", name: "남의 조직", organId: B.sales });
  });

  test("another company's rooms answer 404 like missing ones, for every call", async () => {
    const other = B.co.admin;
    for (const [method, path, json] of [
      ["GET", `rooms/${channel.id}`], ["PUT", `rooms/${channel.id}`, { name: "x" }], ["DELETE", `rooms/${channel.id}`],
      ["POST", `rooms/${channel.id}/join`], ["POST", `rooms/${channel.id}/leave`], ["GET", `rooms/${channel.id}/messages`],
      ["POST", `rooms/${channel.id}/messages`, { text: "hi" }], ["POST", `rooms/${channel.id}/read`, { messageId: 1 }],
      ["POST", `rooms/${channel.id}/typing`], ["POST", `rooms/${channel.id}/members`, { userIds: [other.id] }],
      ["PUT", `rooms/${channel.id}/settings`, { muted: true }], ["POST", `rooms/${channel.id}/pins`, { messageId: 1 }],
      ["GET", `search?keyword=${encodeURIComponent("공지")}&roomId=${channel.id}`], ["GET", `rooms/999999999`],
    ] as [string, string, unknown?][]) {
      await api.fails(404, "messenger.room_not_found", method, path, other, json);
    }
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms/browse", other)).map((r) => r.id)).not.toContain(channel.id);
  });

  let group: RoomDetail;
  test("a group: the owner renames it (a system message), members invite, only the owner removes", async () => {
    group = await makeGroup(t, kim, [lee]);
    await api.fails(403, "messenger.not_owner", "PUT", `rooms/${group.id}`, lee, { name: "내 방" });
    const renamed = await api.ok<RoomDetail>(200, "PUT", `rooms/${group.id}`, kim, { name: "출시 준비", description: "3분기" });
    expect(renamed).toMatchObject({ name: "출시 준비", description: "3분기" });
    expect(parseSystemText(renamed.lastMessage!.preview)).toEqual({ key: "system.renamed", params: { by: "김민수", name: "출시 준비" } });
    const grown = await api.ok<RoomDetail>(200, "POST", `rooms/${group.id}/members`, lee, { userIds: [park.id] });
    expect(grown.memberCount).toBe(3);
    await api.fails(409, "messenger.already_member", "POST", `rooms/${group.id}/members`, lee, { userIds: [park.id] });
    await api.fails(400, "messenger.user_invalid", "POST", `rooms/${group.id}/members`, lee, { userIds: [B.co.admin.id] });
    await api.fails(403, "messenger.not_owner", "DELETE", `rooms/${group.id}/members/${park.id}`, lee);
    await api.ok(204, "DELETE", `rooms/${group.id}/members/${park.id}`, kim);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${group.id}`, park);
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms", park)).map((r) => r.id)).not.toContain(group.id);
  });

  test("the owner stays until they hand the room over; the last one out removes it", async () => {
    await api.fails(409, "messenger.owner_must_stay", "POST", `rooms/${group.id}/leave`, kim);
    await api.fails(400, "messenger.user_invalid", "PUT", `rooms/${group.id}/owner`, kim, { userId: park.id });
    const handed = await api.ok<RoomDetail>(200, "PUT", `rooms/${group.id}/owner`, kim, { userId: lee.id });
    expect(handed.members.find((m) => m.userId === lee.id)?.role).toBe("OWNER");
    await api.ok(204, "POST", `rooms/${group.id}/leave`, kim);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${group.id}`, kim);
    const page = await api.ok<MessagePage>(200, "GET", `rooms/${group.id}/messages`, lee);
    expect(page.messages.slice(-2).map((m) => parseSystemText(m.text)?.key)).toEqual(["system.owner_changed", "system.left"]);
    await api.ok(204, "POST", `rooms/${group.id}/leave`, lee);
    const [{ n }] = await t.db.sql`select count(*)::int as n from messenger_rooms where id = ${group.id}`;
    expect(n).toBe(0);
  });

  test("settings are the caller's own: a hidden room leaves the list until a new message comes", async () => {
    const g = await makeGroup(t, lee, [kim], "점심");
    const s = await api.ok<RoomSummary>(200, "PUT", `rooms/${g.id}/settings`, kim, { hidden: true, muted: true });
    expect(s.me).toMatchObject({ hidden: true, muted: true });
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms", kim)).map((r) => r.id)).not.toContain(g.id);
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms", lee)).map((r) => r.id)).toContain(g.id);
    await api.ok(201, "POST", `rooms/${g.id}/messages`, lee, { text: "점심 뭐 먹죠?" });
    const back = (await api.ok<RoomSummary[]>(200, "GET", "rooms", kim)).find((r) => r.id === g.id)!;
    expect(back).toMatchObject({ unreadCount: 1, me: { hidden: false, muted: true }, lastMessage: { preview: "점심 뭐 먹죠?", senderName: "이영희" } });
    // Newest first.
    expect((await api.ok<RoomSummary[]>(200, "GET", "rooms", kim))[0].id).toBe(g.id);
  });

  test("the owner deletes a channel; its members lose it", async () => {
    await api.fails(403, "messenger.not_owner", "DELETE", `rooms/${channel.id}`, park);
    await api.ok(204, "DELETE", `rooms/${channel.id}`, kim);
    await api.fails(404, "messenger.room_not_found", "GET", `rooms/${channel.id}`, park);
  });
});
