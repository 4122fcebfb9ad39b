// Away reply (shared/mail/away.ts): the config with its checks (mail.542, mail.543), and the real effect on
// mail arriving over SMTP: within the period each sender gets one RFC 3834 reply per period (a new save starts
// a new period); none to mailing lists, bounces, automatic mail, spam or the user themself; none outside the
// period; colleagues' mail gets its reply in their inbox; a forwarding marker forged from outside does not
// suppress the reply. Times beyond year 9999 answer 400 mail.542. Each user's config their own. Replies run
// detached after the SMTP 250: the tests wait for them (settle, with a deadline; never a fixed sleep).
import { beforeAll, describe, expect, test } from "vitest";
import { mailSenderLists } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { listen, localResolver } from "../smtp/support.ts";
import { arrive, companyWithColleague, flushOutbound, mailbox, settle, type User } from "../forward/helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: User, bob: User, B: User;

const put = (u: User, json: Record<string, unknown>) => t.call("PUT", "/api/mail/config/away", { token: u.token, json });
const get = (u: User) => t.call("GET", "/api/mail/config/away", { token: u.token });
const HOUR = 3_600_000;

/** The away replies the sink got for `address` after one run of the outbound queue. */
async function repliesTo(address: string) {
  await flushOutbound(t); // waits for the follow-ups first, then for the queue's deliveries to the sink
  return t.smtp.messages.filter((m) => m.to.includes(address) && /^Auto-Submitted: auto-replied/m.test(m.raw));
}

beforeAll(async () => {
  ({ admin: A, bob } = await companyWithColleague(t, "away-alpha.test"));
  ({ admin: B } = await companyWithColleague(t, "away-beta.test"));
});

describe("away settings", () => {
  test("defaults, then a save answers the config with a new period", async () => {
    expect((await get(A)).body).toEqual({ useAway: false, startTimeMillis: null, endTimeMillis: null, contents: "", updatedTimeMillis: null });
    const now = t.clock.now().getTime();
    const r = await t.call("PUT", "/api/mail/config/away", {
      token: A.token,
      form: { useAway: "true", startTimeMillis: String(now - HOUR), endTimeMillis: String(now + 24 * HOUR), contents: "I am away until tomorrow." },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ useAway: true, startTimeMillis: now - HOUR, endTimeMillis: now + 24 * HOUR, contents: "I am away until tomorrow.", updatedTimeMillis: now });
    expect((await get(B)).body.useAway).toBe(false);
  });

  test("the end must be after the start (400 mail.542); text required while on, at most 4000 (400 mail.543)", async () => {
    const now = t.clock.now().getTime();
    for (const json of [{ useAway: true, startTimeMillis: now, endTimeMillis: now, contents: "x" }, { useAway: true, startTimeMillis: "soon", contents: "x" }]) {
      const r = await put(A, json);
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 400, code: "mail.542" });
    }
    for (const json of [{ useAway: true, contents: "  " }, { useAway: false, contents: "x".repeat(4001) }]) {
      const r = await put(A, json);
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 400, code: "mail.543" });
    }
    expect((await get(A)).body.contents).toBe("I am away until tomorrow.");
  });

  test("a time beyond 9999-12-31 (or a huge number) is 400 mail.542, not a 500", async () => {
    for (const endTimeMillis of [253_402_300_800_000, 1e20, 8.64e15, Number.MAX_SAFE_INTEGER]) {
      for (const json of [{ useAway: true, endTimeMillis, contents: "x" }, { useAway: true, startTimeMillis: endTimeMillis, contents: "x" }]) {
        const r = await put(A, json);
        expect({ json, status: r.status, code: r.body.code }).toEqual({ json, status: 400, code: "mail.542" });
      }
    }
    const form = await t.call("PUT", "/api/mail/config/away", { token: A.token, form: { useAway: "true", endTimeMillis: "99999999999999999999", contents: "x" } });
    expect({ status: form.status, code: form.body.code }).toEqual({ status: 400, code: "mail.542" });
    // The very last millisecond of 9999 is still a time.
    const now = t.clock.now().getTime();
    const last = await put(B, { useAway: false, startTimeMillis: now, endTimeMillis: 253_402_300_799_999, contents: "" });
    expect(last.status).toBe(200);
    expect(last.body.endTimeMillis).toBe(253_402_300_799_999);
    expect((await get(A)).body.contents).toBe("I am away until tomorrow.");
  });
});

