// Secure mail: recipients (here and outside) get a notice with a link, never the content; the link shows the
// hint without a password, the message and its attachments only with it; wrong passwords are throttled per
// address, and many from all addresses lock it until the sender unlocks it; the
// password must have letters and digits (5+, no spaces); a scheduled secure mail also hands over the notice.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbound, mailSecureLinks } from "../../../db/schema/index.ts";
import { processScheduled } from "../../../server/modules/mail/outbound/scheduled.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
import { SECURE_MAX_FAILURES, SECURE_MAX_FAILURES_PER_ADDRESS } from "../../../shared/mail/compose.ts";
import { createTestApp } from "../../support/test-app.ts";
import { mailsIn, rawOf, relogin, twoCompanies, upload } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
let token = "";

const send = (json: Record<string, unknown>) => t.call("POST", "/api/mails/v2/send", { token: S.A.token, json });

beforeAll(async () => {
  S = await twoCompanies(t);
});

describe("secure mail", () => {
  test("the password must be 5+ characters with letters and digits and no spaces", async () => {
    for (const securePw of [undefined, "abc1", "abcdef", "123456", "abc 123"]) {
      const r = await send({ to: ["bob@alpha.test"], subject: "x", isSecure: true, securePw });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("mail.secure_password_invalid");
    }
  });

  test("recipients get a notice with the link and hint; the sender keeps the message", async () => {
    const file = await upload(t, S.A.token, "salary.txt", new TextEncoder().encode("secret figures"));
    const r = await send({
      to: ["bob@alpha.test", "partner@remote.example"],
      subject: "Salaries",
      content: "<p>The confidential numbers</p>",
      attachments: [file.body.id],
      isSecure: true,
      securePw: "blue42sky",
      securePwHint: "colour, number, place",
    });
    expect(r.status).toBe(200);
    const [sent] = await mailsIn(t, S.A.username, "SENT");
    expect(sent.message.htmlBody).toContain("The confidential numbers");

    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Salaries");
    expect(bobMail.message.htmlBody).not.toContain("confidential");
    expect(bobMail.message.attachments).toEqual([]);
    expect(bobMail.message.htmlBody).toContain("colour, number, place");
    token = /#\/mail\/secure\/([A-Za-z0-9_-]+)/.exec(bobMail.message.htmlBody ?? "")![1];

    await processOutbound(t.deps, { timeoutMs: 5000 });
    const outside = await t.smtp.next("partner@remote.example");
    expect(outside.raw).not.toContain("confidential");
    expect(outside.raw).not.toContain("secret figures");
    expect(outside.text).toContain(token);
  });

  test("without the password only the sender and hint show; with it the message and attachments", async () => {
    const info = await t.call("GET", `/api/mail/secure/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ from: { address: S.A.username }, hint: "colour, number, place", locked: false });
    expect(JSON.stringify(info.body)).not.toContain("confidential");

    const wrong = await t.call("POST", `/api/mail/secure/${token}`, { form: { password: "red42sky" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("mail.secure_password_wrong");

    const open = await t.call("POST", `/api/mail/secure/${token}`, { form: { password: "blue42sky" } });
    expect(open.status).toBe(200);
    expect(open.body.subject).toBe("Salaries");
    expect(open.body.content).toContain("The confidential numbers");
    expect(open.body.attachList).toEqual([{ position: 0, name: "salary.txt", size: 14, contentType: "application/octet-stream" }]);

    const res = await t.app.request(`/api/mail/secure/${token}/attach/0`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "blue42sky" }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("secret figures");
    const noPw = await t.call("POST", `/api/mail/secure/${token}/attach/0`, { json: { password: "nope1" } });
    expect(noPw.status).toBe(403);
    expect((await t.call("POST", `/api/mail/secure/${token}/attach/5`, { json: { password: "blue42sky" } })).status).toBe(404);
    expect((await t.call("GET", `/api/mail/secure/not-a-real-token-at-all`)).status).toBe(404);
  });

  test("ten wrong passwords lock out that address only, until the time the answer names", async () => {
    for (let i = 0; i < SECURE_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: `guess${i}x` }, ip: "10.11.0.1" })).status).toBe(403);
    }
    const blocked = await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.11.0.1" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("mail.secure_too_many_attempts");
    expect(blocked.body.params.retryAfterSeconds).toBe(15 * 60);
    expect(blocked.headers.get("retry-after")).toBe(String(15 * 60));
    // The recipient elsewhere still opens it (and the right password clears the link's count).
    expect((await t.call("GET", `/api/mail/secure/${token}`)).body.locked).toBe(false);
    expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.11.0.2" })).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.11.0.1" })).status).toBe(200);
  });

  test("many wrong passwords from all addresses together lock the link until the sender unlocks it", async () => {
    await relogin(t, S);
    for (let i = 0; i < 3; i++) {
      const r = await t.call("POST", `/api/mail/secure/${token}`, { json: { password: `guess${i}x` }, ip: `10.12.0.${i}` });
      expect(r.status).toBe(403);
    }
    // The rest of the hundred, spread over many addresses, written straight into the link's count (a hundred
    // password checks take longer than a test may), then the last one through the API.
    expect((await t.db.db.select({ n: mailSecureLinks.failedAttempts }).from(mailSecureLinks).where(eq(mailSecureLinks.token, token)))[0].n).toBe(3);
    await t.db.db.update(mailSecureLinks).set({ failedAttempts: SECURE_MAX_FAILURES - 1 }).where(eq(mailSecureLinks.token, token));
    expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "guess99x" }, ip: "10.12.1.1" })).status).toBe(403);
    const locked = await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.12.99.1" });
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe("mail.secure_locked");
    expect((await t.call("GET", `/api/mail/secure/${token}`)).body.locked).toBe(true);
    // Time does not unlock it.
    t.clock.advance(24 * 3_600_000);
    await relogin(t, S);
    expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.12.99.1" })).status).toBe(423);

    // The sender sees the lock on the sent copy and unlocks it; nobody else can.
    const sent = (await mailsIn(t, S.A.username, "SENT")).find((m) => m.message.subject === "Salaries")!.mail;
    const status = await t.call("GET", `/api/mail/${sent.id}/secure`, { token: S.A.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ secure: true, locked: true, failedAttempts: SECURE_MAX_FAILURES, maxFailures: SECURE_MAX_FAILURES });
    expect((await t.call("GET", `/api/mail/${sent.id}/secure`, { token: S.bobToken })).status).toBe(404);
    const bobMail = (await mailsIn(t, "bob@alpha.test", "INBOX"))[0].mail;
    const bob = S.bobToken;
    expect((await t.call("PUT", `/api/mail/${sent.id}/secure/unlock`, { token: bob })).status).toBe(404);
    expect((await t.call("PUT", `/api/mail/${bobMail.id}/secure/unlock`, { token: bob })).status).toBe(404);
    expect((await t.call("PUT", `/api/mail/${sent.id}/secure/unlock`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mail/${sent.id}/secure`)).status).toBe(401);
    const unlocked = await t.call("PUT", `/api/mail/${sent.id}/secure/unlock`, { token: S.A.token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ secure: true, locked: false, failedAttempts: 0, maxFailures: SECURE_MAX_FAILURES });
    expect((await t.call("GET", `/api/mail/secure/${token}`)).body.locked).toBe(false);
    expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" }, ip: "10.12.99.1" })).status).toBe(200);
    // A mail that is not secure says so, and has nothing to unlock.
    const plain = await send({ to: ["bob@alpha.test"], subject: "plain", content: "<p>x</p>" });
    expect(plain.status).toBe(200);
    const plainSent = (await mailsIn(t, S.A.username, "SENT")).find((m) => m.message.subject === "plain")!.mail;
    expect((await t.call("GET", `/api/mail/${plainSent.id}/secure`, { token: S.A.token })).body).toMatchObject({ secure: false, locked: false });
    expect((await t.call("PUT", `/api/mail/${plainSent.id}/secure/unlock`, { token: S.A.token })).status).toBe(404);
  });

  test("a scheduled secure mail hands over the notice when due", async () => {
    await t.db.db.delete(mailOutbound);
    const reserveDate = t.clock.now().getTime() + 3_600_000;
    const r = await send({ to: ["carol@alpha.test"], subject: "Later secret", content: "<p>hidden until asked</p>", isSecure: true, securePw: "abc12", isReserve: true, reserveDate });
    expect(r.status).toBe(200);
    t.clock.advance(3_600_000);
    await relogin(t, S);
    expect(await processScheduled(t.deps)).toBe(1);
    const [carolMail] = await mailsIn(t, "carol@alpha.test", "INBOX");
    expect(carolMail.message.subject).toBe("Later secret");
    expect(await rawOf(t, carolMail.message.blobKey)).not.toContain("hidden until asked");
    const link = /#\/mail\/secure\/([A-Za-z0-9_-]+)/.exec(carolMail.message.htmlBody ?? "")![1];
    const open = await t.call("POST", `/api/mail/secure/${link}`, { json: { password: "abc12" } });
    expect(open.body.content).toContain("hidden until asked");
  });
});
