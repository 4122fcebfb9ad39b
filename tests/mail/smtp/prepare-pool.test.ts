// The message preparation workers (smtp/prepare-pool.ts): a message prepared in a worker thread gives exactly
// what the in-process preparation gives (verdicts and their header, the parsed message, the search lexemes),
// the workers' DNS questions go through the listener's resolver with their error codes intact (a missing
// record is "none", a failing server "temperror"), several messages at once each get their own result, a pool
// whose worker cannot start prepares in-process (and says so once), and a closed pool still prepares.
import { afterAll, describe, expect, test } from "vitest";
import type { DnsResolver } from "../../../server/modules/mail/smtp/auth.ts";
import { PreparePool } from "../../../server/modules/mail/smtp/prepare-pool.ts";
import { type Preparation, type PrepareInput, prepareInbound } from "../../../server/modules/mail/smtp/prepare.ts";
import { compose, dkimKeyPair, localResolver } from "./support.ts";

const key = dkimKeyPair();
const published = localResolver({
  "signed.test": ["v=spf1 ip4:127.0.0.1 -all"],
  "mail._domainkey.signed.test": [key.publicRecord],
  "_dmarc.signed.test": ["v=DMARC1; p=reject"],
});
const asked: string[] = [];
const resolver: DnsResolver = (name, rrtype) => {
  asked.push(`${rrtype} ${name}`);
  // A domain whose DNS server fails: not "no record" but "try later".
  if (name.endsWith("broken.test")) return Promise.reject(Object.assign(new Error(`queryTxt ESERVFAIL ${name}`), { code: "ESERVFAIL" }));
  return published(name, rrtype);
};
const errors: string[] = [];
const warnings: string[] = [];
const log = { debug() {}, info() {}, warn: (m: string) => warnings.push(m), error: (m: string) => errors.push(m) } as never;
const pool = new PreparePool(1, resolver, log);
afterAll(() => pool.close());

const input = async (from: string, subject: string, sign = false): Promise<PrepareInput> => ({
  raw: new Uint8Array(await compose(
    {
      from, to: "someone@prepare.test", subject,
      text: "분기 보고서를 첨부합니다. Quarterly report attached.",
      html: `<p onclick="x()">분기 <b>보고서</b></p><script>x()</script><img src="cid:logo">`,
      attachments: [{ filename: "견적서.pdf", content: "%PDF-1.4 fake" }],
    },
    sign ? { domainName: "signed.test", keySelector: "mail", privateKey: key.privateKey } : undefined,
  )),
  ip: "127.0.0.1", helo: "mx.signed.test", sender: from, mta: "mx.prepare.test",
});
const settle = async (p: Preparation) => ({ auth: await p.auth, content: await p.content });

describe("message preparation workers", () => {
  test("a worker prepares what the in-process preparation does, its DNS through the listener's resolver", async () => {
    const signed = await input("news@signed.test", "signed message", true);
    asked.length = 0;
    const inWorker = await settle(pool.prepare(signed));
    expect(asked).toContain("TXT mail._domainkey.signed.test");
    const inProcess = await settle(prepareInbound(signed, resolver));
    expect(inWorker).toEqual(inProcess);
    const { auth, content } = inWorker;
    expect([auth.verdicts.spf.result, auth.verdicts.dkim[0].result, auth.verdicts.dmarc.result]).toEqual(["pass", "pass", "pass"]);
    expect(content.parsed.sentAt).toBeInstanceOf(Date);
    expect(content.parsed.htmlBody).not.toMatch(/script|onclick/);
    expect(content.parsed.attachments[0].name).toBe("견적서.pdf");
    expect(content.vector).toContain("'보고'");
  });

  test("a missing record is none and a failing DNS server temperror, in a worker as in-process", async () => {
    for (const [from, spf] of [["a@unpublished.test", "none"], ["a@broken.test", "temperror"]] as const) {
      const m = await input(from, `from ${from}`);
      const inWorker = await settle(pool.prepare(m));
      expect(inWorker).toEqual(await settle(prepareInbound(m, resolver)));
      expect(inWorker.auth.verdicts.spf.result).toBe(spf);
    }
  });

  test("many messages at once each get their own result", async () => {
    const many = await Promise.all(Array.from({ length: 24 }, (_, i) => input("news@signed.test", `message ${i}`, i % 2 === 0)));
    const results = await Promise.all(many.map((m) => settle(pool.prepare(m))));
    results.forEach((r, i) => {
      expect(r.content.parsed.subject).toBe(`message ${i}`);
      expect(r.auth.verdicts.dkim.length).toBe(i % 2 === 0 ? 1 : 0);
    });
  });

  test("a worker that cannot start leaves the preparation in-process, logged once", async () => {
    const broken = new PreparePool(1, resolver, log, new URL("./no-such-worker.ts", import.meta.url).href);
    errors.length = 0;
    const m = await input("news@signed.test", "no worker", true);
    const [first, second] = await Promise.all([settle(broken.prepare(m)), settle(broken.prepare(m))]);
    const expected = await settle(prepareInbound(m, resolver));
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    expect(await settle(broken.prepare(m))).toEqual(expected);
    expect(errors.filter((e) => e.includes("preparing in-process"))).toHaveLength(1);
    broken.close();
  });

  test("a closed pool still prepares (in-process)", async () => {
    const closing = new PreparePool(1, resolver, log);
    const m = await input("news@signed.test", "after close", true);
    await settle(closing.prepare(m));
    closing.close();
    expect(await settle(closing.prepare(m))).toEqual(await settle(prepareInbound(m, resolver)));
  });

  test("a message that runs out of time is prepared again with its content as text, and kept", async () => {
    // 40,000 styled table rows (≈6 MB of HTML): parsing and sanitising take seconds, far past the pool's
    // 1 s here; read as text (headers, body as text, bounded lexemes) it takes milliseconds.
    const rows = Array.from({ length: 40_000 }, (_, i) =>
      `<tr><td style="padding:4px;color:#333"><a href="https://x.example/${i}" style="color:#06c"><img src="https://x.example/${i}.png"></a>` +
      `<span>row ${i} 보고서</span><br></td></tr>`).join("");
    const slow: PrepareInput = {
      raw: new Uint8Array(await compose({
        from: "news@signed.test", to: "someone@prepare.test", subject: "slow newsletter",
        text: "zqslowtext 보고서 text part", html: `<table>${rows}</table>`,
      })),
      ip: "127.0.0.1", helo: "mx.signed.test", sender: "news@signed.test", mta: "mx.prepare.test",
    };
    const short = new PreparePool(1, resolver, log, undefined, 1000);
    try {
      // A worker that has started already (its start alone may take longer than the time allowed).
      await settle(short.prepare(await input("news@signed.test", "warm-up")));
      warnings.length = 0;
      const kept = await settle(short.prepare(slow));
      expect(warnings).toEqual([expect.stringContaining("preparing it again with its content as text")]);
      expect(kept.auth.verdicts.spf.result).toBe("pass");
      expect(kept.content.parsed.subject).toBe("slow newsletter");
      expect(kept.content.parsed.from.address).toBe("news@signed.test");
      expect(kept.content.parsed.htmlBody).toBeNull(); // nothing of the markup is shown unsanitised
      expect(kept.content.parsed.textBody).toContain("zqslowtext");
      expect(kept.content.vector).toContain("'zqslowtext'");
      // The worker was replaced: a normal message is prepared whole, as in-process.
      const next = await input("news@signed.test", "after the slow one", true);
      expect(await settle(short.prepare(next))).toEqual(await settle(prepareInbound(next, resolver)));
    } finally {
      short.close();
    }
  });
});
