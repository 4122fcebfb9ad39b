// Address harvesting on the inbound listener (issue 22): a session's first refused recipients are answered at
// once; past three, every further RCPT reply waits longer and longer (accepted ones too), and the tenth refusal
// ends the session with 421 4.7.0. The count is the session's, kept over RSET; a new session starts afresh.
// (The cap of 100 recipients per message, 452 4.5.3, is tested in refusals.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSmtpListener } from "../../../server/modules/mail/smtp/listener.ts";
import { HARVEST_POLICY } from "../../../server/modules/mail/smtp/recipients.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { localResolver } from "./support.ts";

const t = await createTestApp();
const STEP = 150;
const smtp = await startSmtpListener(t.deps, {
  port: 0,
  host: "127.0.0.1",
  resolver: localResolver({}),
  hostname: "mx.groupware.test",
  harvest: { stepMs: STEP, maxDelayMs: 4 * STEP },
});
afterAll(() => smtp.close());
let A: Awaited<ReturnType<typeof signupCompany>>;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "harvest.test" });
});

/** One SMTP session typed by hand: each command's reply line and how long it took. */
async function session() {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
  const dec = new TextDecoder();
  const buf = new Uint8Array(4096);
  let pending = "";
  const readReply = async (): Promise<string | null> => {
    while (!/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(pending)) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) return null;
      pending += dec.decode(buf.subarray(0, n));
    }
    const reply = pending.trimEnd().split("\r\n").at(-1)!;
    pending = "";
    return reply;
  };
  await readReply();
  return {
    async say(command: string): Promise<{ reply: string | null; ms: number }> {
      const start = performance.now();
      await conn.write(new TextEncoder().encode(command + "\r\n"));
      const reply = await readReply();
      return { reply, ms: performance.now() - start };
    },
    /** Whether the server closed the connection. */
    async closed(): Promise<boolean> {
      const n = await conn.read(buf).catch(() => null);
      return n === null;
    },
    close: () => {
      try {
        conn.close();
      } catch { /* closed by the server */ }
    },
  };
}

describe("RCPT after repeated unknown recipients", () => {
  test("the policy: three free refusals, then slower replies, 421 at the tenth", () => {
    expect(HARVEST_POLICY).toMatchObject({ free: 3, dropAfter: 10 });
  });

  test("three refusals at once; later replies wait longer and longer, accepted ones too; the tenth closes with 421", async () => {
    const s = await session();
    try {
      expect((await s.say("EHLO probe.example")).reply).toMatch(/^250 /);
      expect((await s.say("MAIL FROM:<probe@probe.example>")).reply).toMatch(/^250 /);
      for (let i = 0; i < 3; i++) {
        const r = await s.say(`RCPT TO:<guess${i}@harvest.test>`);
        expect(r.reply).toBe(`550 5.1.1 <guess${i}@harvest.test>: recipient address rejected: user unknown`);
        expect(r.ms).toBeLessThan(STEP);
      }
      const fourth = await s.say("RCPT TO:<guess3@harvest.test>");
      expect(fourth.reply).toMatch(/^550 5\.1\.1 /);
      expect(fourth.ms).toBeGreaterThanOrEqual(STEP - 5);
      // A real address now waits as long: the guard slows the session, not just its misses.
      const real = await s.say(`RCPT TO:<${A.username}>`);
      expect(real.reply).toMatch(/^250 /);
      expect(real.ms).toBeGreaterThanOrEqual(STEP - 5);
      const fifth = await s.say("RCPT TO:<guess4@harvest.test>");
      expect(fifth.ms).toBeGreaterThanOrEqual(2 * STEP - 5);
      // RSET starts a new transaction, not a new count.
      expect((await s.say("RSET")).reply).toMatch(/^250 /);
      expect((await s.say("MAIL FROM:<probe@probe.example>")).reply).toMatch(/^250 /);
      const sixth = await s.say("RCPT TO:<someone@elsewhere.example>"); // relaying refusals count as well
      expect(sixth.reply).toMatch(/^550 5\.7\.1 /);
      expect(sixth.ms).toBeGreaterThanOrEqual(4 * STEP - 5);
      for (let i = 7; i <= 9; i++) {
        const r = await s.say(`RCPT TO:<guess${i}@harvest.test>`);
        expect(r.reply).toMatch(/^550 /);
        expect(r.ms).toBeGreaterThanOrEqual(4 * STEP - 5); // at most maxDelayMs
        expect(r.ms).toBeLessThan(8 * STEP);
      }
      const tenth = await s.say("RCPT TO:<guess10@harvest.test>");
      expect(tenth.reply).toBe("421 4.7.0 too many unknown recipients, closing connection");
      expect(await s.closed()).toBe(true);
    } finally {
      s.close();
    }
  });

  test("a new session starts afresh", async () => {
    const s = await session();
    try {
      await s.say("EHLO probe.example");
      await s.say("MAIL FROM:<probe@probe.example>");
      const r = await s.say("RCPT TO:<fresh@harvest.test>");
      expect(r.reply).toMatch(/^550 5\.1\.1 /);
      expect(r.ms).toBeLessThan(STEP);
      expect((await s.say(`RCPT TO:<${A.username}>`)).reply).toMatch(/^250 /);
      expect((await s.say("QUIT")).reply).toMatch(/^221 /);
    } finally {
      s.close();
    }
  });
});
