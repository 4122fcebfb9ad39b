// Inbound SMTP delivery over real conversations on loopback (nodemailer as the sending server): a message
// lands in the recipient's inbox with exact counts, stored once in the blob store with Return-Path: (replacing
// any the message brings), Received: and Authentication-Results: prepended; NEW_MAIL reaches the recipient's
// socket; recipients of two companies each get their own stored message; real-world MIME samples are parsed;
// HTML is sanitised.
import { beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { attachmentBytes } from "../../../server/modules/mail/store/parse.ts";
import { mailTopic } from "../../../shared/realtime.ts";
import { adminApi } from "../../support/admin-api.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { open, serve, subscribe } from "../../realtime/support.ts";
import { compose, listen, localResolver, sendRaw } from "./support.ts";
import { messageBytes } from "../../../server/modules/mail/store/message-bytes.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
const ids: Record<string, number> = {};

const sample = (name: string) => readFile(new URL(`../samples/${name}`, import.meta.url));

async function userId(username: string) {
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

async function folder(uid: number, type: string) {
  const [f] = await t.db.db.select().from(mailFolders).where(and(eq(mailFolders.userId, uid), eq(mailFolders.folderType, type)));
  return f;
}

/** The user's mails, newest first, with their stored message. */
async function mailboxOf(uid: number) {
  return await t.db.db.select({ mail: mails, message: mailMessages }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(eq(mails.userId, uid)).orderBy(mails.id);
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smtp-alpha.test" });
  B = await signupCompany(t, { domain: "smtp-beta.test" });
  await adminApi(t).newUser(A.token, { loginId: "kim", accountName: "Kim Alpha" });
  ids.alphaAdmin = await userId(A.username);
  ids.kim = await userId("kim@smtp-alpha.test");
  ids.betaAdmin = await userId(B.username);
});

describe("delivery to an inbox", () => {
  test("a message is stored, filed in the inbox with exact counts, and acknowledged 250 only then", async () => {
    const raw = await compose({ from: "Partner <sender@partner.example>", to: A.username, subject: "Hello over SMTP", text: "First inbound message" });
    const r = await sendRaw(smtp.port, { from: "sender@partner.example", to: [A.username] }, raw);
    expect(r.ok).toBe(true);
    expect(r.response).toMatch(/^250 2\.0\.0 OK: stored as \d+/);

    const [{ mail, message }] = await mailboxOf(ids.alphaAdmin);
    const inbox = await folder(ids.alphaAdmin, "INBOX");
    expect(mail).toMatchObject({ folderId: inbox.id, read: false, spamReason: null, companyId: A.companyId, receivedAt: t.clock.now() });
    expect(message).toMatchObject({ companyId: A.companyId, subject: "Hello over SMTP", fromName: "Partner", fromAddress: "sender@partner.example" });
    expect(message.textBody).toContain("First inbound message");

    const stored = await messageBytes(t.deps.blobs, message);
    expect(message.size).toBe(stored.length);
    const text = new TextDecoder().decode(stored);
    expect(text).toMatch(
      /^Return-Path: <sender@partner\.example>\r\nReceived: from mx\.sender\.test \(\[127\.0\.0\.1\]\)\r\n\tby mx\.groupware\.test with ESMTP id /,
    );
    expect(text).toContain(`\tfor <${A.username}>;`);
    expect(text).toContain("Authentication-Results: mx.groupware.test;");
    expect(text.endsWith(raw.toString("utf8"))).toBe(true); // the sender's bytes follow, unchanged
    // Those are the blob (written while the checks ran); our fields in front are the row's headerPrefix.
    expect(new TextDecoder().decode(await t.deps.blobs.get(message.blobKey))).toBe(raw.toString("utf8"));
    expect(message.headerPrefix).toBe(text.slice(0, text.length - raw.length));

    expect(await folder(ids.alphaAdmin, "INBOX")).toMatchObject({ totalCount: 1, newCount: 1, usedSize: stored.length });
    const [u] = await t.db.db.select({ usedSize: users.usedSize }).from(users).where(eq(users.id, ids.alphaAdmin));
    expect(u.usedSize).toBe(stored.length);
  });

  test("NEW_MAIL with the folder and mail ids reaches the recipient's mail topic", async () => {
    const { ws } = serve(t.app);
    const socket = await open(ws, A.token);
    await subscribe(t.deps, socket, mailTopic(A.username));
    const raw = await compose({ from: "sender@partner.example", to: A.username, subject: "Ping", text: "event" });
    expect((await sendRaw(smtp.port, { from: "sender@partner.example", to: [A.username] }, raw)).ok).toBe(true);
    const frame = await socket.next((f) => f.type === "MESSAGE" && f.event === "NEW_MAIL");
    const mine = await mailboxOf(ids.alphaAdmin);
    const last = mine[mine.length - 1].mail;
    expect(frame).toEqual({ type: "MESSAGE", topic: mailTopic(A.username), event: "NEW_MAIL", data: { folderId: last.folderId, mailId: last.id } });
    socket.close();
  });

  test("recipients in two companies: each company stores its own message, each user gets an inbox copy", async () => {
    const to = [A.username, "KIM@smtp-alpha.test", B.username];
    const raw = await compose({ from: "sender@partner.example", to, subject: "To two companies", text: "shared news" });
    const r = await sendRaw(smtp.port, { from: "sender@partner.example", to }, raw);
    expect(r.ok).toBe(true);
    expect(r.accepted).toEqual(to);

    const alpha = (await mailboxOf(ids.alphaAdmin)).at(-1)!;
    const kim = (await mailboxOf(ids.kim)).at(-1)!;
    const beta = (await mailboxOf(ids.betaAdmin)).at(-1)!;
    for (const m of [alpha, kim, beta]) expect(m.message.subject).toBe("To two companies");
    expect(alpha.message.id).toBe(kim.message.id); // one stored message per company
    expect(beta.message.id).not.toBe(alpha.message.id);
    expect(alpha.message.companyId).toBe(A.companyId);
    expect(beta.message.companyId).toBe(B.companyId);
    expect(beta.mail.companyId).toBe(B.companyId);
    expect(beta.message.blobKey).toBe(alpha.message.blobKey); // the same bytes, kept once
    // Several recipients: the trace line names none of them.
    expect(new TextDecoder().decode(await messageBytes(t.deps.blobs, beta.message))).not.toMatch(/\tfor </);
    expect(await folder(ids.kim, "INBOX")).toMatchObject({ totalCount: 1, newCount: 1 });
    expect(await folder(ids.betaAdmin, "INBOX")).toMatchObject({ totalCount: 1, newCount: 1 });
  });

  test("concurrent deliveries to one mailbox all succeed (no deadlock on the counters) and count exactly", async () => {
    const before = await folder(ids.kim, "INBOX");
    const raws = await Promise.all(Array.from({ length: 16 }, (_, i) =>
      compose({ from: "sender@partner.example", to: "kim@smtp-alpha.test", subject: `burst ${i}`, text: `burst ${i}` })));
    const results = await Promise.all(raws.map((raw) => sendRaw(smtp.port, { from: "sender@partner.example", to: ["kim@smtp-alpha.test", A.username] }, raw)));
    expect(results.map((r) => r.response.slice(0, 3))).toEqual(raws.map(() => "250"));
    const after = await folder(ids.kim, "INBOX");
    expect(after.totalCount - before.totalCount).toBe(16);
    expect(after.newCount - before.newCount).toBe(16);
  });

  test("the same recipient named twice gets one copy", async () => {
    const raw = await compose({ from: "sender@partner.example", to: "kim@smtp-alpha.test", subject: "Twice", text: "x" });
    const r = await sendRaw(smtp.port, { from: "sender@partner.example", to: ["kim@smtp-alpha.test", "Kim@SMTP-alpha.test"] }, raw);
    expect(r.ok).toBe(true);
    expect((await mailboxOf(ids.kim)).filter((m) => m.message.subject === "Twice")).toHaveLength(1);
  });

  test("a bounce (null sender) is accepted, with Return-Path: <>", async () => {
    const raw = await compose({ from: "MAILER-DAEMON@partner.example", to: "kim@smtp-alpha.test", subject: "Undelivered", text: "bounce" });
    expect((await sendRaw(smtp.port, { from: "", to: ["kim@smtp-alpha.test"] }, raw)).ok).toBe(true);
    const got = (await mailboxOf(ids.kim)).at(-1)!;
    expect(got.message.subject).toBe("Undelivered");
    expect(new TextDecoder().decode(await messageBytes(t.deps.blobs, got.message))).toMatch(/^Return-Path: <>\r\nReceived: /);
  });

  test("a Return-Path the message brings is replaced by the envelope sender's (RFC 5321 §4.4)", async () => {
    const raw = await compose({ from: "sender@partner.example", to: "kim@smtp-alpha.test", subject: "Own return path", text: "x" });
    const forged = Buffer.concat([Buffer.from("Return-Path:\r\n <ceo@smtp-alpha.test>\r\nreturn-path: <x@y.example>\r\n"), raw]);
    expect((await sendRaw(smtp.port, { from: "bounces@partner.example", to: ["kim@smtp-alpha.test"] }, forged)).ok).toBe(true);
    const got = (await mailboxOf(ids.kim)).at(-1)!;
    expect(got.message.subject).toBe("Own return path");
    const text = new TextDecoder().decode(await messageBytes(t.deps.blobs, got.message));
    expect(text).toMatch(/^Return-Path: <bounces@partner\.example>\r\nReceived: /);
    expect(text.match(/^return-path:/gim)).toHaveLength(1);
    expect(text).not.toContain("ceo@smtp-alpha.test");
    expect(text.endsWith(raw.toString("utf8"))).toBe(true); // the rest of the sender's bytes, unchanged
  });
});

describe("real-world MIME over SMTP", () => {
  async function deliver(file: string) {
    const raw = await sample(file);
    const r = await sendRaw(smtp.port, { from: "sender@partner.example", to: ["kim@smtp-alpha.test"] }, raw);
    expect(r.ok, r.response).toBe(true);
    return (await mailboxOf(ids.kim)).at(-1)!.message;
  }

  test("multipart/alternative nested in related and mixed: text, sanitised HTML, an inline cid image, an attachment", async () => {
    const m = await deliver("nested-alternative-cid.eml");
    expect(m.subject).toBe("Quarterly report with logo");
    expect(m.sentAt).toEqual(new Date("2026-11-17T00:30:00Z"));
    expect(m.textBody).toContain("Plain version of the quarterly report.");
    expect(m.htmlBody).toContain("Quarterly <b>report</b>");
    expect(m.htmlBody).toContain('src="cid:logo@partner.example"');
    expect(m.htmlBody).not.toMatch(/<script|alert\(1\)|onclick|steal\(|javascript:/i);
    expect(m.attachments).toEqual([
      { position: 0, name: "logo.png", size: 70, contentType: "image/png", contentId: "logo@partner.example", inline: true },
      { position: 1, name: "report.pdf", size: 45, contentType: "application/pdf", contentId: null, inline: false },
    ]);
    expect(m.hasAttachments).toBe(true);
    const pdf = await attachmentBytes(await t.deps.blobs.get(m.blobKey), 1);
    expect(new TextDecoder().decode(pdf!)).toMatch(/^%PDF-1\.4/);
  });

  test("an RFC 2231 encoded, continued attachment name and an encoded-word subject", async () => {
    const m = await deliver("rfc2231-filename.eml");
    expect(m.subject).toBe("견적서 송부");
    expect(m.attachments).toEqual([expect.objectContaining({ position: 0, name: "견적서 (2026).xlsx", inline: false })]);
  });

  test("ks_c_5601-1987 (CP949) headers and 8-bit body", async () => {
    const m = await deliver("ks-c-5601-1987.eml");
    expect(m.subject).toBe("납품 일정 확인");
    expect(m.fromName).toBe("이영희");
    expect(m.to).toEqual([{ name: "관리자", address: "admin@smtp-alpha.test" }]);
    expect(m.textBody).toContain("다음 주 화요일 납품 일정을 확인 부탁드립니다.");
  });

  test("malformed: a bad Date, an unknown charset label, 8-bit text without charset, an unterminated boundary", async () => {
    const m = await deliver("malformed-headers.eml");
    expect(m.subject).toBe("Broken but readable");
    expect(m.sentAt).toBeNull();
    expect(m.textBody).toContain("First part under a charset label nobody knows.");
    expect(m.textBody).toContain("Unlabelled 8-bit line: café ünïcode 한글");
    expect(m.textBody).toContain("The last part has no closing boundary");
  });
});
