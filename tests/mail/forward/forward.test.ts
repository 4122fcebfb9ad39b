// Forwarding (shared/mail/forward.ts): targets are PENDING until the link of the approval mail is accepted;
// then mail arriving over SMTP is passed on unchanged to external targets (through the outbound queue, here
// the test's SMTP sink) and internal ones (the colleague's inbox); never spam or bounces; mail already
// forwarded here is never forwarded again (two users, a 3-user mesh: bounded copies); a marker forged from
// outside is stripped at ingest; saveOriginal off trashes the user's copy; the approval-mail cooldown (429);
// limits, codes and isolation. Forwards run detached after the SMTP 250: the tests wait for them (settle).
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailAliases, mailForwardConfigs, mailForwardTargets, mailSenderLists, users } from "../../../db/schema/index.ts";
import { adminApi } from "../../support/admin-api.ts";
import { createTestApp } from "../../support/test-app.ts";
import { listen, localResolver } from "../smtp/support.ts";
import { arrive, companyWithColleague, flushOutbound, linkIn, mailbox, rawText, settle, type User } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: User, bob: User, B: User;

const save = (u: User, json: Record<string, unknown>) => t.call("POST", "/api/mail/config/forward", { token: u.token, json });
const get = (u: User) => t.call("GET", "/api/mail/config/forward", { token: u.token });

/** Accepts through the link: GET shows the confirmation, POST of its form accepts. */
async function accept(link: { path: string; token: string }) {
  const page = await t.call("GET", link.path);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect(page.body).toContain('method="post"');
  const done = await t.call("POST", "/api/mail/forward/accept", { form: { token: link.token } });
  expect(done.status).toBe(200);
  return done;
}

beforeAll(async () => {
  ({ admin: A, bob } = await companyWithColleague(t, "fwd-alpha.test"));
  ({ admin: B } = await companyWithColleague(t, "fwd-beta.test"));
});

