// Several instances on one database (ARCHITECTURE: realtime events cross instances through LISTEN/NOTIFY):
// two app instances, each with its own pool, hub and bridge, served on their own loopback ports.
import { describe, expect, test } from "vitest";
import { authPublishDestination, authTopic, mailTopic } from "../../shared/realtime.ts";
import { distinctRounds, REALTIME_CHANNEL } from "../../server/realtime/bridge.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { open, startInstance, subscribe } from "./support.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "rt-multi.test" });
const one = await startInstance(t);
const two = await startInstance(t);

test("distinctRounds keeps the order and repeats no payload within a round", () => {
  expect(distinctRounds(["a", "b", "a", "c", "a", "a"])).toEqual([["a", "b"], ["a", "c"], ["a"], ["a"]]);
  expect(distinctRounds([])).toEqual([]);
});

describe("realtime across instances", () => {
  test("both bridges LISTEN on the one channel of the shared database", async () => {
    const rows = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'groupware-realtime'`;
    expect(rows[0].n).toBe(2);
    expect(REALTIME_CHANNEL).toBe("gw_realtime");
  });

  test("a client publish on instance one reaches a socket on instance two, and both local sockets", async () => {
    const a = await open(one.ws, co.token);
    const b = await open(two.ws, co.token, "protocol");
    await subscribe(one.deps, a, authTopic(co.username));
    await subscribe(two.deps, b, authTopic(co.username));
    a.send({ type: "PUBLISH", topic: authPublishDestination(co.username), event: "TOKEN_ISSUED", data: { tab: "x1" } });
    const expected = { type: "MESSAGE", topic: authTopic(co.username), event: "TOKEN_ISSUED", data: { tab: "x1" } };
    expect(await b.next((f) => f.type === "MESSAGE")).toEqual(expected);
    expect(await a.next((f) => f.type === "MESSAGE")).toEqual(expected);
    a.close();
    b.close();
  });

  test("a server-side publishNewMail on instance two reaches the mail topic on instance one", async () => {
    const a = await open(one.ws, co.token);
    await subscribe(one.deps, a, mailTopic(co.username));
    await two.deps.realtime.publishNewMail(co.username, 3, 99);
    expect(await a.next((f) => f.type === "MESSAGE"))
      .toEqual({ type: "MESSAGE", topic: mailTopic(co.username), event: "NEW_MAIL", data: { folderId: 3, mailId: 99 } });
    a.close();
  });

  test("events published in one turn (a group of deliveries, sent together) all arrive, in order", async () => {
    const a = await open(one.ws, co.token);
    await subscribe(one.deps, a, mailTopic(co.username));
    await Promise.all(Array.from({ length: 12 }, (_, i) => two.deps.realtime.publishNewMail(co.username, 3, 1000 + i)));
    await a.next((f) => f.type === "MESSAGE" && (f.data as { mailId?: number }).mailId === 1011);
    expect(a.frames.filter((f) => f.type === "MESSAGE").map((f) => f.data)).toEqual(Array.from({ length: 12 }, (_, i) => ({ folderId: 3, mailId: 1000 + i })));
    a.close();
  });

  test("identical events in one turn each arrive (PostgreSQL folds identical notifications of one statement)", async () => {
    const a = await open(one.ws, co.token);
    await subscribe(one.deps, a, mailTopic(co.username));
    const ids = [2000, 2000, 2001, 2000];
    await Promise.all(ids.map((id) => two.deps.realtime.publishNewMail(co.username, 4, id)));
    await a.next((f) => f.type === "MESSAGE" && (f.data as { mailId?: number }).mailId === 2001);
    await until(() => a.frames.filter((f) => f.type === "MESSAGE").length >= 4, "the fourth event");
    expect(a.frames.filter((f) => f.type === "MESSAGE").map((f) => f.data)).toEqual(ids.map((mailId) => ({ folderId: 4, mailId })));
    a.close();
  });

  test("sign-in on one instance announces TOKEN_ISSUED; sign-out delivers TOKEN_DESTROY on the other", async () => {
    const watcher = await open(two.ws, co.token);
    await subscribe(two.deps, watcher, authTopic(co.username));

    const res = await fetch(`${one.http}/oauth/token`, {
      method: "POST",
      headers: { authorization: OAUTH_BASIC_HEADER, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: co.username, password: co.password }),
    });
    expect(res.status).toBe(200);
    const signedIn = await res.json();
    await watcher.next((f) => f.type === "MESSAGE" && f.event === "TOKEN_ISSUED");

    // The new session's own socket lives on instance two; it signs out through instance one.
    const leaving = await open(two.ws, signedIn.access_token);
    await subscribe(two.deps, leaving, authTopic(co.username), 2);
    const out = await fetch(`${one.http}/oauth/logout`, { headers: { authorization: `Bearer ${signedIn.access_token}` } });
    expect(out.status).toBe(200);
    await out.body?.cancel();
    expect(await watcher.next((f) => f.type === "MESSAGE" && f.event === "TOKEN_DESTROY"))
      .toEqual({ type: "MESSAGE", topic: authTopic(co.username), event: "TOKEN_DESTROY", data: {} });
    // The signed-out session's socket, on the other instance, is closed by the check the event triggers.
    expect((await leaving.closed).code).toBe(4401);
    expect(watcher.socket.readyState).toBe(WebSocket.OPEN);
    watcher.close();
  });
});
