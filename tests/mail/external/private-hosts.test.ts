// External accounts may not reach the internal network (SSRF): with EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS off (the
// default) a loopback, private, link-local, metadata… host — literal or by name, IPv4 or IPv6 — is refused with
// 400 mail.external_host_forbidden naming the field before anything connects; an account whose host turned
// internal after it was saved (DNS rebinding) fails its fetch without connecting, and sending through it
// connects nowhere. The address rules themselves are checked on their own.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { mailExternalAccounts } from "../../../db/schema/index.ts";
import { parseConfig } from "../../../server/config.ts";
import { HostForbiddenError, isForbiddenAddress, resolveTarget } from "../../../server/lib/host-guard.ts";
import { encryptPassword } from "../../../server/modules/mail/external/crypto.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { waitFetch } from "./helpers.ts";

const t = await createTestApp({ EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: "false" });
let A: Co;
// A listener that counts connections: nothing may ever reach it.
let connections = 0;
const listener: Server = createServer((s) => {
  connections++;
  s.end("+OK hello\r\n");
});
await new Promise<void>((ok) => listener.listen(0, "127.0.0.1", ok));
const port = (listener.address() as AddressInfo).port;
afterAll(() => new Promise<void>((ok) => listener.close(() => ok())));

beforeAll(async () => {
  A = await company(t, "ssrf-alpha.test");
});

const body = (extra: Record<string, unknown> = {}) => ({
  serverName: "CUSTOM", protocol: "POP3", host: "127.0.0.1", port, secure: false, email: "me@outside.example",
  password: "secret-1", tag: "ext", keepOnServer: true, useSmtp: false, smtpHost: "smtp.outside.example",
  smtpPort: 587, smtpSecure: false, privacyAgreed: true, ...extra,
});
const add = (json: Record<string, unknown>) => t.call("POST", "/api/mail/config/external", { token: A.token, json });

describe("the address rules", () => {
  test("internal IPv4 and IPv6 addresses are refused, public ones pass", () => {
    const forbidden = [
      "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
      "100.127.255.254", "169.254.169.254", "169.254.0.1", "224.0.0.1", "239.255.255.250", "255.255.255.255",
      "240.0.0.1", "168.63.129.16", "::", "::1", "fe80::1", "fe80::1%eth0", "febf::1", "fc00::1", "fd00:ec2::254",
      "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1",
      "64:ff9b::10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:c0a8:0101::1", "2001:db8::1", "not an ip",
    ];
    for (const ip of forbidden) expect({ ip, forbidden: isForbiddenAddress(ip) }).toEqual({ ip, forbidden: true });
    const allowed = ["8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.1", "172.32.0.1", "192.169.0.1", "2607:f8b0:4004:800::200e",
      "2a00:1450:4001:80b::2005", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:0808:0808::1"];
    for (const ip of allowed) expect({ ip, forbidden: isForbiddenAddress(ip) }).toEqual({ ip, forbidden: false });
  });

  test("names are resolved and checked; the resolved address is what gets dialled, the name kept for TLS", async () => {
    await expect(resolveTarget("localhost", false)).rejects.toBeInstanceOf(HostForbiddenError);
    await expect(resolveTarget("[::1]", false)).rejects.toBeInstanceOf(HostForbiddenError);
    await expect(resolveTarget("127.1", false)).rejects.toBeInstanceOf(HostForbiddenError);
    expect(await resolveTarget("8.8.8.8", false)).toEqual({ address: "8.8.8.8" });
    expect(await resolveTarget("localhost", true)).toEqual({ address: "localhost", servername: "localhost" });
  });

  test("the setting is off unless turned on", () => {
    expect(parseConfig({}).EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(parseConfig({ EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: "true" }).EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS).toBe(true);
  });
});

describe("with private hosts not allowed", () => {
  test("an internal fetch host is refused with 400 mail.external_host_forbidden and no connection", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::1]", "::ffff:127.0.0.1", "169.254.169.254", "10.0.0.1"]) {
      const r = await add(body({ host }));
      expect({ host, status: r.status, code: r.body.code }).toEqual({ host, status: 400, code: "mail.external_host_forbidden" });
      expect(r.body.errors).toEqual([expect.objectContaining({ field: "host", code: "mail.external_host_forbidden" })]);
    }
    expect(connections).toBe(0);
    expect((await t.call("GET", "/api/mail/config/external", { token: A.token })).body.accounts).toEqual([]);
  });

  test("an internal SMTP host is refused when sending through it is on", async () => {
    const r = await add(body({ host: "8.8.8.8", port: 1, useSmtp: true, smtpHost: "127.0.0.1", smtpPort: port }));
    expect([r.status, r.body.code]).toEqual([400, "mail.external_host_forbidden"]);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(["smtpHost"]);
    expect(connections).toBe(0);
  });

  test("a host that turned internal after saving: the fetch fails without connecting; sending connects nowhere", async () => {
    const now = t.clock.now();
    const [row] = await t.db.db.insert(mailExternalAccounts).values({
      companyId: A.companyId, userId: A.userId, serverName: "CUSTOM", protocol: "POP3", host: "127.0.0.1", port,
      secure: false, email: "rebound@outside.example", loginId: "rebound@outside.example",
      passwordEnc: await encryptPassword(t.deps.db, "secret-1"), tag: "ext", authStatus: "AUTH_SUCCESS", useSmtp: true,
      smtpHost: "127.0.0.1", smtpPort: port, smtpSecure: false, smtpStatus: "SUCCEEDED_CERTIFICATE", createdAt: now,
    }).returning();
    const started = await t.call("GET", `/api/mail/config/fetch?externalIds=${row.id}`, { token: A.token });
    expect(started.status).toBe(200);
    expect(await waitFetch(t, A, row.id)).toMatchObject({ fetchStatus: "FAILED", lastProtocolMessage: "mail.external_host_forbidden" });

    const sent = await t.call("POST", "/api/mails/v2/send", {
      token: A.token,
      json: { senderType: "EXTERNAL", senderId: row.id, to: ["friend@elsewhere.example"], subject: "nope", content: "x" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.recipients).toEqual([expect.objectContaining({ address: "friend@elsewhere.example", status: "FAILED" })]);
    expect(connections).toBe(0);
    await t.db.db.delete(mailExternalAccounts).where(eq(mailExternalAccounts.id, row.id));
  });
});