describe("forwarding settings", () => {
  test("defaults: off, keep original, no targets", async () => {
    expect((await get(A)).body).toEqual({ useYN: false, saveOriginal: true, targets: [] });
  });

  test("never the own address or an alias (400 mail.527); invalid or too many targets (400 mail.528)", async () => {
    await t.db.db.insert(mailAliases).values({ companyId: A.companyId, userId: A.userId, address: "sales@fwd-alpha.test" });
    for (const targets of [[A.username], ["SALES@fwd-alpha.test"]]) {
      const r = await save(A, { useYN: true, targets });
      expect({ targets, status: r.status, code: r.body.code }).toEqual({ targets, status: 400, code: "mail.527" });
    }
    for (const targets of [["not-an-address"], Array.from({ length: 11 }, (_, i) => `x${i}@remote.example`)]) {
      const r = await save(A, { useYN: true, targets });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("mail.528");
    }
    expect((await get(A)).body.targets).toEqual([]);
  });

  test("a new external target is PENDING and gets an approval mail; its link accepts it", async () => {
    const r = await save(A, { useYN: true, saveOriginal: true, targets: ["Ext@Remote.example"] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ useYN: true, saveOriginal: true, targets: [{ address: "ext@remote.example", status: "PENDING", acceptedTimeMillis: null }] });
    expect(await flushOutbound(t)).toBe(1);
    const mail = await t.smtp.next("ext@remote.example");
    expect(mail.from).toBe(A.username);
    expect(mail.raw).toMatch(/^Auto-Submitted: auto-generated/m);
    expect(mail.subject).toContain("Alice Admin");
    const link = linkIn(mail.text);
    // Only the hash of the token is stored.
    const { mailForwardTargets } = await import("../../../db/schema/index.ts");
    const [row] = await t.db.db.select().from(mailForwardTargets);
    expect(row.tokenHash).not.toBe(link.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const done = await accept(link);
    expect(done.body).toContain("ext@remote.example");
    expect((await get(A)).body.targets).toEqual([expect.objectContaining({ address: "ext@remote.example", status: "ACCEPTED" })]);
    // A used link works no more.
    expect((await t.call("GET", link.path)).status).toBe(404);
    expect((await t.call("POST", "/api/mail/forward/accept", { form: { token: link.token } })).status).toBe(404);
  });

  test("resend: a new link for a pending target (the old one stops working); not pending → 409 mail.529", async () => {
    await save(A, { useYN: true, targets: ["ext@remote.example", "later@remote.example"] });
    await flushOutbound(t);
    const first = linkIn((await t.smtp.next("later@remote.example")).text);
    // Within the cooldown: 429, no new mail, the old link still works.
    const early = await t.call("POST", "/api/mail/config/resend_approval_mail", { token: A.token, json: { targets: ["later@remote.example"] } });
    expect({ status: early.status, code: early.body.code }).toEqual({ status: 429, code: "mail.forward_approval_cooldown" });
    expect(await flushOutbound(t)).toBe(0);
    expect((await t.call("GET", first.path)).status).toBe(200);
    // Removed and added again at once: still the cooldown (nothing saved).
    await save(A, { useYN: true, targets: ["ext@remote.example"] });
    const readd = await save(A, { useYN: true, targets: ["ext@remote.example", "later@remote.example"] });
    expect({ status: readd.status, code: readd.body.code }).toEqual({ status: 429, code: "mail.forward_approval_cooldown" });
    expect((await get(A)).body.targets.map((x: { address: string }) => x.address)).toEqual(["ext@remote.example"]);
    t.clock.advance(61_000);
    expect((await save(A, { useYN: true, targets: ["ext@remote.example", "later@remote.example"] })).status).toBe(200);
    await flushOutbound(t);
    const again = linkIn((await t.smtp.next("later@remote.example")).text);
    expect((await t.call("GET", first.path)).status).toBe(404); // the target was dropped and made anew
    t.clock.advance(61_000);
    const r = await t.call("POST", "/api/mail/config/resend_approval_mail", { token: A.token, form: { "targets[0][address]": "later@remote.example" } });
    expect(r.status).toBe(200);
    await flushOutbound(t);
    const second = linkIn((await t.smtp.next("later@remote.example")).text);
    expect(second.token).not.toBe(again.token);
    expect((await t.call("GET", again.path)).status).toBe(404);
    expect((await t.call("GET", second.path)).status).toBe(200);
    for (const targets of [["ext@remote.example"], ["unknown@remote.example"]]) {
      const x = await t.call("POST", "/api/mail/config/resend_approval_mail", { token: A.token, json: { targets } });
      expect({ targets, status: x.status, code: x.body.code }).toEqual({ targets, status: 409, code: "mail.529" });
    }
    // Another company's user cannot resend A's target, nor see A's config.
    const other = await t.call("POST", "/api/mail/config/resend_approval_mail", { token: B.token, json: { targets: ["later@remote.example"] } });
    expect(other.status).toBe(409);
    expect((await get(B)).body.targets).toEqual([]);
    // A link expires after 7 days.
    t.clock.advance(8 * 86_400_000);
    expect((await t.call("GET", second.path)).status).toBe(404);
    t.clock.advance(-8 * 86_400_000);
    // Removing a target from the list drops it.
    const kept = await save(A, { useYN: true, targets: ["ext@remote.example"] });
    expect(kept.body.targets.map((x: { address: string }) => x.address)).toEqual(["ext@remote.example"]);
  });
});

describe("forwarding arriving mail", () => {
  test("an arriving message goes to the accepted external target unchanged (From kept, envelope sender = the user)", async () => {
    await arrive(smtp.port, { from: "Partner <partner@outside.example>", to: A.username, subject: "Forward me" });
    const mine = (await mailbox(t, A.userId)).at(-1)!;
    expect(mine).toMatchObject({ subject: "Forward me", folderType: "INBOX" });
    expect(await rawText(t, mine)).toMatch(/^Return-Path: <partner@outside\.example>\r\n/);
    expect(await flushOutbound(t)).toBe(1);
    const got = await t.smtp.next("ext@remote.example");
    expect(got.from).toBe(A.username);
    expect(got.subject).toBe("Forward me");
    expect(got.raw).toMatch(/^From: Partner <partner@outside\.example>/m);
    expect(got.raw).not.toMatch(/^Return-Path:/im); // the delivered copy's stays behind: the receiver adds its own
    expect(got.raw).toMatch(new RegExp(`^X-Gw-Forwarded-By: <${A.username}>`, "m"));
    expect(got.text).toContain("Body text");
  });

  test("off → nothing is forwarded; spam and bounces are never forwarded", async () => {
    await save(A, { useYN: false, targets: ["ext@remote.example"] });
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "While off" });
    await save(A, { useYN: true, targets: ["ext@remote.example"] });
    expect((await get(A)).body.targets[0].status).toBe("ACCEPTED"); // saving again keeps the status
    await t.db.db.insert(mailSenderLists).values({ companyId: A.companyId, userId: A.userId, kind: "BLOCK", pattern: "spammer@bad.example" });
    await arrive(smtp.port, { from: "spammer@bad.example", to: A.username, subject: "Spam" });
    await arrive(smtp.port, { from: "Mail Delivery <mailer-daemon@outside.example>", envelopeFrom: "", to: A.username, subject: "Bounce" });
    expect(await flushOutbound(t)).toBe(0);
    const subjects = (await mailbox(t, A.userId)).map((m) => `${m.subject}:${m.folderType}`);
    expect(subjects).toEqual(expect.arrayContaining(["While off:INBOX", "Spam:SPAM", "Bounce:INBOX"]));
  });

  test("an internal target: the approval mail and the forwarded mail land in the colleague's inbox", async () => {
    await save(A, { useYN: true, targets: ["ext@remote.example", bob.username] });
    const approval = (await mailbox(t, bob.userId)).at(-1)!;
    expect(approval.fromAddress).toBe(A.username);
    await accept(linkIn(approval.textBody));
    await flushOutbound(t); // nothing for the sink from this
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "For both" });
    await settle(t);
    const got = (await mailbox(t, bob.userId)).at(-1)!;
    expect(got).toMatchObject({ subject: "For both", folderType: "INBOX", fromAddress: "partner@outside.example" });
    expect(await flushOutbound(t)).toBe(1);
    expect((await t.smtp.next("ext@remote.example")).subject).toBe("For both");
  });

  test("two users forwarding to each other: the forwarded copy is not forwarded again", async () => {
    // bob forwards to A too.
    await t.call("POST", "/api/mail/config/forward", { token: bob.token, json: { useYN: true, targets: [A.username] } });
    const approval = (await mailbox(t, A.userId)).at(-1)!;
    await accept(linkIn(approval.textBody));
    await save(A, { useYN: true, targets: [bob.username] });
    // bob's approval mail reached A, who still forwarded to bob: that copy reaches bob detached. Let it land first.
    await settle(t);
    const aBefore = (await mailbox(t, A.userId)).length;
    const bBefore = (await mailbox(t, bob.userId)).length;
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "Ping pong" });
    await settle(t);
    // A's copy and bob's forwarded copy; bob does not pass on what A forwarded.
    expect((await mailbox(t, A.userId)).length - aBefore).toBe(1);
    expect((await mailbox(t, bob.userId)).length - bBefore).toBe(1);
    const got = (await mailbox(t, bob.userId)).at(-1)!;
    expect(got.subject).toBe("Ping pong");
    expect((await rawText(t, got)).match(/^X-Gw-Forwarded-By:.*$/gm)).toEqual([`X-Gw-Forwarded-By: <${A.username}>`]);
    await t.call("POST", "/api/mail/config/forward", { token: bob.token, json: { useYN: false, targets: [] } });
  });

  test("a 3-user mesh (each forwards to the other two): one arrival gives a bounded handful of copies", async () => {
    await adminApi(t).newUser(A.token, { loginId: "carol", accountName: "Carol" });
    const [carol] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, "carol@fwd-alpha.test"));
    const mesh = [
      { id: A.userId, address: A.username },
      { id: bob.userId, address: bob.username },
      { id: carol.id, address: "carol@fwd-alpha.test" },
    ];
    const now = t.clock.now();
    for (const u of mesh) await t.db.db.delete(mailForwardTargets).where(eq(mailForwardTargets.userId, u.id));
    for (const u of mesh) {
      await t.db.db.insert(mailForwardConfigs).values({ userId: u.id, companyId: A.companyId, useYn: true, saveOriginal: true, updatedAt: now })
        .onConflictDoUpdate({ target: mailForwardConfigs.userId, set: { useYn: true, saveOriginal: true } });
      for (const other of mesh.filter((o) => o.id !== u.id)) {
        await t.db.db.insert(mailForwardTargets).values({ companyId: A.companyId, userId: u.id, address: other.address, status: "ACCEPTED", requestedAt: now, acceptedAt: now });
      }
    }
    const copies = async (subject: string) => {
      await settle(t);
      const per = await Promise.all(mesh.map(async (u) => (await mailbox(t, u.id)).filter((m) => m.subject === subject).length));
      return per;
    };
    await flushOutbound(t); // what earlier tests left queued (bob's approval mail, forwarded by A to ext@)
    // To A alone: A's copy, and A's forwards to bob and carol; those are not forwarded again.
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "Mesh one" });
    expect(await copies("Mesh one")).toEqual([1, 1, 1]);
    // To all three at once: each forwards its own copy once to the two others: 3 + 6 copies, no more.
    await arrive(smtp.port, { from: "partner@outside.example", to: mesh.map((u) => u.address).join(","), subject: "Mesh all" });
    expect(await copies("Mesh all")).toEqual([3, 3, 3]);
    expect(await flushOutbound(t)).toBe(0);
    for (const u of mesh) {
      await t.db.db.delete(mailForwardTargets).where(eq(mailForwardTargets.userId, u.id));
      await t.db.db.update(mailForwardConfigs).set({ useYn: false }).where(eq(mailForwardConfigs.userId, u.id));
    }
  });

  test("a marker forged from outside is stripped at ingest: the mail is forwarded all the same", async () => {
    await t.db.db.insert(mailForwardTargets)
      .values({ companyId: A.companyId, userId: A.userId, address: bob.username, status: "ACCEPTED", requestedAt: t.clock.now(), acceptedAt: t.clock.now() })
      .onConflictDoNothing();
    await save(A, { useYN: true, saveOriginal: true, targets: [bob.username] });
    await arrive(smtp.port, {
      from: "partner@outside.example", to: A.username, subject: "Forged marker",
      headers: { "X-Gw-Forwarded-By": `<${A.username}>` },
    });
    await settle(t);
    const mine = (await mailbox(t, A.userId)).filter((m) => m.subject === "Forged marker");
    expect(mine).toHaveLength(1);
    expect(await rawText(t, mine[0])).not.toMatch(/^X-Gw-Forwarded-By:/im);
    const got = (await mailbox(t, bob.userId)).filter((m) => m.subject === "Forged marker");
    expect(got).toHaveLength(1);
    expect((await rawText(t, got[0])).match(/^X-Gw-Forwarded-By:.*$/gim)).toEqual([`X-Gw-Forwarded-By: <${A.username}>`]);
  });

  test("saveOriginal off: the user's copy goes to the trash once forwarded", async () => {
    await save(A, { useYN: true, saveOriginal: false, targets: [bob.username] });
    await arrive(smtp.port, { from: "partner@outside.example", to: A.username, subject: "Do not keep" });
    await settle(t);
    const mine = (await mailbox(t, A.userId)).filter((m) => m.subject === "Do not keep");
    expect(mine.map((m) => m.folderType)).toEqual(["DELETED"]);
    expect((await mailbox(t, bob.userId)).at(-1)).toMatchObject({ subject: "Do not keep", folderType: "INBOX" });
  });
});
