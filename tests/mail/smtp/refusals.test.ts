// What the inbound listener refuses, with the replies a sending server relies on: unknown users of a hosted
// domain 550 5.1.1, other domains 550 5.7.1 (no relaying), oversize 552 5.3.4 (announced or sent), full
// mailboxes 552 5.2.2 user quota exceeded (at RCPT or at DATA), the 101st recipient 452 4.5.3, no AUTH; and a
// failure while storing answers 451 4.3.0, never 250, leaving nothing filed.
import { beforeAll, describe, expect, test } from "vitest";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { mailMessages, mails, users } from "../../../db/schema/index.ts";
import { FileBlobStore } from "../../../server/lib/blobs.ts";
import { startSmtpListener } from "../../../server/modules/mail/smtp/listener.ts";
import { MAX_MESSAGE_BYTES } from "../../../shared/mail/constants.ts";
import { adminApi } from "../../support/admin-api.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "./support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let smallId = 0;

const FROM = "sender@partner.example";
const countMails = async () => (await t.db.db.select({ id: mails.id }).from(mails)).length;
const message = (to: string, bytes = 0) =>
  compose({ from: FROM, to, subject: "Refusal test", text: "x".repeat(Math.max(bytes, 1)) });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smtp-refuse.test" });
  await signupCompany(t, { domain: "smtp-other.test" });
  smallId = (await adminApi(t).newUser(A.token, { loginId: "small", accountName: "Small Box", totalQuota: 4000 })).id;
  await adminApi(t).newUser(A.token, { loginId: "gone", accountName: "Gone User" });
});

describe("RCPT TO", () => {
  test("an unknown user of a hosted domain: 550 5.1.1", async () => {
    const r = await sendRaw(smtp.port, { from: FROM, to: ["nobody@smtp-refuse.test"] }, await message("nobody@smtp-refuse.test"));
    expect(r.ok).toBe(false);
    expect(r.rejectedResponses).toEqual(["550 5.1.1 <nobody@smtp-refuse.test>: recipient address rejected: user unknown"]);
  });

  test("a domain not hosted here: 550 5.7.1 relaying denied", async () => {
    const r = await sendRaw(smtp.port, { from: FROM, to: ["someone@elsewhere.example"] }, await message("someone@elsewhere.example"));
    expect(r.ok).toBe(false);
    expect(r.rejectedResponses).toEqual(["550 5.7.1 <someone@elsewhere.example>: relaying denied"]);
  });

  test("a deleted user is unknown", async () => {
    const [gone] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, "gone@smtp-refuse.test"));
    expect((await t.call("DELETE", `/api/admin/users/${gone.id}`, { token: A.token })).status).toBe(204);
    const r = await sendRaw(smtp.port, { from: FROM, to: ["gone@smtp-refuse.test"] }, await message("gone@smtp-refuse.test"));
    expect(r.rejectedResponses).toEqual(["550 5.1.1 <gone@smtp-refuse.test>: recipient address rejected: user unknown"]);
  });

  test("refused recipients do not stop the accepted ones", async () => {
    const before = await countMails();
    const to = [A.username, "nobody@smtp-refuse.test", "x@elsewhere.example"];
    const r = await sendRaw(smtp.port, { from: FROM, to }, await message(A.username));
    expect(r.ok).toBe(true);
    expect(r.accepted).toEqual([A.username]);
    expect(r.rejected).toEqual(["nobody@smtp-refuse.test", "x@elsewhere.example"]);
    expect(await countMails()).toBe(before + 1);
  });

  test("the 101st accepted recipient of one message: 452 4.5.3; the first 100 get it", async () => {
    const [admin] = await t.db.db.select().from(users).where(eq(users.username, A.username));
    const many = Array.from({ length: 101 }, (_, i) => `crowd${i}@smtp-refuse.test`);
    await t.db.db.insert(users).values(many.map((username) => ({
      companyId: A.companyId, username, accountName: username, displayName: username, totalQuota: admin.totalQuota, passwordHash: admin.passwordHash,
    })));
    const before = await countMails();
    const r = await sendRaw(smtp.port, { from: FROM, to: many }, await message(A.username));
    expect(r.ok).toBe(true);
    expect(r.accepted).toEqual(many.slice(0, 100));
    expect(r.rejectedResponses).toEqual(["452 4.5.3 Error: too many recipients"]);
    expect(await countMails()).toBe(before + 100);
  });

  test("AUTH is not offered (submission is not this listener's job)", async () => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
    const lines = await converse(conn, ["EHLO mx.sender.test", "AUTH PLAIN AGZvbwBiYXI=", "STARTTLS", "QUIT"]);
    conn.close();
    expect(lines).toMatch(/\r\n250[- ]SIZE 41943040\r\n/);
    expect(lines).not.toMatch(/AUTH|STARTTLS\r\n250/);
    expect(lines).toMatch(/\r\n50[0-3] [^\r]*\r\n50[0-3] /); // AUTH and STARTTLS both refused
  });
});

