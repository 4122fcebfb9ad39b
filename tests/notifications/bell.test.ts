// The bell's API (shared/notifications/api.ts) on a fresh database: notifications recorded through notify()
// (what every module calls), the list newest first with paging and the unread filter, the unread count, marking
// read by ids or all, deleting one, the mail settings with every kind and its default, bad input, another
// person's and another company's ids answering like missing ones, the realtime NOTIFICATION_NEW and
// NOTIFICATION_READ frames over a real websocket, the generic notification mail and the retention purge.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { NOTIFICATION_KIND_IDS, NOTIFICATION_KINDS } from "../../shared/notifications/kinds.ts";
import {
  type NotificationPage, NOTIFICATION_NEW, NOTIFICATION_READ, type NotificationSettings, notificationTopic, RETENTION_DAYS,
} from "../../shared/notifications/api.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import { notify } from "../../server/modules/notifications/notify.ts";
import { purgeOld } from "../../server/modules/notifications/service.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, namedPerson } from "../share/share-helpers.ts";
import { type Client, open, serve, subscribe } from "../realtime/support.ts";

const t = await createTestApp();
const api = apiCaller(t, "/api/notifications");
const A = await company(t, "bell-a.test");
const kim = await namedPerson(t, A, "kim", "김민수", []);
const lee = await namedPerson(t, A, "lee", "이영희", []);
const B = await company(t, "bell-b.test");
const { ws } = serve(t.app);

/** Records one notification of `kind` from kim to the given people. */
const record = (userIds: number[], title: string, kind: keyof typeof NOTIFICATION_KINDS = "flow.assigned", excerpt?: string) =>
  notify(t.deps, A.companyId, { kind, userIds, actorId: kim.id, title, excerpt, link: `/flow/task/${title}`, objectKey: `test:${title}` });

