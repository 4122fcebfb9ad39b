// The realtime websocket's authentication (000 §7): bearer token before the upgrade, by header or by the
// "bearer, <token>" subprotocols; refused without a valid one; a signed-out session's socket is closed.
import { describe, expect, test } from "vitest";
import { authTopic, CLOSE_SESSION_ENDED } from "../../shared/realtime.ts";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";
import { open, serve, settlesWithin, subscribe } from "./support.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "rt-auth.test" });
const { ws } = serve(t.app);
const upgrade = { upgrade: "websocket", connection: "Upgrade", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" };

describe("realtime authentication", () => {
  test("without a token the upgrade is refused with 401", async () => {
    const r = await t.call("GET", "/ws", { headers: upgrade });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("common.401");
    await expect(open(ws, null)).rejects.toThrow();
  });

  test("a bad or forged token is refused with 401, by header and by subprotocol", async () => {
    const forged = co.token.slice(0, -4) + "AAAA";
    expect((await t.call("GET", "/ws", { headers: { ...upgrade, authorization: `Bearer ${forged}` } })).status).toBe(401);
    expect((await t.call("GET", "/ws", { headers: { ...upgrade, "sec-websocket-protocol": `bearer, ${forged}` } })).status).toBe(401);
    expect((await t.call("GET", "/ws", { headers: { ...upgrade, "sec-websocket-protocol": "bearer" } })).status).toBe(401);
    await expect(open(ws, forged, "header")).rejects.toThrow();
    await expect(open(ws, forged, "protocol")).rejects.toThrow();
  });

  test("an expired access token is refused", async () => {
    const tokens = await login(t, co.username);
    t.clock.advance(t.deps.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    try {
      expect((await t.call("GET", "/ws", { headers: { ...upgrade, authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    } finally {
      t.clock.advance(-(t.deps.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000));
    }
  });

  test("a valid token opens the socket by header and by subprotocol; the token is never echoed", async () => {
    const a = await open(ws, co.token, "header");
    expect(a.socket.protocol).toBe("");
    const b = await open(ws, co.token, "protocol");
    expect(b.socket.protocol).toBe("bearer");
    a.close();
    b.close();
  });

  test("a plain GET with a valid token asks for the upgrade", async () => {
    const r = await t.call("GET", "/ws", { token: co.token });
    expect(r.status).toBe(426);
    expect(r.body.code).toBe("realtime.upgrade_required");
  });

  test("signing out closes that session's sockets with 4401; another session's socket stays", async () => {
    const mine = await login(t, co.username);
    const other = await login(t, co.username);
    const a = await open(ws, mine.access_token);
    const b = await open(ws, other.access_token);
    await subscribe(t.deps, a, authTopic(co.username));
    await subscribe(t.deps, b, authTopic(co.username), 2);
    expect((await t.call("GET", "/oauth/logout", { token: mine.access_token })).status).toBe(200);
    await b.next((f) => f.type === "MESSAGE" && f.event === "TOKEN_DESTROY");
    const closed = await a.closed;
    expect(closed.code).toBe(CLOSE_SESSION_ENDED);
    expect(await settlesWithin(b.closed, 300)).toBe(false);
    b.close();
  });

  test("a revoked session is also caught on the next frame", async () => {
    const s = await login(t, co.username);
    const a = await open(ws, s.access_token);
    await t.db.sql`update sessions set revoked_at = now() where revoked_at is null`;
    a.send({ type: "SUBSCRIBE", topic: authTopic(co.username) });
    expect((await a.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  test("the periodic sweep closes sockets of sessions ended without an event", async () => {
    const s = await login(t, co.username);
    const a = await open(ws, s.access_token);
    await expect.poll(() => t.deps.realtime.hub.size).toBeGreaterThan(0);
    await t.db.sql`update sessions set revoked_at = now() where revoked_at is null`;
    await t.deps.realtime.hub.sweep();
    expect((await a.closed).code).toBe(CLOSE_SESSION_ENDED);
  });
});
