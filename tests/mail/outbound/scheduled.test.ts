// Scheduled send: the sender's copy waits in Sent as RESERVE with its time; a job sends it when due, also
// from a fresh app instance on the same database (a restart: all state is in PostgreSQL). Cancelling
// (DELETE api/mails/reserve/{id}) makes it RESERVE_CANCEL; it can then be reopened, edited and sent. And the
// job runner: ticks run, stop() waits for a running tick and nothing runs afterwards.
import { beforeAll, describe, expect, test } from "vitest";
import { connect } from "../../../db/client.ts";
import { eq } from "drizzle-orm";
import { companies, mailOutbound } from "../../../db/schema/index.ts";
import { buildApp } from "../../../server/app.ts";
import { createDeps } from "../../../server/deps.ts";
import { JobRunner } from "../../../server/jobs/runner.ts";
import { createLogger } from "../../../server/lib/logger.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
import { processScheduled } from "../../../server/modules/mail/outbound/scheduled.ts";
import { createTestApp } from "../../support/test-app.ts";
import { mailsIn, relogin, twoCompanies } from "../compose/helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
let alice = "";
const HOUR = 3_600_000;

const send = (json: Record<string, unknown>, token = S.A.token) => t.call("POST", "/api/mails/v2/send", { token, json });
const subjects = async (user: string, folder = "INBOX") => (await mailsIn(t, user, folder)).map((m) => m.message.subject);

beforeAll(async () => {
  S = await twoCompanies(t);
  alice = S.A.username;
});

