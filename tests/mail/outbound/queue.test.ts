// The outbound queue over real SMTP: a loopback server stands in for the recipients' MX (accepting,
// temporarily failing, refusing). External mail is queued at send time and delivered by the job's tick;
// temporary failures are retried on the backoff schedule (moved with the test clock), permanent refusals and
// giving up after 2 days bounce back into the sender's inbox; the relay is used when one is configured.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { mailOutbound } from "../../../db/schema/index.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
import { dkimTxtRecord, ensureDkimKey } from "../../../server/modules/mail/outbound/dkim.ts";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { createTestApp, login } from "../../support/test-app.ts";
import { mailsIn, twoCompanies } from "../compose/helpers.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A remote MX on loopback: "temp*" local parts get 451 while tempFailures lasts, "reject*" get 550. */
async function startRemoteMx() {
  const received: Received[] = [];
  const state = { tempFailures: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, cb) {
      const local = address.address.split("@")[0];
      if (local.startsWith("reject")) return cb(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      if (local.startsWith("never")) return cb(Object.assign(new Error("4.2.0 Try again later"), { responseCode: 451 }));
      if (local.startsWith("temp") && state.tempFailures > 0) {
        state.tempFailures--;
        return cb(Object.assign(new Error("4.7.1 Greylisted, try again later"), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, state, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

const mx = await startRemoteMx();
const t = await createTestApp({ OUTBOUND_MX_PORT: String(mx.port), MAIL_HOSTNAME: "mail.alpha.test" });
const lookups: string[] = [];
t.deps.resolveMx = (domain) => {
  lookups.push(domain);
  if (domain === "nowhere.example") return Promise.reject(Object.assign(new Error("queryMx ENOTFOUND"), { code: "ENOTFOUND" }));
  return Promise.resolve([{ exchange: "127.0.0.1", priority: 10 }]);
};
const direct = { relayUrl: null, timeoutMs: 5000 };
let S: Awaited<ReturnType<typeof twoCompanies>>;
let alice = "";

async function send(json: Record<string, unknown>) {
  const r = await t.call("POST", "/api/mails/v2/send", { token: S.A.token, json });
  expect(r.status).toBe(200);
  return r;
}
const rows = () => t.db.db.select().from(mailOutbound).orderBy(mailOutbound.id);
const minutes = (n: number) => t.clock.advance(n * 60_000);

beforeAll(async () => {
  S = await twoCompanies(t);
  alice = S.A.username;
});
afterAll(() => mx.close());

describe("delivery to the recipient's MX", () => {
  test("external recipients are queued at send time and delivered by the job; Bcc stays off the message", async () => {
    const r = await send({ to: ["ok@remote.example", "bob@alpha.test"], bcc: ["ok-hidden@remote.example"], subject: "Hello outside" });
    expect(r.status).toBe(200);
    expect(r.body.recipients.map((x: { status: string }) => x.status)).toEqual(["QUEUED", "DELIVERED", "QUEUED"]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "QUEUED", envelopeFrom: alice, recipients: ["ok@remote.example", "ok-hidden@remote.example"] });
    expect(mx.received).toHaveLength(0);

    expect(await processOutbound(t.deps, direct)).toBe(1);
    expect(lookups).toContain("remote.example");
    expect(mx.received).toHaveLength(1);
    const got = mx.received[0];
    expect(got.from).toBe(alice);
    expect(got.to).toEqual(["ok@remote.example", "ok-hidden@remote.example"]);
    expect(got.raw).toMatch(/^Subject: Hello outside/m);
    expect(got.raw).toMatch(/^Message-ID: <[^>]+@mail\.alpha\.test>/m);
    expect(got.raw).not.toContain("ok-hidden");
    expect(got.raw).not.toMatch(/^Return-Path:/im); // that is for the receiving server to add
    expect((await rows())[0]).toMatchObject({ status: "SENT", attempts: 1 });
    // Nothing more to do.
    expect(await processOutbound(t.deps, direct)).toBe(0);
  });

  test("an address literal (user@[127.0.0.1]) is delivered to that address, with no MX look-up", async () => {
    await t.db.db.delete(mailOutbound);
    const before = mx.received.length;
    lookups.length = 0;
    await send({ to: ["ok@[127.0.0.1]"], subject: "To a literal" });
    expect(await processOutbound(t.deps, direct)).toBe(1);
    expect(lookups).toEqual([]);
    expect(mx.received.slice(before).map((m) => m.to)).toEqual([["ok@[127.0.0.1]"]]);
    expect((await rows())[0]).toMatchObject({ status: "SENT", attempts: 1 });
  });

  test("one queue row per remote domain", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["ok@remote.example", "ok@other.example"], cc: ["ok2@remote.example"], subject: "Two domains" });
    const list = await rows();
    expect(list.map((r) => r.recipients)).toEqual([["ok@remote.example", "ok2@remote.example"], ["ok@other.example"]]);
    expect(await processOutbound(t.deps, direct)).toBe(2);
    expect((await rows()).every((r) => r.status === "SENT")).toBe(true);
  });

  test("a temporary failure is retried after 1 and then 5 minutes, and then delivered; no bounce", async () => {
    await t.db.db.delete(mailOutbound);
    mx.state.tempFailures = 2;
    const inboxBefore = (await mailsIn(t, alice, "INBOX")).length;
    await send({ to: ["temp@remote.example"], subject: "Greylisted" });
    const count = mx.received.length;

    await processOutbound(t.deps, direct);
    let [row] = await rows();
    expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(row.lastError).toContain("Greylisted");
    expect(row.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(await processOutbound(t.deps, direct)).toBe(0); // not due yet

    minutes(1);
    await processOutbound(t.deps, direct);
    [row] = await rows();
    expect(row).toMatchObject({ status: "QUEUED", attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);

    minutes(5);
    await processOutbound(t.deps, direct);
    [row] = await rows();
    expect(row).toMatchObject({ status: "SENT", attempts: 3 });
    expect(mx.received.length).toBe(count + 1);
    expect(mx.received.at(-1)!.to).toEqual(["temp@remote.example"]);
    expect((await mailsIn(t, alice, "INBOX")).length).toBe(inboxBefore);
  });

  test("a permanent refusal fails the row and bounces to the sender with the original's headers", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["reject@remote.example"], subject: "Doomed" });
    await processOutbound(t.deps, direct);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(row.lastError).toContain("No such user");
    const [bounce] = await mailsIn(t, alice, "INBOX");
    expect(bounce.message.subject).toBe("메일 전송 실패: Doomed");
    expect(bounce.message.fromAddress).toBe("mailer-daemon@mail.alpha.test");
    expect(bounce.message.textBody).toContain("reject@remote.example");
    expect(bounce.message.textBody).toContain("No such user");
    expect(bounce.message.attachments.map((a) => a.contentType)).toEqual(["text/rfc822-headers"]);
    expect(bounce.mail.read).toBe(false);
    // Delivered as bounces are: from the null sender.
    expect(new TextDecoder().decode(await t.deps.blobs.get(bounce.message.blobKey))).toMatch(/^Return-Path: <>\r\n/);
  });

  test("the notice is in the sender's language: Korean by default, English and Indonesian as chosen", async () => {
    const setLanguage = (languageType: string) => t.call("PUT", "/api/users/language", { token: S.A.token, form: { languageType } });
    const bounceFor = async (subject: string) => {
      await t.db.db.delete(mailOutbound);
      await send({ to: ["reject@remote.example"], subject });
      await processOutbound(t.deps, direct);
      return (await mailsIn(t, alice, "INBOX"))[0].message;
    };
    const ko = await bounceFor("Korean");
    expect(ko).toMatchObject({ subject: "메일 전송 실패: Korean", fromName: "메일 전송 시스템" });
    expect(ko.textBody).toContain("다음 받는 사람에게 메일을 전달하지 못했습니다:");
    expect(ko.textBody).toContain("원래 메일의 제목: Korean");
    try {
      expect((await setLanguage("en")).status).toBe(200);
      const en = await bounceFor("English");
      expect(en).toMatchObject({ subject: "Undelivered Mail Returned to Sender: English", fromName: "Mail Delivery System" });
      expect(en.textBody).toContain("Your message could not be delivered to the following recipients:");
      expect((await setLanguage("id")).status).toBe(200);
      const id = await bounceFor("Indonesian");
      expect(id).toMatchObject({ subject: "Email Tidak Terkirim: Indonesian", fromName: "Sistem Pengiriman Email" });
      expect(id.textBody).toContain("Email Anda tidak dapat dikirim ke penerima berikut:");
      expect(id.textBody).toContain("reject@remote.example: ");
    } finally {
      await setLanguage("ko");
    }
  });

  test("only the refused recipients of a partly accepted message bounce", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["ok@remote.example", "reject-me@remote.example"], subject: "Half way" });
    await processOutbound(t.deps, direct);
    expect(mx.received.at(-1)!.to).toEqual(["ok@remote.example"]);
    const [row] = await rows();
    expect(row.status).toBe("FAILED");
    const [bounce] = await mailsIn(t, alice, "INBOX");
    expect(bounce.message.subject).toBe("메일 전송 실패: Half way");
    expect(bounce.message.textBody).toContain("reject-me@remote.example");
    expect(bounce.message.textBody).not.toContain("ok@remote.example");
  });

  test("a domain that does not exist bounces at once", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["someone@nowhere.example"], subject: "Nowhere" });
    await processOutbound(t.deps, direct);
    expect((await rows())[0]).toMatchObject({ status: "FAILED", attempts: 1 });
    const [bounce] = await mailsIn(t, alice, "INBOX");
    expect(bounce.message.subject).toBe("메일 전송 실패: Nowhere");
    expect(bounce.message.textBody).toContain("nowhere.example does not exist");
  });

  test("after 2 days of temporary failures it gives up and bounces", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["never@remote.example"], subject: "Never arrives" });
    const delays = [1, 5, 15, 60];
    let attempts = 0;
    for (;;) {
      await processOutbound(t.deps, direct);
      attempts++;
      const [row] = await rows();
      if (row.status !== "QUEUED") break;
      expect(row.attempts).toBe(attempts);
      minutes(delays[attempts - 1] ?? 120);
      expect(attempts).toBeLessThan(40);
    }
    const [row] = await rows();
    expect(row.status).toBe("FAILED");
    // 1 + 5 + 15 + 60 minutes, then every 2 hours until 48 hours have passed.
    expect(attempts).toBe(4 + Math.ceil((48 * 60 - 81) / 120) + 1);
    const [bounce] = await mailsIn(t, alice, "INBOX");
    expect(bounce.message.subject).toBe("메일 전송 실패: Never arrives");
    expect(bounce.message.textBody).toContain("gave up");
  });
});

