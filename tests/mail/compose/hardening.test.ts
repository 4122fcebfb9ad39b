// Defects a review found in sending, fixed and kept fixed: a secure link outlives the sender's deletion of
// their copy; a receipt never reaches into another company's mailbox; blocked mail is withheld from the
// original and from forwarding as well as from the view; a scheduled mail's large-file links count from its
// send time; parallel password guesses on a secure link stop at the limit; one draft is sent once and
// updated once at a time.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailLargeFiles } from "../../../db/schema/index.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { createTestApp } from "../../support/test-app.ts";
import { bytes, mailsIn, twoCompanies, upload, userId } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
beforeAll(async () => {
  S = await twoCompanies(t);
});

const send = (json: Record<string, unknown>) => t.call("POST", "/api/mails/v2/send", { token: S.A.token, json });

async function secureLinkOf(username: string, subject: string): Promise<string> {
  const mail = (await mailsIn(t, username, "INBOX")).find((m) => m.message.subject === subject)!;
  return /#\/mail\/secure\/([A-Za-z0-9_-]+)/.exec(mail.message.htmlBody ?? "")![1];
}

describe("sending, hardened", () => {
  test("a secure link still opens after the sender deleted their Sent copy for good", async () => {
    const r = await send({ to: ["bob@alpha.test"], subject: "Sec", content: "<p>hidden</p>", isSecure: true, securePw: "blue42sky" });
    expect(r.status).toBe(200);
    const token = await secureLinkOf("bob@alpha.test", "Sec");
    expect((await t.call("DELETE", "/api/mails", { token: S.A.token, json: { mailIds: [r.body.mailIds[0]] } })).status).toBe(204);
    const open = await t.call("POST", `/api/mail/secure/${token}`, { form: { password: "blue42sky" } });
    expect(open.status).toBe(200);
    expect(open.body.content).toContain("hidden");
  });

  test("mail to another company on this server has no receipt, and cancelling cannot remove their copy", async () => {
    const r = await send({ to: [S.B.username], subject: "cross" });
    expect(r.status).toBe(200);
    const c = await t.call("PUT", `/api/mail/receipt/${r.body.mailIds[0]}/all`, { token: S.A.token });
    expect(c.body).toEqual({ canceled: 0 });
    expect((await mailsIn(t, S.B.username, "INBOX")).some((m) => m.message.subject === "cross")).toBe(true);
    expect((await t.call("GET", `/api/mail/${r.body.mailIds[0]}/receipt`, { token: S.A.token })).body.total).toBe(0);
  });

  test("blocked mail is withheld from the original, from forwarding and replying, and from the list preview", async () => {
    const raw = new TextEncoder().encode(
      "From: evil@spam.example\r\nTo: bob@alpha.test\r\nSubject: blocked\r\nMessage-ID: <b1@spam.example>\r\n" +
        "Content-Type: text/plain\r\n\r\nSECRETPAYLOAD\r\n",
    );
    const filed = await fileMessage(t.deps, {
      companyId: S.A.companyId, raw, receivedAt: t.clock.now(),
      targets: [{ userId: await userId(t, "bob@alpha.test"), folder: "SPAM", spamReason: "AUTH_FAIL" }],
    });
    const id = filed.mails[0].mailId;
    for (const path of [`/api/mails/view/original/${id}/view`, `/api/mails/v2/forward?mailIds=${id}`, `/api/mails/v2/reply/${id}/false`]) {
      const r = await t.call("GET", path, { token: S.bobToken });
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe("mail.blocked");
    }
    const list = await t.call("GET", `/api/mails?folderId=${filed.mails[0].folderId}`, { token: S.bobToken });
    expect(JSON.stringify(list.body)).not.toContain("SECRETPAYLOAD");
  });

  test("a mail scheduled 30 days out carries large-file links valid 7 days from its sending", async () => {
    const up = await upload(t, S.A.token, "big.bin", bytes(1024), "large");
    expect(up.status).toBe(200);
    const at = t.clock.now().getTime() + 30 * 86_400_000;
    const r = await send({ to: ["bob@alpha.test"], subject: "later", attachments: [up.body.id], isReserve: true, reserveDate: at });
    expect(r.status).toBe(200);
    const [lf] = await t.db.db.select().from(mailLargeFiles).where(eq(mailLargeFiles.name, "big.bin"));
    expect(lf.expiresAt.getTime()).toBe(at + 7 * 86_400_000);
  });

  test("40 parallel wrong passwords on a secure link from one address: at most ten are checked, the rest are told to wait", async () => {
    const r = await send({ to: ["carol@alpha.test"], subject: "Guarded", content: "<p>x</p>", isSecure: true, securePw: "blue42sky" });
    expect(r.status).toBe(200);
    const token = await secureLinkOf("carol@alpha.test", "Guarded");
    const res = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      t.call("POST", `/api/mail/secure/${token}`, { form: { password: `wrong${i}x` } })
    ));
    // Issue 22: the limit is per client address (a lock for everyone comes only after 100 from all addresses).
    // Each guess reserves its place before its check and counts every reservation, so a burst can be refused
    // whole; what matters is that no more than ten are ever checked, then or after.
    const checked = res.filter((x) => x.status === 403).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(res.filter((x) => x.status === 429 && x.body.code === "mail.secure_too_many_attempts")).toHaveLength(40 - checked);
    const after: number[] = [];
    for (let i = 0; i < 12 - checked; i++) {
      after.push((await t.call("POST", `/api/mail/secure/${token}`, { form: { password: `later${i}x` } })).status);
    }
    expect(after).toEqual([...Array(10 - checked).fill(403), 429, 429]);
  });

  test("sending one draft twice at once delivers it once; the other send answers 404", async () => {
    const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: ["bob@alpha.test"], subject: "dbl" } });
    expect(d.status).toBe(201);
    const body = { draftId: d.body.draftId, to: ["bob@alpha.test"], subject: "dbl" };
    const statuses = (await Promise.all([0, 1].map(() => send(body)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404]);
    expect((await mailsIn(t, "bob@alpha.test", "INBOX")).filter((m) => m.message.subject === "dbl")).toHaveLength(1);
    expect((await mailsIn(t, S.A.username, "DRAFTS")).some((m) => m.message.subject === "dbl")).toBe(false);
  });

  test("a send that fails gives its draft back", async () => {
    const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: ["bob@alpha.test"], subject: "keep me" } });
    const r = await send({ draftId: d.body.draftId, to: ["not an address"], subject: "keep me" });
    expect(r.status).toBe(400);
    const drafts = await mailsIn(t, S.A.username, "DRAFTS");
    expect(drafts.find((m) => m.message.subject === "keep me")?.mail.mailType).toBe("DRAFT");
  });

  test("two updates of one draft at once leave one draft: the second finds the first's replacement", async () => {
    const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: ["bob@alpha.test"], subject: "race v1" } });
    const update = (subject: string) =>
      t.call("PUT", "/api/mails/v2/draft", { token: S.A.token, json: { draftId: d.body.draftId, to: ["bob@alpha.test"], subject } });
    const statuses = (await Promise.all([update("race v2"), update("race v3")])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404]);
    const drafts = (await mailsIn(t, S.A.username, "DRAFTS")).filter((m) => m.message.subject.startsWith("race"));
    expect(drafts).toHaveLength(1);
    expect(["race v2", "race v3"]).toContain(drafts[0].message.subject);
  });
});
