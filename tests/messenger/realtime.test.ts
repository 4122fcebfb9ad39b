// The messenger over a real websocket (/ws): room topics only for current members, MESSAGE_NEW frames carrying
// the message (with its unread count) loaded once per instance, READ and TYPING, a removed member's sockets
// unsubscribed when ROOM_REMOVED reaches them, the messenger token (messenger topics only), presence (sockets on
// the company topic, rows per instance, PRESENCE, GET presence), link previews published as MESSAGE_CHANGED,
// ROOM_ADDED to those who hid a room when a message shows it again, and the frames crossing two instances through
// LISTEN/NOTIFY with each instance adding the message itself.
import { describe, expect, test } from "vitest";
import type { Message, PresenceAnswer, RoomDetail } from "../../shared/messenger/api.ts";
import {
  MESSENGER_EVENTS as EV, messengerCompanyTopic, messengerRoomTopic, messengerUserTopic,
} from "../../shared/messenger/constants.ts";
import { mailTopic, type ServerFrame } from "../../shared/realtime.ts";
import { presenceSettled, purgeStalePresence } from "../../server/modules/messenger/presence.ts";
import { previewsSettled } from "../../server/modules/messenger/previews.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Client, open, serve, startInstance, subscribe } from "../realtime/support.ts";
import { makeGroup, messengerApi, messengerCompany } from "./support.ts";

const t = await createTestApp({ OG_ALLOW_PRIVATE_HOSTS: "true" });
const api = messengerApi(t);
const A = await messengerCompany(t, "msg-rt-a.test");
const B = await messengerCompany(t, "msg-rt-b.test", false);
const { kim, lee, park } = A;
const { ws } = serve(t.app);
const hub = t.deps.realtime.hub;
const room = await makeGroup(t, kim, [lee, park]);
const topic = messengerRoomTopic(room.id);

const event = (name: string, extra: (f: ServerFrame & { type: "MESSAGE" }) => boolean = () => true) => (f: ServerFrame) =>
  f.type === "MESSAGE" && f.event === name && extra(f);
const forbidden = (topic: string) => (f: ServerFrame) => f.type === "ERROR" && f.code === "realtime.forbidden" && f.topic === topic;