describe("scheduled send", () => {
  let reservedId = 0;

  test("a reserved mail waits in Sent as RESERVE with its time; nobody has it yet", async () => {
    const reserveDate = t.clock.now().getTime() + HOUR;
    const r = await send({ to: ["bob@alpha.test", "friend@remote.example"], bcc: ["carol@alpha.test"], subject: "Later", isReserve: true, reserveDate });
    expect(r.status).toBe(200);
    expect(r.body.reserved).toBe(true);
    expect(r.body.recipients.every((x: { status: string }) => x.status === "RESERVED")).toBe(true);
    reservedId = r.body.mailIds[0];
    const [copy] = await mailsIn(t, alice, "SENT");
    expect(copy.mail).toMatchObject({ id: reservedId, mailType: "RESERVE" });
    expect(copy.mail.reserveAt?.getTime()).toBe(reserveDate);
    expect(copy.message.sentAt?.getTime()).toBe(Math.floor(reserveDate / 1000) * 1000);
    expect(await subjects("bob@alpha.test")).not.toContain("Later");
    expect(await processScheduled(t.deps)).toBe(0);
    expect(await t.db.db.select().from(mailOutbound)).toEqual([]);
  });

  test("when due, a fresh app instance on the same database sends it (a restart loses nothing)", async () => {
    t.clock.advance(HOUR);
    await relogin(t, S);
    // A new instance: its own connections, dependencies and app, on the same database.
    const db2 = connect(t.db.url, 3);
    try {
      const deps2 = await createDeps(t.deps.config, db2, createLogger("error"), { clock: t.clock });
      buildApp(deps2);
      expect(await processScheduled(deps2)).toBe(1);
      expect(await processScheduled(deps2)).toBe(0);
    } finally {
      await db2.close();
    }
    expect(await subjects("bob@alpha.test")).toContain("Later");
    expect(await subjects("carol@alpha.test")).toContain("Later");
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.bcc).toEqual([]);
    const [copy] = await mailsIn(t, alice, "SENT");
    expect(copy.mail).toMatchObject({ id: reservedId, mailType: "SENT" });
    const receipts = await t.call("GET", `/api/mail/${reservedId}/receipt`, { token: S.A.token });
    expect(receipts.body.receipts.map((x: { address: string }) => x.address)).toEqual(["bob@alpha.test", "carol@alpha.test"]);
    const queued = await t.db.db.select().from(mailOutbound);
    expect(queued.map((q) => q.recipients)).toEqual([["friend@remote.example"]]);
    await processOutbound(t.deps, { timeoutMs: 5000 });
    expect((await t.smtp.next("friend@remote.example")).subject).toBe("Later");
  });

  test("cancelling makes it RESERVE_CANCEL; the job leaves it; it can be reopened, edited and sent", async () => {
    const reserveDate = t.clock.now().getTime() + 2 * HOUR;
    const r = await send({ to: ["bob@alpha.test"], subject: "Maybe", content: "<p>first version</p>", isReserve: true, reserveDate, priority: 5 });
    const id = r.body.mailIds[0];

    expect((await t.call("DELETE", `/api/mails/reserve/${id}`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("DELETE", `/api/mails/reserve/${id}`, { token: S.bobToken })).status).toBe(404);
    const cancel = await t.call("DELETE", `/api/mails/reserve/${id}`, { token: S.A.token });
    expect(cancel.status).toBe(204);
    const again = await t.call("DELETE", `/api/mails/reserve/${id}`, { token: S.A.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("mail.reserve_not_cancelable");
    const [copy] = await mailsIn(t, alice, "SENT");
    expect(copy.mail).toMatchObject({ id, mailType: "RESERVE_CANCEL", reserveAt: null });

    t.clock.advance(3 * HOUR);
    await relogin(t, S);
    expect(await processScheduled(t.deps)).toBe(0);
    expect(await subjects("bob@alpha.test")).not.toContain("Maybe");

    const reopened = await t.call("GET", `/api/mails/v2/draft/${id}`, { token: S.A.token });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ subject: "Maybe", content: "<p>first version</p>", priority: 5, isReserve: false, draftId: null });
    expect(reopened.body.to.map((e: { key: string }) => e.key)).toEqual(["bob@alpha.test"]);
    const resent = await send({ ...reopened.body, content: "<p>second version</p>" });
    expect(resent.status).toBe(200);
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Maybe");
    expect(bobMail.message.htmlBody).toContain("second version");
  });

  test("a sent or foreign mail cannot be cancelled", async () => {
    const [sent] = (await mailsIn(t, alice, "SENT")).filter((m) => m.mail.mailType === "SENT");
    expect((await t.call("DELETE", `/api/mails/reserve/${sent.mail.id}`, { token: S.A.token })).status).toBe(409);
    expect((await t.call("DELETE", `/api/mails/reserve/999999`, { token: S.A.token })).status).toBe(404);
    expect((await t.call("DELETE", `/api/mails/reserve/x`, { token: S.A.token })).status).toBe(404);
  });

  test("a draft keeps its reservation until sent", async () => {
    const reserveDate = t.clock.now().getTime() + HOUR;
    const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: ["bob@alpha.test"], subject: "Draft for later", isReserve: true, reserveDate } });
    const reopened = await t.call("GET", `/api/mails/v2/draft/${d.body.draftId}`, { token: S.A.token });
    expect(reopened.body).toMatchObject({ isReserve: true, reserveDate, draftId: d.body.draftId });
    const r = await send(reopened.body);
    expect(r.body.reserved).toBe(true);
    expect(await mailsIn(t, alice, "DRAFTS")).toEqual([]);
  });

  test("a due mail waits while the company's domain is not valid, an hour at a time, and goes once it is", async () => {
    await relogin(t, S);
    const r = await send({ to: ["carol@alpha.test"], subject: "Domain later", isReserve: true, reserveDate: t.clock.now().getTime() + HOUR });
    expect(r.status).toBe(200);
    await t.db.db.update(companies).set({ domainStatus: "EXPIRED" }).where(eq(companies.id, S.A.companyId));
    t.clock.advance(2 * HOUR);
    await processScheduled(t.deps);
    expect(await subjects("carol@alpha.test")).not.toContain("Domain later");
    const [waiting] = (await mailsIn(t, alice, "SENT")).filter((m) => m.message.subject === "Domain later");
    expect(waiting.mail).toMatchObject({ mailType: "RESERVE", reserveAt: new Date(t.clock.now().getTime() + HOUR) });

    await t.db.db.update(companies).set({ domainStatus: "AVAILABLE" }).where(eq(companies.id, S.A.companyId));
    t.clock.advance(HOUR);
    await processScheduled(t.deps);
    expect(await subjects("carol@alpha.test")).toContain("Domain later");
  });
});

describe("job runner", () => {
  test("runs registered jobs until stopped; stop waits for a running tick", async () => {
    const logged: string[] = [];
    const runner = new JobRunner(createLogger("error", (line) => logged.push(line)));
    let ticks = 0;
    let finished = 0;
    runner.register({
      name: "count",
      intervalMs: 1,
      tick: async () => {
        ticks++;
        await new Promise((r) => setTimeout(r, 5));
        finished++;
      },
    });
    runner.register({ name: "throws", intervalMs: 1, tick: () => Promise.reject(new Error("boom")) });
    runner.start();
    while (ticks < 3) await new Promise((r) => setTimeout(r, 5));
    await runner.stop();
    expect(finished).toBe(ticks);
    const after = ticks;
    await new Promise((r) => setTimeout(r, 30));
    expect(ticks).toBe(after);
    // A failing job is logged and keeps its schedule.
    expect(logged.filter((l) => l.includes("job throws failed: boom") || l.includes("job throws failed")).length).toBeGreaterThan(1);
  });
});