describe("through the relay", () => {
  // The clock moved two days on: sign in again.
  beforeAll(async () => {
    S.A.token = (await login(t, alice)).access_token;
  });

  test("with SMTP_RELAY_URL set, the job hands external mail to the relay instead of the MX", async () => {
    await t.db.db.delete(mailOutbound);
    const before = mx.received.length;
    await send({ to: ["someone@far-away.example"], subject: "Via relay" });
    await processOutbound(t.deps, { timeoutMs: 5000 });
    const got = await t.smtp.next("someone@far-away.example");
    expect(got.subject).toBe("Via relay");
    expect(got.from).toBe(alice);
    expect(mx.received.length).toBe(before);
    expect((await rows())[0].status).toBe("SENT");
  });

  test("a row a crashed instance claimed comes due again after its lease", async () => {
    await t.db.db.delete(mailOutbound);
    await send({ to: ["ok@remote.example"], subject: "Leased" });
    const [row] = await rows();
    await t.db.db.update(mailOutbound).set({ nextAttemptAt: new Date(t.clock.now().getTime() + 10 * 60_000) }).where(eq(mailOutbound.id, row.id));
    expect(await processOutbound(t.deps, direct)).toBe(0);
    minutes(10);
    expect(await processOutbound(t.deps, direct)).toBe(1);
    expect((await rows())[0].status).toBe("SENT");
  });
});