// A page with Open Graph tags for the link preview (private hosts allowed for this app).
const page = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () =>
  new Response(`<html><head><meta property="og:title" content="출시 계획"><meta property="og:description" content="3분기 일정"></head></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  }));

describe("messenger realtime", () => {
  let k: Client;
  let l: Client;
  let p: Client;

  test("members subscribe to the room's topic; others, and another company, are refused", async () => {
    [k, l, p] = await Promise.all([open(ws, kim.token), open(ws, lee.token), open(ws, park.token)]);
    await subscribe(t.deps, k, topic);
    await subscribe(t.deps, l, topic, 2);
    await subscribe(t.deps, p, topic, 3);
    await subscribe(t.deps, p, messengerUserTopic(park.username));
    const outsider = await open(ws, B.co.admin.token);
    outsider.send({ type: "SUBSCRIBE", topic });
    await outsider.next(forbidden(topic));
    outsider.send({ type: "SUBSCRIBE", topic: messengerUserTopic(kim.username) });
    await outsider.next(forbidden(messengerUserTopic(kim.username)));
    expect(hub.subscriberCount(topic)).toBe(3);
    outsider.close();
  });

  test("a send reaches every member's socket with the message itself; READ and TYPING follow", async () => {
    const sent = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, kim, { text: "실시간 메시지" });
    const frames = await Promise.all([k, l, p].map((c) => c.next(event(EV.messageNew, (f) => f.data.messageId === sent.id))));
    for (const f of frames) {
      expect(f).toMatchObject({ topic, data: { roomId: room.id, messageId: sent.id }, payload: { id: sent.id, text: "실시간 메시지", unreadCount: 2, sender: { userId: kim.id } } });
    }
    await api.ok(204, "POST", `rooms/${room.id}/read`, lee, { messageId: sent.id });
    expect(await k.next(event(EV.read))).toMatchObject({ data: { roomId: room.id, userId: lee.id, messageId: sent.id } });
    await api.ok(204, "POST", `rooms/${room.id}/typing`, lee);
    expect(await k.next(event(EV.typing))).toMatchObject({ data: { roomId: room.id, userId: lee.id } });
    // Reactions change the message: MESSAGE_CHANGED with it.
    await api.ok(200, "PUT", `rooms/${room.id}/messages/${sent.id}/reactions`, park, { emoji: "🎉" });
    const changed = await l.next(event(EV.messageChanged, (f) => f.data.messageId === sent.id));
    expect((changed as { payload: Message }).payload.reactions).toMatchObject([{ emoji: "🎉", userIds: [park.id] }]);
  });

  test("a removed member's sockets stop receiving the room when ROOM_REMOVED reaches them", async () => {
    await api.ok(204, "DELETE", `rooms/${room.id}/members/${park.id}`, kim);
    expect(await p.next(event(EV.roomRemoved))).toMatchObject({ topic: messengerUserTopic(park.username), data: { roomId: room.id } });
    await expect.poll(() => hub.subscriberCount(topic)).toBe(2);
    const after = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, kim, { text: "박지훈 없이" });
    await l.next(event(EV.messageNew, (f) => f.data.messageId === after.id));
    await hub.settled();
    expect(p.frames.some(event(EV.messageNew, (f) => f.data.messageId === after.id))).toBe(false);
    p.send({ type: "SUBSCRIBE", topic });
    await p.next(forbidden(topic));
  });

  test("a link's preview is fetched after the send and published as MESSAGE_CHANGED", async () => {
    const url = `http://127.0.0.1:${page.addr.port}/plan`;
    const sent = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, kim, { text: `계획 공유: ${url} 확인 부탁` });
    // PENDING, or already OK when the page answered before the send's own answer was read.
    expect(sent.preview?.url).toBe(url);
    expect(["PENDING", "OK"]).toContain(sent.preview?.status);
    const f = await l.next(event(EV.messageChanged, (x) => x.data.messageId === sent.id));
    expect((f as { payload: Message }).payload.preview).toMatchObject({ url, status: "OK", title: "출시 계획", description: "3분기 일정" });
    await previewsSettled(t.deps);
  });

  test("a hidden room shown again by a new message: ROOM_ADDED on the topic of the one who hid it, once", async () => {
    await subscribe(t.deps, k, messengerUserTopic(kim.username));
    await api.ok(200, "PUT", `rooms/${room.id}/settings`, kim, { hidden: true });
    const back = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, lee, { text: "숨긴 방에 새 메시지" });
    expect(await k.next(event(EV.roomAdded))).toMatchObject({ topic: messengerUserTopic(kim.username), data: { roomId: room.id } });
    await k.next(event(EV.messageNew, (f) => f.data.messageId === back.id));
    // Not hidden any more: the next message adds nothing.
    const next = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, lee, { text: "한 번 더" });
    await k.next(event(EV.messageNew, (f) => f.data.messageId === next.id));
    await hub.settled();
    expect(k.frames.filter(event(EV.roomAdded, (f) => f.data.roomId === room.id))).toHaveLength(1);
  });

  test("the messenger token opens /ws for the messenger's topics only", async () => {
    const tok = (await api.ok(200, "GET", "token", lee)).messenger.data.authToken as string;
    const c = await open(ws, tok, "protocol");
    await subscribe(t.deps, c, topic, 3);
    await subscribe(t.deps, c, messengerUserTopic(lee.username));
    c.send({ type: "SUBSCRIBE", topic: mailTopic(lee.username) });
    await c.next(forbidden(mailTopic(lee.username)));
    c.send({ type: "PUBLISH", topic: `/publish/auth/user/${lee.username}`, event: "TOKEN_ISSUED" });
    await c.next((f) => f.type === "ERROR" && f.code === "realtime.forbidden");
    c.close();
    // Not a token for the API, nor one of another purpose for /ws.
    const bad = await fetch(ws.replace("ws:", "http:"), { headers: { authorization: `Bearer ${tok}x` } });
    expect(bad.status).toBe(401);
    await bad.body?.cancel();
  });

  test("presence: PRESENCE on the company topic as a user's first socket on it opens and last one closes", async () => {
    await presenceSettled(t.deps);
    const company = messengerCompanyTopic(A.co.companyId);
    await subscribe(t.deps, k, company);
    // A socket counts once it listens to the company's topic, as the messenger's window does.
    await presenceSettled(t.deps);
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${kim.id},${lee.id}`, kim)).online).toEqual([kim.id]);
    await subscribe(t.deps, l, company, 2);
    await presenceSettled(t.deps);
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${kim.id},${lee.id},${A.co.admin.id},x`, kim)).online.sort())
      .toEqual([kim.id, lee.id].sort());
    const admin = await open(ws, A.co.admin.token);
    await presenceSettled(t.deps);
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${A.co.admin.id}`, kim)).online).toEqual([]);
    await subscribe(t.deps, admin, company, 3);
    expect(await k.next(event(EV.presence, (f) => f.data.userId === A.co.admin.id && f.data.online === 1))).toBeTruthy();
    const second = await open(ws, A.co.admin.token);
    await subscribe(t.deps, second, company, 4);
    await presenceSettled(t.deps);
    const [row] = await t.db.sql`select sockets from messenger_presence where user_id = ${A.co.admin.id}`;
    expect(row.sockets).toBe(2);
    second.close();
    admin.close();
    await k.next(event(EV.presence, (f) => f.data.userId === A.co.admin.id && f.data.online === 0));
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${A.co.admin.id}`, kim)).online).toEqual([]);
    // Another company's people are never answered.
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${kim.id}`, B.co.admin)).online).toEqual([]);
    // A row of an instance that stopped without closing its sockets counts as offline, and the job removes it.
    await t.db.sql`insert into messenger_presence (user_id, instance_id, company_id, sockets, seen_at)
                   values (${A.co.admin.id}, 'gone', ${A.co.companyId}, 3, ${new Date(t.clock.now().getTime() - 2 * 60 * 60_000).toISOString()})`;
    expect((await api.ok<PresenceAnswer>(200, "GET", `presence?userIds=${A.co.admin.id}`, kim)).online).toEqual([]);
    expect(await purgeStalePresence(t.deps)).toBe(1);
  });

  test("across two instances: events go through NOTIFY, and each instance adds the message for its sockets", async () => {
    const one = await startInstance(t);
    const two = await startInstance(t);
    const g: RoomDetail = await makeGroup(t, kim, [lee], "두 서버");
    const gt = messengerRoomTopic(g.id);
    const c1 = await open(one.ws, kim.token);
    const c2 = await open(two.ws, lee.token);
    await subscribe(one.deps, c1, gt);
    await subscribe(two.deps, c2, gt);
    const r = await fetch(`${one.http}/api/messenger/rooms/${g.id}/messages`, {
      method: "POST", headers: { authorization: `Bearer ${kim.token}`, "content-type": "application/json" }, body: JSON.stringify({ text: "다른 서버로" }),
    });
    expect(r.status).toBe(201);
    const sent = await r.json() as Message;
    for (const c of [c1, c2]) {
      expect(await c.next(event(EV.messageNew, (f) => f.data.messageId === sent.id))).toMatchObject({ payload: { id: sent.id, text: "다른 서버로", unreadCount: 1 } });
    }
    c1.close();
    c2.close();
    await page.shutdown();
  });
});