describe("message size", () => {
  test("SIZE above the limit in MAIL FROM: 552 5.3.4 before any data", async () => {
    // nodemailer would not even try (it reads the advertised SIZE), so this conversation is typed by hand.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
    const lines = await converse(conn, ["EHLO mx.sender.test", `MAIL FROM:<${FROM}> SIZE=${MAX_MESSAGE_BYTES + 1}`, "QUIT"]);
    conn.close();
    expect(lines).toMatch(/\r\n552 5\.3\.4 [^\r]*\r\n221 /);
    // At the limit, the same command is accepted.
    const conn2 = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
    const ok = await converse(conn2, ["EHLO mx.sender.test", `MAIL FROM:<${FROM}> SIZE=${MAX_MESSAGE_BYTES}`, "QUIT"]);
    conn2.close();
    expect(ok).toMatch(/\r\n250 2\.1\.0 [^\r]*\r\n221 /);
  });

  test("a stream past the limit without SIZE: 552 5.3.4 and nothing stored", async () => {
    const before = await countMails();
    const big = Buffer.concat([await message(A.username), Buffer.alloc(MAX_MESSAGE_BYTES + 10, "a\r\n")]);
    const r = await sendRaw(smtp.port, { from: FROM, to: [A.username] }, big);
    expect(r.ok).toBe(false);
    expect(r.response).toMatch(/^552 5\.3\.4 /);
    expect(await countMails()).toBe(before);
  });
});

describe("quota", () => {
  test("an announced size beyond the room left: 552 5.2.2 user quota exceeded at RCPT", async () => {
    const r = await sendRaw(smtp.port, { from: FROM, to: ["small@smtp-refuse.test"], size: 5000 }, await message("small@smtp-refuse.test"));
    expect(r.ok).toBe(false);
    expect(r.rejectedResponses).toEqual(["552 5.2.2 <small@smtp-refuse.test>: user quota exceeded"]);
  });

  test("no SIZE, a message beyond the room left: 552 5.2.2 user quota exceeded after DATA, nothing filed", async () => {
    const before = await countMails();
    const r = await sendRaw(smtp.port, { from: FROM, to: ["small@smtp-refuse.test"] }, await message("small@smtp-refuse.test", 5000));
    expect(r.ok).toBe(false);
    expect(r.response).toBe("552 5.2.2 <small@smtp-refuse.test>: user quota exceeded");
    expect(await countMails()).toBe(before);
  });

  test("a message that fits is filed; once the mailbox is full, RCPT refuses even without SIZE", async () => {
    const ok = await sendRaw(smtp.port, { from: FROM, to: ["small@smtp-refuse.test"] }, await message("small@smtp-refuse.test", 1500));
    expect(ok.ok).toBe(true);
    const [u] = await t.db.db.select({ usedSize: users.usedSize }).from(users).where(eq(users.id, smallId));
    expect(u.usedSize).toBeGreaterThan(1500);
    expect((await t.call("PUT", `/api/admin/users/${smallId}`, { token: A.token, json: { totalQuota: u.usedSize } })).status).toBe(200);
    const r = await sendRaw(smtp.port, { from: FROM, to: ["small@smtp-refuse.test"] }, await message("small@smtp-refuse.test"));
    expect(r.rejectedResponses).toEqual(["552 5.2.2 <small@smtp-refuse.test>: user quota exceeded"]);
  });
});

describe("a failure while storing", () => {
  test("answers 451 4.3.0 (try again), never 250, and files nothing", async () => {
    // A blob store whose folder is a file: every write fails, for real.
    const notAFolder = join(t.dataDir, "not-a-folder");
    await writeFile(notAFolder, "x");
    const broken = await startSmtpListener({ ...t.deps, blobs: new FileBlobStore(notAFolder) }, {
      port: 0,
      host: "127.0.0.1",
      resolver: localResolver({}),
    });
    try {
      const before = await countMails();
      const messagesBefore = (await t.db.db.select({ id: mailMessages.id }).from(mailMessages)).length;
      const r = await sendRaw(broken.port, { from: FROM, to: [A.username] }, await message(A.username));
      expect(r.ok).toBe(false);
      expect(r.response).toBe("451 4.3.0 temporary failure storing the message, try again later");
      expect(await countMails()).toBe(before);
      expect((await t.db.db.select({ id: mailMessages.id }).from(mailMessages)).length).toBe(messagesBefore);
    } finally {
      await broken.close();
    }
  });
});

/** Sends each command and collects every reply line, the greeting's included. */
async function converse(conn: Deno.Conn, commands: string[]): Promise<string> {
  const dec = new TextDecoder();
  const buf = new Uint8Array(4096);
  const readReply = async () => {
    let reply = "";
    // A reply ends with a line "ddd text" (no dash after the code).
    while (!/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(reply)) {
      const n = await conn.read(buf);
      if (n === null) break;
      reply += dec.decode(buf.subarray(0, n));
    }
    return reply;
  };
  let all = await readReply();
  for (const c of commands) {
    await conn.write(new TextEncoder().encode(c + "\r\n"));
    all += await readReply();
  }
  return all;
}