describe("away replies to arriving mail", () => {
  test("one RFC 3834 reply per sender per period", async () => {
    await arrive(smtp.port, { from: "Partner <partner@outside.example>", to: A.username, subject: "Meeting", messageId: "<m1@outside.example>" });
    await arrive(smtp.port, { from: "Partner <partner@outside.example>", to: A.username, subject: "Meeting again" });
    const replies = await repliesTo("partner@outside.example");
    expect(replies).toHaveLength(1);
    const r = replies[0];
    expect(r.from).toBe(A.username);
    expect(r.subject).toBe("Re: Meeting");
    expect(r.text).toContain("I am away until tomorrow.");
    expect(r.raw).toMatch(/^In-Reply-To: <m1@outside\.example>/m);
    expect(r.raw).toMatch(/^References: <m1@outside\.example>/m);
    expect(r.raw).toMatch(/^From: Alice Admin <[^>]+>/m);
    // A second sender gets their own reply.
    await arrive(smtp.port, { from: "other@outside.example", to: A.username, subject: "Re: Hi" });
    const other = await repliesTo("other@outside.example");
    expect(other.map((m) => m.subject)).toEqual(["Re: Hi"]);
    // A forwarding marker forged by the sender is stripped at ingest: the reply is not suppressed.
    await arrive(smtp.port, { from: "forger@outside.example", to: A.username, subject: "Forged", headers: { "X-Gw-Forwarded-By": "<someone@away-alpha.test>" } });
    expect((await repliesTo("forger@outside.example")).map((m) => m.subject)).toEqual(["Re: Forged"]);
  });

  test("never to lists, bounces, automatic mail, spam or the user themself", async () => {
    const lists: { from: string; headers: Record<string, string> }[] = [
      { from: "news@list.example", headers: { "List-Id": "<news.list.example>" } },
      { from: "news2@list.example", headers: { "List-Unsubscribe": "<mailto:leave@list.example>" } },
      { from: "bulk@list.example", headers: { Precedence: "bulk" } },
      { from: "robot@auto.example", headers: { "Auto-Submitted": "auto-generated" } },
      { from: "noreply@auto.example", headers: {} },
    ];
    for (const l of lists) await arrive(smtp.port, { from: l.from, to: A.username, headers: l.headers, subject: "Automatic" });
    await arrive(smtp.port, { from: "Mailer <mailer-daemon@outside.example>", envelopeFrom: "", to: A.username, subject: "Bounce" });
    await arrive(smtp.port, { from: "MAILER-DAEMON@outside.example", to: A.username, subject: "Bounce 2" });
    await t.db.db.insert(mailSenderLists).values({ companyId: A.companyId, userId: A.userId, kind: "BLOCK", pattern: "@spam.example" });
    await arrive(smtp.port, { from: "x@spam.example", to: A.username, subject: "Spam" });
    await arrive(smtp.port, { from: A.username, to: A.username, subject: "Myself" });
    // An explicit "Auto-Submitted: no" is a person's mail: it gets a reply.
    await arrive(smtp.port, { from: "person@ok.example", to: A.username, headers: { "Auto-Submitted": "no" }, subject: "Person" });
    await flushOutbound(t);
    const autoReplied = t.smtp.messages.filter((m) => /^Auto-Submitted: auto-replied/m.test(m.raw)).flatMap((m) => m.to);
    expect(autoReplied.sort()).toEqual(["forger@outside.example", "other@outside.example", "partner@outside.example", "person@ok.example"]);
    // The user's own mail went nowhere either (no local reply filed).
    expect((await mailbox(t, A.userId)).filter((m) => m.subject.startsWith("Re: Myself"))).toEqual([]);
  });

  test("a new save starts a new period: the same sender gets a reply again", async () => {
    const cfg = (await get(A)).body;
    t.clock.advance(60_000);
    expect((await put(A, cfg)).status).toBe(200);
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "Once more" });
    expect((await repliesTo("partner@outside.example")).map((m) => m.subject)).toEqual(["Re: Meeting", "Re: Once more"]);
  });

  test("outside the period or off: no reply", async () => {
    const now = t.clock.now().getTime();
    await put(A, { useAway: true, startTimeMillis: now + HOUR, endTimeMillis: now + 2 * HOUR, contents: "Later" });
    await arrive(smtp.port, { from: "early@outside.example", to: A.username });
    await put(A, { useAway: true, startTimeMillis: now - 2 * HOUR, endTimeMillis: now - HOUR, contents: "Earlier" });
    await arrive(smtp.port, { from: "late@outside.example", to: A.username });
    await put(A, { useAway: false, contents: "" });
    await arrive(smtp.port, { from: "off@outside.example", to: A.username });
    for (const a of ["early@outside.example", "late@outside.example", "off@outside.example"]) expect(await repliesTo(a)).toEqual([]);
  });

  test("a colleague's mail: the reply lands in the colleague's inbox (open-ended period)", async () => {
    await put(A, { useAway: true, startTimeMillis: null, endTimeMillis: null, contents: "Back on Monday." });
    const sent = await t.call("POST", "/api/mails/v2/send", { token: bob.token, json: { to: [A.username], subject: "Lunch?", content: "<p>Lunch?</p>" } });
    expect(sent.status).toBe(200);
    await settle(t);
    const got = (await mailbox(t, bob.userId)).filter((m) => m.subject === "Re: Lunch?");
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ folderType: "INBOX", fromAddress: A.username });
    expect(got[0].textBody).toContain("Back on Monday.");
  });
});
