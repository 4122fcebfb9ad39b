// The drive's Google Drive, connecting (issue 25; 001 §2 "enabled only when the company's drive config says
// so", §3 "External token", §7 GET /api/external/auth/url/{type}, GET/POST/PUT/DELETE /api/external/token,
// the token list by kind DRIVE; §8 drive.67, .68, .69) against the stand-in Google on loopback: the gate of
// useGoogleDrive, the popup's flow, the token stored encrypted and never answered, saving with a code, the
// refresh call, disconnecting (revoked at Google), and another company's and another user's view.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { externalConnections } from "../../db/schema/index.ts";
import { decryptPassword } from "../../server/modules/mail/external/crypto.ts";
import { startGoogleStandin } from "../support/google-standin.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, type Member } from "../share/share-helpers.ts";
import { configureGoogleDrive, connectDrive, consent, setUseGoogleDrive } from "./external-support.ts";

const t = await createTestApp();
const g = startGoogleStandin();
afterAll(() => g.close());
let A: Co, B: Co;
let kim: Member, lee: Member, park: Member;

beforeAll(async () => {
  A = await company(t, "gdrive-connect.test");
  B = await company(t, "gdrive-connect-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  park = await B.user("park");
});

const TOKEN_CALLS: [string, string][] = [
  ["GET", "/api/external/auth/url/GOOGLE_DRIVE"], ["GET", "/api/external/token/GOOGLE_DRIVE"], ["GET", "/api/external/token?kind=DRIVE"],
  ["PUT", "/api/external/token/GOOGLE_DRIVE"], ["DELETE", "/api/external/token/GOOGLE_DRIVE"], ["GET", "/api/external/drive/files"],
  ["GET", "/api/external/drive/files/abc"], ["GET", "/api/external/drive/files/abc/download"],
];

describe("the company's drive config", () => {
  test("with useGoogleDrive off (the default) every call answers 404, the generic popup start too", async () => {
    const cfg = await t.call("GET", "/api/company/config/drive", { token: kim.token });
    expect(cfg.body.config).toEqual({ useGoogleDrive: false });
    for (const [method, path] of TOKEN_CALLS) {
      const r = await t.call(method, path, { token: kim.token });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    // The registration is set up, the company's drive config still says no.
    await configureGoogleDrive(t, A.admin, g, false);
    expect((await t.call("POST", "/api/oauth2/authorization/google-drive", { token: kim.token })).status).toBe(404);
    expect((await t.call("GET", "/api/external/auth/url/GOOGLE_DRIVE", { token: kim.token })).status).toBe(404);
  });

  test("signed-out calls answer 401; an unknown type 404; a bad body 400 common.validation", async () => {
    await setUseGoogleDrive(t, A.admin, true);
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE")).status).toBe(401);
    expect((await t.call("GET", "/api/external/drive/files")).status).toBe(401);
    expect((await t.call("GET", "/api/external/token/DROPBOX", { token: kim.token })).status).toBe(404);
    expect((await t.call("GET", "/api/external/auth/url/GOOGLE_CALENDAR", { token: kim.token })).status).toBe(404);
    const bad = await t.call("POST", "/api/external/token/GOOGLE_DRIVE", { token: kim.token, json: { code: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
    const kind = await t.call("GET", "/api/external/token?kind=MAIL", { token: kim.token });
    expect(kind.status).toBe(400);
  });

  test("with the drive module off, the Google Drive is off too", async () => {
    const off = await t.call("PUT", "/api/admin/company", { token: A.admin.token, json: { useDrive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token })).status).toBe(404);
    await t.call("PUT", "/api/admin/company", { token: A.admin.token, json: { useDrive: true } });
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token })).status).toBe(200);
  });
});

