// Realtime topics and frames (000 §7): a user subscribes and publishes to their own topics only; a publish to
// /publish/auth/user/{u} fans out to every socket on /topic/auth/user/{u}; server-side publishNewMail reaches
// /topic/mail/user/{u}; malformed frames and unknown events answer ERROR.
import { describe, expect, test } from "vitest";
import { announceTopic, authPublishDestination, authTopic, mailTopic, type ServerFrame } from "../../shared/realtime.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { type Client, open, serve, subscribe } from "./support.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "rt-topics.test" });
const other = await signupCompany(t, { domain: "rt-other.test" });
const { ws } = serve(t.app);
const hub = t.deps.realtime.hub;

const isError = (code: string) => (f: ServerFrame) => f.type === "ERROR" && f.code === code;

describe("realtime topics", () => {
  let a: Client;
  let b: Client;

  test("a user subscribes to their own auth and mail topics", async () => {
    a = await open(ws, co.token);
    b = await open(ws, co.token, "protocol");
    await subscribe(t.deps, a, authTopic(co.username));
    await subscribe(t.deps, a, mailTopic(co.username));
    await subscribe(t.deps, b, authTopic(co.username), 2);
    expect(hub.subscriberCount(authTopic(co.username))).toBe(2);
    expect(a.frames.filter((f) => f.type === "ERROR")).toEqual([]);
  });

  test("another user's topics, and unknown topics, are forbidden", async () => {
    for (const topic of [authTopic(other.username), mailTopic(other.username), "/topic/mail/user/", "/topic/other"]) {
      a.send({ type: "SUBSCRIBE", topic });
      const f = await a.next((x) => isError("realtime.forbidden")(x) && x.type === "ERROR" && x.topic === topic);
      expect(f).toEqual({ type: "ERROR", code: "realtime.forbidden", topic });
      expect(hub.subscriberCount(topic)).toBe(0);
    }
  });

  test("a publish to the user's destination fans out to every subscribed socket, the sender's too", async () => {
    a.send({ type: "PUBLISH", topic: authPublishDestination(co.username), event: "TOKEN_ISSUED", data: { tab: "t1" } });
    const expected = { type: "MESSAGE", topic: authTopic(co.username), event: "TOKEN_ISSUED", data: { tab: "t1" } };
    expect(await b.next((f) => f.type === "MESSAGE" && f.event === "TOKEN_ISSUED")).toEqual(expected);
    expect(await a.next((f) => f.type === "MESSAGE" && f.event === "TOKEN_ISSUED")).toEqual(expected);
  });

  test("publishing to another user's destination is forbidden and reaches nobody", async () => {
    const c = await open(ws, other.token);
    await subscribe(t.deps, c, authTopic(other.username));
    a.send({ type: "PUBLISH", topic: authPublishDestination(other.username), event: "TOKEN_DESTROY" });
    await a.next((f) => isError("realtime.forbidden")(f) && f.type === "ERROR" && f.topic === authPublishDestination(other.username));
    a.send({ type: "PUBLISH", topic: authTopic(co.username), event: "TOKEN_DESTROY" });
    await a.next((f) => f.type === "ERROR" && f.topic === authTopic(co.username));
    await new Promise((r) => setTimeout(r, 200));
    expect(c.frames).toEqual([]);
    c.close();
  });

  test("unknown events, data that is not ids and malformed frames answer ERROR", async () => {
    a.send({ type: "PUBLISH", topic: authPublishDestination(co.username), event: "NEW_MAIL", data: { mailId: 1 } });
    await a.next(isError("realtime.unknown_event"));
    a.send({ type: "PUBLISH", topic: authPublishDestination(co.username), event: "TOKEN_ISSUED", data: { html: "x".repeat(200) } });
    await a.next(isError("realtime.invalid_frame"));
    a.send("not json");
    a.send({ type: "NOPE", topic: authTopic(co.username) });
    a.send("x".repeat(5000));
    await expect.poll(() => a.frames.filter(isError("realtime.invalid_frame")).length).toBe(4);
    expect(a.socket.readyState).toBe(WebSocket.OPEN);
  });

  test("publishNewMail reaches the user's mail topic with ids only; unsubscribing stops delivery", async () => {
    await t.deps.realtime.publishNewMail(co.username, 7, 42);
    expect(await a.next((f) => f.type === "MESSAGE" && f.event === "NEW_MAIL"))
      .toEqual({ type: "MESSAGE", topic: mailTopic(co.username), event: "NEW_MAIL", data: { folderId: 7, mailId: 42 } });
    expect(b.frames.some((f) => f.type === "MESSAGE" && f.event === "NEW_MAIL")).toBe(false);
    a.send({ type: "UNSUBSCRIBE", topic: mailTopic(co.username) });
    await expect.poll(() => hub.subscriberCount(mailTopic(co.username))).toBe(0);
    await t.deps.realtime.publishNewMail(co.username, 7, 43);
    await new Promise((r) => setTimeout(r, 100));
    expect(a.frames.filter((f) => f.type === "MESSAGE" && f.event === "NEW_MAIL")).toHaveLength(1);
  });

  test("an announcement posted, edited or deleted reaches the company's sockets, and only them", async () => {
    a.send({ type: "SUBSCRIBE", topic: announceTopic(other.companyId) });
    await a.next((f) => isError("realtime.forbidden")(f) && f.type === "ERROR" && f.topic === announceTopic(other.companyId));
    await subscribe(t.deps, a, announceTopic(co.companyId));
    const c = await open(ws, other.token);
    await subscribe(t.deps, c, announceTopic(other.companyId));

    const posted = await t.call("POST", "/api/admin/announcements", { token: co.token, json: { title: "Fire drill", contents: "<p>At 3</p>" } });
    expect(posted.status).toBe(201);
    const event = { type: "MESSAGE", topic: announceTopic(co.companyId), event: "ANNOUNCE_UPDATED", data: { id: posted.body.id } };
    expect(await a.next((f) => f.type === "MESSAGE" && f.event === "ANNOUNCE_UPDATED")).toEqual(event);
    expect((await t.call("DELETE", `/api/admin/announcements/${posted.body.id}`, { token: co.token })).status).toBe(204);
    await expect.poll(() => a.frames.filter((f) => f.type === "MESSAGE" && f.event === "ANNOUNCE_UPDATED").length).toBe(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.frames.filter((f) => f.type === "MESSAGE")).toEqual([]);
    c.close();
  });

  test("client publishes are rate limited per socket", async () => {
    for (let i = 0; i < 25; i++) a.send({ type: "PUBLISH", topic: authPublishDestination(co.username), event: "TOKEN_ISSUED" });
    await a.next(isError("common.rate_limited"));
  });

  test("closing a socket removes its subscriptions", async () => {
    a.close();
    b.close();
    await Promise.all([a.closed, b.closed]);
    await expect.poll(() => hub.subscriberCount(authTopic(co.username))).toBe(0);
  });
});
