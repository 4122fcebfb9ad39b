// Secure mail: recipients (here and outside) get a notice with a link, never the content; the link shows the
// hint without a password, the message and its attachments only with it; ten wrong passwords lock it; the
// password must have letters and digits (5+, no spaces); a scheduled secure mail also hands over the notice.
import { beforeAll, describe, expect, test } from "vitest";
import { mailOutbound } from "../../../db/schema/index.ts";
import { processScheduled } from "../../../server/modules/mail/outbound/scheduled.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
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

  test("ten wrong passwords lock the link, even for the right one", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.call("POST", `/api/mail/secure/${token}`, { json: { password: `guess${i}x` } })).status).toBe(403);
    }
    const locked = await t.call("POST", `/api/mail/secure/${token}`, { json: { password: "blue42sky" } });
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe("mail.secure_locked");
    expect((await t.call("GET", `/api/mail/secure/${token}`)).body.locked).toBe(true);
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
