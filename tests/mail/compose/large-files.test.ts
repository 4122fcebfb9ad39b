// Large attachments end to end: drafts keep their large files (same upload ids, type, name and size) through
// reopening, updating and sending; a resend of one's own sent mail carries its large files again (new links),
// a forward carries the original's links; the company's largeFileMaxDuration sets the links' validity and
// the date the mail states, largeFileMaxSize holds uploads and type changes, and isLargeAttPw puts the links
// behind a password the sender sets (the download page's info, unlock and ticketed download); the texts the
// server writes (the large-file block, the secure-mail notice) are in the sender's language.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailLargeFiles } from "../../../db/schema/index.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
import { LARGE_FILE_TICKET_SECONDS } from "../../../shared/mail/constants.ts";
import { createTestApp } from "../../support/test-app.ts";
import { bytes, mailsIn, relogin, twoCompanies, upload } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
const MB = 1024 * 1024;
const DAY = 86_400_000;

const send = (json: Record<string, unknown>, token = S.A.token) => t.call("POST", "/api/mails/v2/send", { token, json });
const mailConfig = (json: Record<string, unknown>) => t.call("PUT", "/api/admin/company/config/mail", { token: S.A.token, json });
const setLanguage = (token: string, languageType: string) => t.call("PUT", "/api/users/language", { token, form: { languageType } });