describe("DKIM", () => {
  test("with a key for the sender's domain, outbound mail carries a signature that verifies against the TXT record", async () => {
    await t.db.db.delete(mailOutbound);
    const key = await ensureDkimKey(t.db.db, "alpha.test", t.clock.now());
    expect((await ensureDkimKey(t.db.db, "alpha.test", t.clock.now())).id).toBe(key.id);
    const record = dkimTxtRecord(key);
    expect(record.name).toBe("gw._domainkey.alpha.test");
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    await expect(ensureDkimKey(t.db.db, "not-ours.example", t.clock.now())).rejects.toThrow();

    await send({ to: ["ok@remote.example"], subject: "Signed" });
    await processOutbound(t.deps, direct);
    const got = mx.received.at(-1)!;
    expect(got.raw).toMatch(/^DKIM-Signature: .*d=alpha\.test/m);
    const result = await dkimVerify(got.raw, {
      resolver: (name: string, rr: string) => {
        if (rr === "TXT" && name === record.name) return Promise.resolve([[record.value]]);
        return Promise.reject(Object.assign(new Error("no record"), { code: "ENOTFOUND" }));
      },
    } as never);
    expect(result.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);

    // A domain without a key sends unsigned.
    await send({ to: ["ok@remote.example"], subject: "Unsigned", senderEmail: alice });
    const [other] = await t.db.db.select().from(mailOutbound).where(eq(mailOutbound.status, "QUEUED"));
    await t.db.db.update(mailOutbound).set({ envelopeFrom: "someone@beta.test" }).where(eq(mailOutbound.id, other.id));
    await processOutbound(t.deps, direct);
    expect(mx.received.at(-1)!.raw).not.toMatch(/^DKIM-Signature:/m);
  });
});