describe("connecting", () => {
  test("before: not connected, no token in the list, files answer 404", async () => {
    const r = await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token });
    expect(r.body).toEqual({ externalType: "GOOGLE_DRIVE", connected: false, connectionId: null, username: null, email: null, errorMessage: null, expiresAt: null });
    expect((await t.call("GET", "/api/external/token?kind=DRIVE", { token: kim.token })).body).toEqual([]);
    expect((await t.call("GET", "/api/external/drive/files", { token: kim.token })).status).toBe(404);
  });

  test("the popup's flow stores the token, encrypted; the answers never carry it", async () => {
    const exchanges = g.counts.codeExchanges;
    const msg = await connectDrive(t, kim);
    expect(msg).toMatchObject({ type: "gw-oauth2", registrationId: "google-drive", errorMessage: null });
    expect(g.counts.codeExchanges).toBe(exchanges + 1);
    const r = await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token });
    expect(r.body).toMatchObject({ externalType: "GOOGLE_DRIVE", connected: true, connectionId: msg.connectionId, email: g.account.email, username: g.account.name, errorMessage: null });
    expect(Date.parse(r.body.expiresAt)).toBeGreaterThan(Date.now());
    const list = await t.call("GET", "/api/external/token?kind=DRIVE", { token: kim.token });
    expect(list.body).toEqual([r.body]);
    const [row] = await t.deps.db.select().from(externalConnections).where(eq(externalConnections.id, msg.connectionId!));
    expect(row).toMatchObject({ companyId: A.companyId, userId: kim.id, serviceType: "GOOGLE_DRIVE", registrationId: "google-drive" });
    expect(row.accessTokenEnc).not.toMatch(/ya29\./);
    expect(row.refreshTokenEnc).not.toMatch(/^1\/\//);
    for (const body of [r.body, list.body]) expect(JSON.stringify(body)).not.toMatch(/ya29\.|1\/\//);
    // The calendar's list of connections knows it as a GOOGLE_DRIVE connection.
    const conns = await t.call("GET", "/api/oauth2/connections?serviceType=GOOGLE_DRIVE", { token: kim.token });
    expect(conns.body.map((c: { id: number }) => c.id)).toEqual([msg.connectionId]);
  });

  test("a grant without the drive scope is INVALID_SCOPE and stores nothing", async () => {
    g.switches.dropDriveScope = true;
    try {
      const msg = await connectDrive(t, lee);
      expect(msg).toMatchObject({ connectionId: null, errorMessage: "INVALID_SCOPE" });
    } finally {
      g.switches.dropDriveScope = false;
    }
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: lee.token })).body.connected).toBe(false);
  });

  test("PUT refreshes the access token now", async () => {
    const before = g.counts.refreshes;
    const r = await t.call("PUT", "/api/external/token/GOOGLE_DRIVE", { token: kim.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ connected: true, errorMessage: null });
    expect(g.counts.refreshes).toBe(before + 1);
    expect((await t.call("PUT", "/api/external/token/GOOGLE_DRIVE", { token: lee.token })).status).toBe(404);
  });

  test("PUT after the grant was revoked at Google: 502 drive.63 INVALID_TOKEN, remembered on the token", async () => {
    const msg = await connectDrive(t, lee);
    expect(msg.errorMessage).toBeNull();
    const [row] = await t.deps.db.select().from(externalConnections).where(eq(externalConnections.id, msg.connectionId!));
    expect(row).toBeTruthy();
    // Revoke lee's grant at Google as the user would on Google's own page (the stand-in's revocation endpoint).
    const refresh = await decryptPassword(t.deps.db, row.refreshTokenEnc!);
    const revoked = await fetch(g.endpoints.revocationUri, { method: "POST", body: new URLSearchParams({ token: refresh }) });
    await revoked.body?.cancel();
    expect(revoked.status).toBe(200);
    const r = await t.call("PUT", "/api/external/token/GOOGLE_DRIVE", { token: lee.token });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: "drive.63", params: { reason: "INVALID_TOKEN" } });
    const tok = await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: lee.token });
    expect(tok.body).toMatchObject({ connected: true, errorMessage: "INVALID_TOKEN" });
    // Connecting again clears it.
    const again = await connectDrive(t, lee);
    expect(again.connectionId).toBe(msg.connectionId);
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: lee.token })).body.errorMessage).toBeNull();
  });
});

describe("saving with a code (POST /api/external/token)", () => {
  test("the code and state of an authorisation the caller started give the token (201); spent or another's: drive.67", async () => {
    const { back } = await consent(t, lee);
    const code = back.searchParams.get("code")!;
    const state = back.searchParams.get("state")!;
    // Another user of the same company cannot use lee's state.
    const stolen = await t.call("POST", "/api/external/token/GOOGLE_DRIVE", { token: kim.token, json: { code, state } });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ code: "drive.67", params: { reason: "UNKNOWN" } });
    const saved = await t.call("POST", "/api/external/token", { token: lee.token, json: { code, state, externalType: "GOOGLE_DRIVE" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ externalType: "GOOGLE_DRIVE", connected: true, email: g.account.email });
    const spent = await t.call("POST", "/api/external/token/GOOGLE_DRIVE", { token: lee.token, json: { code, state } });
    expect(spent.status).toBe(400);
    expect(spent.body.code).toBe("drive.67");
    const forged = await t.call("POST", "/api/external/token/GOOGLE_DRIVE", { token: lee.token, json: { code, state: `${state}x` } });
    expect(forged.body.code).toBe("drive.67");
  });

  test("a code Google does not know is INVALID_TOKEN", async () => {
    const { back } = await consent(t, lee);
    const r = await t.call("POST", "/api/external/token/GOOGLE_DRIVE", { token: lee.token, json: { code: "not-a-code", state: back.searchParams.get("state")! } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "drive.67", params: { reason: "INVALID_TOKEN" } });
  });
});

describe("another company", () => {
  test("sees nothing of A's tokens; its own Google Drive stays off; A's connection id is 404 there", async () => {
    for (const [method, path] of TOKEN_CALLS) expect((await t.call(method, path, { token: park.token })).status, `${method} ${path}`).toBe(404);
    await configureGoogleDrive(t, B.admin, g, true);
    const r = await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: park.token });
    expect(r.body.connected).toBe(false);
    const [kimConn] = await t.deps.db.select().from(externalConnections)
      .where(and(eq(externalConnections.userId, kim.id), eq(externalConnections.serviceType, "GOOGLE_DRIVE")));
    const foreign = await t.call("DELETE", `/api/oauth2/connections/${kimConn.id}`, { token: park.token });
    expect(foreign.status).toBe(404);
    expect((await t.call("DELETE", "/api/external/token/GOOGLE_DRIVE", { token: park.token })).status).toBe(404);
  });
});

describe("disconnecting", () => {
  test("DELETE revokes at Google and removes the token (204); then 404; files 404", async () => {
    const revocations = g.counts.revocations;
    const r = await t.call("DELETE", "/api/external/token/GOOGLE_DRIVE", { token: kim.token });
    expect(r.status).toBe(204);
    expect(g.counts.revocations).toBe(revocations + 1);
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token })).body.connected).toBe(false);
    expect((await t.call("GET", "/api/external/drive/files", { token: kim.token })).status).toBe(404);
    expect((await t.call("DELETE", "/api/external/token/GOOGLE_DRIVE", { token: kim.token })).status).toBe(404);
    // lee's stays.
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: lee.token })).body.connected).toBe(true);
  });
});