/** The large-file download tokens in a mail body, direct links and page links alike. */
function largeTokens(html: string | null): string[] {
  return [...(html ?? "").matchAll(/(?:\/api\/mail\/large\/|#\/mail\/large\/)([A-Za-z0-9_-]{20,100})/g)].map((m) => m[1]);
}

/** Byte for byte (a deep equality of megabytes is slow). */
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

const untilText = (lang: string, at: number) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

beforeAll(async () => {
  S = await twoCompanies(t);
  await setLanguage(S.A.token, "EN");
});

describe("drafts keep their large files", () => {
  let draftId = 0;
  let small = { id: "", name: "", size: 0, uploadType: "" };
  let large = { id: "", name: "", size: 0, uploadType: "" };

  test("a saved draft reopens with its large file (same id, type, name, size) beside its normal one", async () => {
    small = (await upload(t, S.A.token, "notes.txt", new TextEncoder().encode("short notes"))).body;
    const up = await upload(t, S.A.token, "video.mp4", bytes(25 * MB, 5), "large");
    expect(up.status).toBe(200);
    large = up.body;
    expect(large).toEqual({ id: expect.any(String), name: "video.mp4", size: 25 * MB, uploadType: "large" });
    const saved = await t.call("POST", "/api/mails/v2/draft", {
      token: S.A.token,
      json: { to: ["bob@alpha.test"], subject: "Big video", content: "<p>have a look</p>", attachments: [small.id, large.id] },
    });
    expect(saved.status).toBe(201);
    draftId = saved.body.draftId;

    const opened = await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.A.token });
    expect(opened.status).toBe(200);
    expect(opened.body.attachmentFiles).toEqual([
      { id: expect.any(String), name: "notes.txt", size: 11, uploadType: expect.any(String) },
      large,
    ]);
    expect(opened.body.attachments).toEqual(opened.body.attachmentFiles.map((f: { id: string }) => f.id));
    // The draft's body is what was written, without the server's large-file block.
    expect(opened.body.content).toBe("<p>have a look</p>");
  });

  test("a draft with only a large file keeps it too, through an update", async () => {
    const only = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { subject: "only large", attachments: [large.id] } });
    const opened = await t.call("GET", `/api/mails/v2/draft/${only.body.draftId}`, { token: S.A.token });
    expect(opened.body.attachmentFiles).toEqual([large]);
    const updated = await t.call("PUT", "/api/mails/v2/draft", { token: S.A.token, json: { ...opened.body, subject: "only large v2" } });
    expect(updated.status).toBe(200);
    const again = await t.call("GET", `/api/mails/v2/draft/${updated.body.draftId}`, { token: S.A.token });
    expect(again.body).toMatchObject({ subject: "only large v2", attachments: [large.id], attachmentFiles: [large] });
    await t.call("DELETE", "/api/mails/v2/draft", { token: S.A.token, form: { mailIds: [updated.body.draftId] } });
  });

  test("sending the reopened draft sends the large file as a link and the normal one attached", async () => {
    const opened = await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.A.token });
    const r = await send(opened.body);
    expect(r.status).toBe(200);
    expect(await mailsIn(t, S.A.username, "DRAFTS")).toEqual([]);
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Big video");
    expect(bobMail.message.attachments.map((a) => a.name)).toEqual(["notes.txt"]);
    const [token] = largeTokens(bobMail.message.htmlBody);
    expect(token).toBeDefined();
    const res = await t.app.request(`/api/mail/large/${token}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(25 * MB);
  });
});

describe("resend and forward of a mail with large files", () => {
  let sentId = 0;
  let oldToken = "";

  test("a resend of one's own sent mail carries its large file again, without the old links", async () => {
    const big = await upload(t, S.A.token, "plans.zip", bytes(2 * MB, 9), "large");
    const doc = await upload(t, S.A.token, "cover.txt", new TextEncoder().encode("cover"));
    const r = await send({ to: ["carol@alpha.test"], subject: "Plans", content: "<p>the plans</p>", attachments: [doc.body.id, big.body.id] });
    expect(r.status).toBe(200);
    sentId = r.body.mailIds[0];
    const [sent] = await mailsIn(t, S.A.username, "SENT");
    [oldToken] = largeTokens(sent.message.htmlBody);

    const re = await t.call("GET", `/api/mails/v2/resend/${sentId}`, { token: S.A.token });
    expect(re.status).toBe(200);
    const files = re.body.attachmentFiles as { id: string; name: string; size: number; uploadType: string }[];
    expect(files.map((f) => [f.name, f.size, f.uploadType])).toEqual([["cover.txt", 5, "draft"], ["plans.zip", 2 * MB, "large"]]);
    expect(largeTokens(re.body.content)).toEqual([]);
    expect(re.body.content).toContain("the plans");

    const again = await send({ ...re.body, to: ["carol@alpha.test"] });
    expect(again.status).toBe(200);
    const [carolMail] = await mailsIn(t, "carol@alpha.test", "INBOX");
    const tokens = largeTokens(carolMail.message.htmlBody);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).not.toBe(oldToken);
    const res = await t.app.request(`/api/mail/large/${tokens[0]}`);
    expect(sameBytes(new Uint8Array(await res.arrayBuffer()), bytes(2 * MB, 9))).toBe(true);
  });

  test("a forward carries the original's large-file links in the quoted mail, not copies of the files", async () => {
    // The first "Plans" (the resend came after it).
    const carolMail = (await mailsIn(t, "carol@alpha.test", "INBOX")).filter((m) => m.message.subject === "Plans").at(-1)!;
    const fw = await t.call("GET", `/api/mails/v2/forward?mailIds[]=${carolMail.mail.id}`, { token: S.carolToken });
    expect(fw.status).toBe(200);
    expect(fw.body.attachmentFiles.map((f: { name: string }) => f.name)).toEqual(["cover.txt"]);
    expect(largeTokens(fw.body.content)).toEqual([oldToken]);
  });

  test("another user's large files are not taken into a resend", async () => {
    const [carolMail] = (await mailsIn(t, "carol@alpha.test", "INBOX")).filter((m) => m.message.subject === "Plans");
    // Carol cannot resend a mail she received; and Alice's resend of her own mail never lists Carol's files.
    expect((await t.call("GET", `/api/mails/v2/resend/${carolMail.mail.id}`, { token: S.carolToken })).status).toBe(404);
  });
});

describe("the company's large-file settings", () => {
  test("largeFileMaxDuration sets the links' validity and the date the mail states", async () => {
    expect((await mailConfig({ largeFileMaxDuration: 30 })).status).toBe(200);
    const up = await upload(t, S.A.token, "archive.bin", bytes(25 * MB, 6), "large");
    const now = t.clock.now().getTime();
    const r = await send({ to: ["partner@remote.example"], subject: "Archive", content: "<p>archive</p>", attachments: [up.body.id] });
    expect(r.status).toBe(200);
    const [sent] = await mailsIn(t, S.A.username, "SENT");
    const [token] = largeTokens(sent.message.htmlBody);
    const [row] = await t.db.db.select().from(mailLargeFiles).where(eq(mailLargeFiles.token, token));
    expect(row.expiresAt.getTime()).toBe(now + 30 * DAY);

    await processOutbound(t.deps, { timeoutMs: 5000 });
    const outside = await t.smtp.next("partner@remote.example");
    expect(outside.text).toContain(untilText("en", now + 30 * DAY));
    expect(outside.text).toContain("archive.bin (25 MB)");
    expect(outside.text).not.toContain("26,214,400");

    // Valid on day 29, gone after day 30.
    t.clock.advance(29 * DAY);
    expect((await t.app.request(`/api/mail/large/${token}`, { method: "HEAD" })).status).toBe(200);
    t.clock.advance(DAY + 1000);
    expect((await t.app.request(`/api/mail/large/${token}`, { method: "HEAD" })).status).toBe(404);
    t.clock.advance(-(30 * DAY + 1000));
    await relogin(t, S);
    await mailConfig({ largeFileMaxDuration: 7 });
  });

  test("largeFileMaxSize (with its unit) holds large uploads and type changes (mail.131, mail.417)", async () => {
    await mailConfig({ largeFileMaxSize: 1, largeFileSizeUnit: "MB" });
    const over = await upload(t, S.A.token, "over.bin", bytes(MB + 1), "large");
    expect(over.status).toBe(413);
    expect(over.body.code).toBe("mail.131");
    expect((await upload(t, S.A.token, "fits.bin", bytes(MB), "large")).status).toBe(200);
    const normal = await upload(t, S.A.token, "normal.bin", bytes(MB + 1));
    const change = await t.call("PUT", `/api/mail/file/${normal.body.id}/type`, { token: S.A.token, json: { uploadType: "large" } });
    expect(change.status).toBe(413);
    expect(change.body.code).toBe("mail.417");
    await mailConfig({ largeFileMaxSize: 2, largeFileSizeUnit: "GB" });
  });
});

describe("large-file password (isLargeAttPw)", () => {
  let token = "";

  test("with the setting on, a mail with large files needs a large-file password (5+ letters and digits)", async () => {
    await mailConfig({ isLargeAttPw: true });
    const up = await upload(t, S.A.token, "design.psd", bytes(3 * MB, 8), "large");
    for (const largeFilePw of [undefined, "abc1", "abcdef", "abc 123"]) {
      const r = await send({ to: ["bob@alpha.test"], subject: "Design", attachments: [up.body.id], largeFilePw });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("mail.large_password_invalid");
    }
    // A mail without large files needs none.
    expect((await send({ to: ["bob@alpha.test"], subject: "no files" })).status).toBe(200);

    const r = await send({ to: ["bob@alpha.test"], subject: "Design", content: "<p>design</p>", attachments: [up.body.id], largeFilePw: "green77tree" });
    expect(r.status).toBe(200);
    const [bobMail] = (await mailsIn(t, "bob@alpha.test", "INBOX")).filter((m) => m.message.subject === "Design");
    // The link leads to the download page, which asks for the password; the mail says so.
    expect(bobMail.message.htmlBody).toMatch(/http:\/\/localhost:8080\/#\/mail\/large\/[A-Za-z0-9_-]+/);
    expect(bobMail.message.htmlBody).toContain("password");
    expect(bobMail.message.htmlBody).not.toContain("green77tree");
    [token] = largeTokens(bobMail.message.htmlBody);
  });

  test("the page's info names the file and asks for the password; the file itself needs a ticket", async () => {
    const info = await t.call("GET", `/api/mail/large/${token}/info`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      name: "design.psd", size: 3 * MB, contentType: "application/octet-stream",
      from: { name: "Alice Admin", address: S.A.username },
      expiresAtMillis: expect.any(Number), downloadCount: 0, maxDownloads: 100, requiresPassword: true,
    });
    for (const path of [`/api/mail/large/${token}`, `/api/mail/large/${token}?ticket=forged.ticket.value`]) {
      const r = await t.call("GET", path);
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe("mail.large_password_required");
    }
    expect((await t.call("GET", `/api/mail/large/not-a-real-token-at-all-xyz/info`)).status).toBe(404);
  });

  test("the right password gives a short ticket that downloads (counted); a wrong one is refused", async () => {
    const wrong = await t.call("POST", `/api/mail/large/${token}/unlock`, { json: { password: "red77tree" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("mail.large_password_wrong");
    const ok = await t.call("POST", `/api/mail/large/${token}/unlock`, { json: { password: "green77tree" } });
    expect(ok.status).toBe(200);
    const until = t.clock.now().getTime() + LARGE_FILE_TICKET_SECONDS * 1000;
    expect(ok.body).toEqual({ ticket: expect.any(String), expiresAtMillis: expect.any(Number) });
    expect(ok.body.expiresAtMillis).toBeGreaterThan(until - 1000);
    expect(ok.body.expiresAtMillis).toBeLessThanOrEqual(until);
    const res = await t.app.request(`/api/mail/large/${token}?ticket=${encodeURIComponent(ok.body.ticket)}`);
    expect(res.status).toBe(200);
    expect(sameBytes(new Uint8Array(await res.arrayBuffer()), bytes(3 * MB, 8))).toBe(true);
    expect((await t.call("GET", `/api/mail/large/${token}/info`)).body.downloadCount).toBe(1);

    // The ticket opens only its own file, and only for a while.
    const other = (await mailsIn(t, "carol@alpha.test", "INBOX")).find((m) => m.message.subject === "Plans")!;
    const otherToken = largeTokens(other.message.htmlBody)[0];
    await t.db.db.update(mailLargeFiles).set({ passwordHash: "x" }).where(eq(mailLargeFiles.token, otherToken));
    expect((await t.call("GET", `/api/mail/large/${otherToken}?ticket=${encodeURIComponent(ok.body.ticket)}`)).status).toBe(403);
    t.clock.advance((LARGE_FILE_TICKET_SECONDS + 1) * 1000);
    expect((await t.call("GET", `/api/mail/large/${token}?ticket=${encodeURIComponent(ok.body.ticket)}`)).status).toBe(403);
    t.clock.advance(-(LARGE_FILE_TICKET_SECONDS + 1) * 1000);
  });

  test("wrong passwords are throttled per link and client address (429)", async () => {
    const tries = [];
    for (let i = 0; i < 12; i++) {
      tries.push((await t.call("POST", `/api/mail/large/${token}/unlock`, { json: { password: `wrong${i}x` }, ip: "10.1.2.3" })).status);
    }
    expect(tries.filter((s) => s === 403).length).toBeGreaterThan(0);
    expect(tries.at(-1)).toBe(429);
    // Another address is not held up.
    expect((await t.call("POST", `/api/mail/large/${token}/unlock`, { json: { password: "green77tree" }, ip: "10.9.9.9" })).status).toBe(200);
  });

  test("with the setting off, new links download directly again", async () => {
    await mailConfig({ isLargeAttPw: false });
    const up = await upload(t, S.A.token, "free.bin", bytes(1024, 4), "large");
    const r = await send({ to: ["bob@alpha.test"], subject: "Free", attachments: [up.body.id] });
    expect(r.status).toBe(200);
    const [bobMail] = (await mailsIn(t, "bob@alpha.test", "INBOX")).filter((m) => m.message.subject === "Free");
    const [free] = largeTokens(bobMail.message.htmlBody);
    expect((await t.call("GET", `/api/mail/large/${free}/info`)).body.requiresPassword).toBe(false);
    expect((await t.app.request(`/api/mail/large/${free}`)).status).toBe(200);
  });
});

describe("the texts the server writes are in the sender's language", () => {
  test("a ko sender's large-file block and secure notice are Korean; an en sender's English", async () => {
    await setLanguage(S.bobToken, "KO");
    const bobFile = await upload(t, S.bobToken, "발표.pptx", bytes(25 * MB, 3), "large");
    const ko = await send({ to: ["carol@alpha.test"], subject: "ko large", attachments: [bobFile.body.id] }, S.bobToken);
    expect(ko.status).toBe(200);
    const koSecure = await send({ to: ["carol@alpha.test"], subject: "ko secure", isSecure: true, securePw: "blue42sky", securePwHint: "하늘" }, S.bobToken);
    expect(koSecure.status).toBe(200);

    const aliceFile = await upload(t, S.A.token, "deck.pptx", bytes(25 * MB, 3), "large");
    expect((await send({ to: ["carol@alpha.test"], subject: "en large", attachments: [aliceFile.body.id] })).status).toBe(200);
    expect((await send({ to: ["carol@alpha.test"], subject: "en secure", isSecure: true, securePw: "blue42sky" })).status).toBe(200);

    const inbox = await mailsIn(t, "carol@alpha.test", "INBOX");
    const body = (subject: string) => inbox.find((m) => m.message.subject === subject)!.message;

    const koLarge = body("ko large");
    expect(koLarge.htmlBody).toContain("대용량 첨부파일");
    expect(koLarge.htmlBody).toContain("발표.pptx (25 MB)");
    expect(koLarge.htmlBody).toContain(untilText("ko", t.clock.now().getTime() + 7 * DAY));
    expect(koLarge.htmlBody).not.toContain("Large attachments");
    // The list preview (the text) reads in Korean as well.
    expect(koLarge.textBody).toContain("대용량 첨부파일");

    const koNotice = body("ko secure");
    expect(koNotice.htmlBody).toContain("Bob Colleague 님이 보안 메일을 보냈습니다");
    expect(koNotice.htmlBody).toContain("비밀번호 힌트: 하늘");
    expect(koNotice.htmlBody).not.toContain("sent you a secure mail");

    const enLarge = body("en large");
    expect(enLarge.htmlBody).toContain("Large attachments");
    expect(enLarge.htmlBody).toContain("deck.pptx (25 MB)");
    expect(enLarge.htmlBody).toContain(untilText("en", t.clock.now().getTime() + 7 * DAY));
    expect(enLarge.htmlBody).not.toContain("대용량");

    const enNotice = body("en secure");
    expect(enNotice.htmlBody).toContain("Alice Admin sent you a secure mail");
    expect(enNotice.htmlBody).not.toContain("보안 메일");
  });

  test("an id sender's texts are Indonesian", async () => {
    await setLanguage(S.carolToken, "ID");
    const file = await upload(t, S.carolToken, "laporan.pdf", bytes(MB, 2), "large");
    expect((await send({ to: ["bob@alpha.test"], subject: "id large", attachments: [file.body.id] }, S.carolToken)).status).toBe(200);
    const [mail] = (await mailsIn(t, "bob@alpha.test", "INBOX")).filter((m) => m.message.subject === "id large");
    expect(mail.message.htmlBody).toContain("Lampiran besar");
    expect(mail.message.htmlBody).toContain("laporan.pdf (1 MB)");
  });
});