/** GET /api/notifications?q (200). */
async function page(who: { token: string }, q = ""): Promise<NotificationPage> {
  const r = await t.call("GET", `/api/notifications${q ? `?${q}` : ""}`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const listFails = async (q: string) => {
  const r = await t.call("GET", `/api/notifications?${q}`, { token: lee.token });
  expect([r.status, r.body.code], q).toEqual([400, "common.validation"]);
};
const newFrame = (f: ServerFrame) => f.type === "MESSAGE" && f.event === NOTIFICATION_NEW;
const readFrame = (count: number) => (f: ServerFrame) => f.type === "MESSAGE" && f.event === NOTIFICATION_READ && f.data.count === count;

describe("the bell", () => {
  let socket: Client;

  test("a notification reaches the recipient's list and socket, not the actor's nor another company's", async () => {
    socket = await open(ws, lee.token);
    await subscribe(t.deps, socket, notificationTopic(lee.username));
    const other = await open(ws, B.admin.token);
    other.send({ type: "SUBSCRIBE", topic: notificationTopic(lee.username) });
    await other.next((f) => f.type === "ERROR" && f.code === "realtime.forbidden");
    other.close();

    await record([lee.id, kim.id, B.admin.id], "첫 업무", "flow.assigned", "  내용이\n  있는   댓글  ");
    const frame = await socket.next(newFrame);
    const mine = await page(lee);
    expect(mine.unreadCount).toBe(1);
    expect(mine.hasMore).toBe(false);
    expect(mine.content).toEqual([{
      id: frame.type === "MESSAGE" ? frame.data.id : 0, kind: "flow.assigned", actor: { id: kim.id, name: "김민수" },
      title: "첫 업무", excerpt: "내용이 있는 댓글", link: "/flow/task/첫 업무", createdAt: expect.any(String), read: false,
    }]);
    expect(frame).toMatchObject({ topic: notificationTopic(lee.username), data: { count: 1 } });
    // The actor and the other company's admin got none.
    expect((await page(kim)).content).toEqual([]);
    expect((await page(B.admin)).content).toEqual([]);
    expect(await api.ok(200, "GET", "unread-count", lee)).toEqual({ count: 1 });
    expect(await api.ok(200, "GET", "unread-count", kim)).toEqual({ count: 0 });
  });

  test("pages newest first with before and size; unread=true leaves the read ones out", async () => {
    for (const n of [2, 3, 4, 5]) await record([lee.id], `업무 ${n}`);
    const first = await page(lee, "size=2");
    expect(first.content.map((n) => n.title)).toEqual(["업무 5", "업무 4"]);
    expect(first.hasMore).toBe(true);
    expect(first.unreadCount).toBe(5);
    const second = await page(lee, `size=2&before=${first.content[1].id}`);
    expect(second.content.map((n) => n.title)).toEqual(["업무 3", "업무 2"]);
    expect(second.hasMore).toBe(true);
    const last = await page(lee, `size=2&before=${second.content[1].id}`);
    expect(last.content.map((n) => n.title)).toEqual(["첫 업무"]);
    expect(last.hasMore).toBe(false);
    expect((await page(lee)).content).toHaveLength(5); // the default size is 20

    // Mark two read by ids (an unknown id and kim's are skipped): NOTIFICATION_READ with the count after.
    const kims = await notify(t.deps, A.companyId, { kind: "flow.assigned", userIds: [kim.id], actorId: lee.id, title: "김민수의 것", link: "/flow" })
      .then(() => page(kim));
    const r = await api.ok(200, "POST", "read", lee, { ids: [first.content[0].id, first.content[1].id, 999_999, kims.content[0].id] });
    expect(r).toEqual({ count: 3 });
    await socket.next(readFrame(3));
    expect((await page(kim)).unreadCount).toBe(1);
    const unread = await page(lee, "unread=true");
    expect(unread.content.map((n) => n.title)).toEqual(["업무 3", "업무 2", "첫 업무"]);
    expect((await page(lee, "unread=false")).content).toHaveLength(5);
    expect((await page(lee)).content.filter((n) => n.read).map((n) => n.title)).toEqual(["업무 5", "업무 4"]);
    // Reading what is already read changes nothing.
    expect(await api.ok(200, "POST", "read", lee, { ids: [first.content[0].id] })).toEqual({ count: 3 });
  });

  test("bad input answers 400 common.validation", async () => {
    for (const q of ["size=0", "size=51", "size=x", "before=0", "before=-1", "unread=yes"]) {
      await listFails(q);
    }
    for (const body of [{}, { ids: [] }, { ids: ["a"] }, { ids: [0] }, { all: false }, { all: true, ids: [1] }, { ids: Array(501).fill(1) }]) {
      await api.fails(400, "common.validation", "POST", "read", lee, body);
    }
    for (const body of [{}, { mail: { "flow.assigned": "yes" } }, { mail: { "nope.kind": true } }, { mail: [] }]) {
      await api.fails(400, "common.validation", "PUT", "settings", lee, body);
    }
    expect((await t.call("GET", "/api/notifications")).status).toBe(401);
    expect((await api.raw("GET", "unread-count", { token: "" })).status).toBe(401);
  });

  test("delete: 204 for one's own; another's, another company's, missing and malformed ids answer 404", async () => {
    const list = await page(lee);
    const unreadOne = list.content.find((n) => !n.read)!;
    const kims = (await page(kim)).content[0];
    const theirs = await notify(t.deps, B.companyId, {
      kind: "flow.assigned", userIds: [B.admin.id], actorId: null, title: "B사 업무", link: "/flow",
    }).then(() => page(B.admin));
    for (const id of [kims.id, theirs.content[0].id, 999_999, "abc", 0]) {
      await api.fails(404, "notifications.not_found", "DELETE", String(id), lee);
    }
    await api.ok(204, "DELETE", String(unreadOne.id), lee);
    await socket.next(readFrame(2));
    await api.fails(404, "notifications.not_found", "DELETE", String(unreadOne.id), lee);
    expect((await page(lee)).content.map((n) => n.id)).not.toContain(unreadOne.id);
    // Deleting a read one leaves the count as it was.
    await api.ok(204, "DELETE", String(list.content.find((n) => n.read)!.id), lee);
    expect(await api.ok(200, "GET", "unread-count", lee)).toEqual({ count: 2 });
    expect((await page(kim)).content).toHaveLength(1);
    expect((await page(B.admin)).content).toHaveLength(1);
  });

  test("read all: every unread one of the caller, nobody else's", async () => {
    expect(await api.ok(200, "POST", "read", lee, { all: true })).toEqual({ count: 0 });
    await socket.next(readFrame(0));
    expect((await page(lee, "unread=true")).content).toEqual([]);
    expect((await page(kim)).unreadCount).toBe(1);
  });

  test("settings: every kind with its default; a change is the caller's own and decides the generic mail", async () => {
    const defaults = await api.ok<NotificationSettings>(200, "GET", "settings", lee);
    expect(Object.keys(defaults.mail).sort()).toEqual([...NOTIFICATION_KIND_IDS].sort());
    for (const k of NOTIFICATION_KIND_IDS) expect(defaults.mail[k]).toBe(NOTIFICATION_KINDS[k].mail);

    const saved = await api.ok<NotificationSettings>(200, "PUT", "settings", lee, { mail: { "flow.assigned": true, "approval.turn": false } });
    expect(saved.mail).toEqual({ ...defaults.mail, "flow.assigned": true, "approval.turn": false });
    expect(await api.ok(200, "GET", "settings", lee)).toEqual(saved);
    // A second save changes only what it names.
    const again = await api.ok<NotificationSettings>(200, "PUT", "settings", lee, { mail: { "approval.turn": true } });
    expect(again.mail).toEqual({ ...defaults.mail, "flow.assigned": true });
    expect(await api.ok(200, "GET", "settings", kim)).toEqual(defaults);

    // flow.assigned is off by default: kim (no choice) gets no mail; lee (turned on) gets the generic one.
    t.smtp.messages.length = 0;
    await notify(t.deps, A.companyId, { kind: "flow.assigned", userIds: [lee.id], actorId: kim.id, title: "메일 가는 업무", link: "/flow/task/7" });
    await notify(t.deps, A.companyId, { kind: "flow.assigned", userIds: [kim.id], actorId: lee.id, title: "메일 없는 업무", link: "/flow/task/8" });
    expect(t.smtp.messages.map((m) => m.to)).toEqual([[lee.username]]);
    expect(t.smtp.messages[0].text).toContain("http://localhost:8080/#/flow/task/7");
  });

  test("the daily purge removes notifications older than RETENTION_DAYS", async () => {
    const before = await page(lee);
    const oldest = before.content.at(-1)!;
    await t.db.db.execute(sql`update notifications set created_at = now() - make_interval(days => ${RETENTION_DAYS + 1}) where id = ${oldest.id}`);
    t.clock.set(Date.now());
    expect(await purgeOld(t.deps)).toBe(1);
    const after = await page(lee);
    expect(after.content.map((n) => n.id)).toEqual(before.content.slice(0, -1).map((n) => n.id));
    socket.close();
  });
});
