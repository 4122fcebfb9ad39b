// The per-user hourly send limit (issue 22): every recipient of every message counts (eachSend included), the
// company's mail config sets it (sendLimitPerHour, 500 by default), a send that would pass it is refused whole
// with 429 mail.send_limit_exceeded (the limit and when to try again in its params) and leaves nothing queued,
// filed or recorded; the window slides; SMTP submission shares the count and answers 450 4.7.1 (at RCPT, and
// at DATA when the last place went meanwhile).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbound, mailSendLog } from "../../../db/schema/index.ts";
import { DEFAULT_SEND_LIMIT_PER_HOUR } from "../../../shared/mail/constants.ts";
import { startSubmissionServer, type SubmissionServer } from "../../../server/modules/mail/submission/server.ts";
import { submitMessage } from "../../../server/modules/mail/submission/submit.ts";
import { SmtpReply } from "../../../server/modules/mail/smtp/recipients.ts";
import { MAIL_CONFIG_DEFAULTS } from "../../../shared/mail/config.ts";
import { USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { companyWithColleague, mailbox, type User } from "../forward/helpers.ts";
import { CLIENT_PASSWORD, enableClients, testTls } from "../clients/support.ts";
import { message, smtplib } from "../clients/submission/smtp-client.ts";

const t = await createTestApp();
let A: User, bob: User, B: User;
let submission: SubmissionServer;

const send = (json: Record<string, unknown>, token = A.token) => t.call("POST", "/api/mails/v2/send", { token, json });
const setLimit = (token: string, sendLimitPerHour: number) =>
  t.call("PUT", "/api/admin/company/config/mail", { token, json: { sendLimitPerHour } });
const outboundCount = async () => (await t.db.db.select({ id: mailOutbound.id }).from(mailOutbound)).length;
const sentCount = async (u: User) => (await mailbox(t, u.userId)).filter((m) => m.folderType === "SENT").length;
/** Moves the clock, and signs everyone in again (the access tokens last 15 minutes). */
async function advance(minutes: number) {
  t.clock.advance(minutes * 60_000);
  A.token = (await login(t, A.username)).access_token;
  B.token = (await login(t, B.username)).access_token;
  bob.token = (await login(t, bob.username, USER_PASSWORD)).access_token;
}
const remote = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@remote.example`);

beforeAll(async () => {
  ({ admin: A, bob } = await companyWithColleague(t, "limit-alpha.test"));
  ({ admin: B } = await companyWithColleague(t, "limit-beta.test"));
  submission = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: await testTls(), implicitTls: false });
});
afterAll(async () => await submission.close());

describe("the company setting", () => {
  test("500 recipients an hour by default, readable by users; an admin sets it; users cannot", async () => {
    const read = await t.call("GET", "/api/company/config/mail", { token: bob.token });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain(`"sendLimitPerHour":${DEFAULT_SEND_LIMIT_PER_HOUR}`);
    expect(DEFAULT_SEND_LIMIT_PER_HOUR).toBe(500);
    expect((await setLimit(bob.token, 5)).status).toBe(403);
    expect((await setLimit(A.token, -1)).status).toBe(400);
    const set = await setLimit(A.token, 5);
    expect(set.status).toBe(200);
    expect(set.body.config.sendLimitPerHour).toBe(5);
  });
});

describe("web sending", () => {
  test("3,000 copies in one request (1,000 to/cc/bcc with eachSend) are refused at once under the default", async () => {
    const before = await outboundCount();
    const r = await send({ to: remote(1000, "t"), cc: remote(1000, "c"), bcc: remote(1000, "b"), eachSend: 1, subject: "Flood" }, B.token);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: "mail.send_limit_exceeded", params: { limit: 500, retryAfterSeconds: 3600, retryAfterMinutes: 60 } });
    expect(r.body.message).toMatch(/limit/);
    expect(await outboundCount()).toBe(before);
    expect(await sentCount(B)).toBe(0);
  });

  test("recipients count across sends; the send that would pass the limit is refused whole and leaves nothing", async () => {
    // Limit 5 (set above): 3 recipients (one a colleague here), then an eachSend to 2: 5 in all.
    expect((await send({ to: [bob.username, "x1@remote.example"], cc: ["x2@remote.example"], subject: "First" })).status).toBe(200);
    await advance(10);
    expect((await send({ to: ["y1@remote.example", "y2@remote.example"], eachSend: 1, subject: "Second" })).status).toBe(200);
    const sent = await sentCount(A);
    const queued = await outboundCount();
    const logged = (await t.db.db.select().from(mailSendLog).where(eq(mailSendLog.userId, A.userId))).length;

    const r = await send({ to: ["z1@remote.example"], subject: "Third" });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe(String(50 * 60)); // the first send leaves the window in 50 minutes
    expect(r.body.params).toEqual({ limit: 5, retryAfterSeconds: 3000, retryAfterMinutes: 50 });
    expect(await sentCount(A)).toBe(sent);
    expect(await outboundCount()).toBe(queued);
    expect((await t.db.db.select().from(mailSendLog).where(eq(mailSendLog.userId, A.userId))).length).toBe(logged);

    // A mail to oneself does not count; a colleague's own limit is theirs.
    expect((await send({ to: [A.username], composeType: "TOME", subject: "Note to self" })).status).toBe(200);
    expect((await send({ to: ["w@remote.example"], subject: "Bob's" }, bob.token)).status).toBe(200);

    // The window slides: once the first send is an hour old, its 3 places are free again.
    await advance(50);
    expect((await send({ to: ["z1@remote.example", "z2@remote.example", "z3@remote.example"], subject: "Third" })).status).toBe(200);
    expect((await send({ to: ["z4@remote.example"], subject: "Fourth" })).status).toBe(429);
  });

  test("two sends at the same moment cannot both pass: exactly one of them goes", async () => {
    await advance(61);
    const before = await outboundCount();
    const res = await Promise.all([
      send({ to: remote(3, "race-a"), subject: "Race A" }),
      send({ to: remote(3, "race-b"), subject: "Race B" }),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await outboundCount()).toBe(before + 1);
  });

  test("a scheduled mail counts when it is scheduled", async () => {
    await advance(61);
    const reserveDate = t.clock.now().getTime() + 3 * 3600_000;
    expect((await send({ to: remote(4, "s"), isReserve: true, reserveDate, subject: "Later" })).status).toBe(200);
    const r = await send({ to: remote(2, "s2"), subject: "Now" });
    expect(r.status).toBe(429);
  });
});

describe("SMTP submission", () => {
  test("shares the count with web mail: RCPT past the limit answers 450 4.7.1; nothing is sent or filed", async () => {
    await advance(61);
    await enableClients(t, A, "IMAP");
    const login: ["login", string, string] = ["login", A.username, CLIENT_PASSWORD];
    expect((await send({ to: remote(4, "m"), subject: "Web first" })).status).toBe(200);
    const one = message({ from: A.username, to: "p1@remote.example", subject: "Via client 1" });
    const ok = await smtplib({ port: submission.port, starttls: true, steps: [login, ["send", A.username, ["p1@remote.example"], one]] });
    expect(ok.steps).toEqual([[235], [250, {}]]);

    const queued = await outboundCount();
    const sent = await sentCount(A);
    const two = message({ from: A.username, to: "p2@remote.example", subject: "Via client 2" });
    const r = await smtplib({ port: submission.port, starttls: true, steps: [login, ["send", A.username, ["p2@remote.example"], two]] });
    expect(r.steps[1]).toEqual([550, { "p2@remote.example": [450, expect.stringMatching(/^4\.7\.1 hourly send limit reached: at most 5 recipients an hour, try again in \d+ min$/)] }]);
    expect(await outboundCount()).toBe(queued);
    expect(await sentCount(A)).toBe(sent);
  });

  test("the check at DATA counts: a place taken meanwhile refuses the message with 450 4.7.1, nothing kept", async () => {
    await advance(61);
    expect((await send({ to: remote(4, "n"), subject: "Web again" })).status).toBe(200);
    // Accepted at RCPT (4 of 5 used); the web takes the last place before the message arrives.
    const user = { userId: A.userId, companyId: A.companyId, username: A.username, config: MAIL_CONFIG_DEFAULTS };
    expect((await send({ to: ["last@remote.example"], subject: "Last place" })).status).toBe(200);
    const queued = await outboundCount();
    const sent = await sentCount(A);
    const raw = new TextEncoder().encode(message({ from: A.username, to: "q@remote.example", subject: "Too late" }));
    const refused = await submitMessage(t.deps, { user, mailFrom: A.username, rcptTo: ["q@remote.example"], raw }).catch((e) => e);
    expect(refused).toBeInstanceOf(SmtpReply);
    expect([refused.responseCode, refused.message]).toEqual([450, expect.stringMatching(/^4\.7\.1 hourly send limit reached/)]);
    expect(await outboundCount()).toBe(queued);
    expect(await sentCount(A)).toBe(sent);
  });
});
