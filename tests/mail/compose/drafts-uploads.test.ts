// Uploads and their limits (20 files, 20 MB normal, large files up to the company's largeFileMaxSize,
// unknown ids common.43), attachments in sent mail, large files as links (7 days, 100 downloads), forwards
// carrying attachments, and drafts: create (201), reopen, update, delete (204), send from a draft.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailLargeFiles, mailUploads } from "../../../db/schema/index.ts";
import { upsertConfig } from "../../../server/modules/company/repo.ts";
import { purgeStaleUploads } from "../../../server/modules/mail/compose/uploads.ts";
import { createTestApp } from "../../support/test-app.ts";
import { bytes, mailsIn, rawOf, relogin, twoCompanies, upload } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
let alice = "";
const MB = 1024 * 1024;

const send = (json: Record<string, unknown>, token = S.A.token) => t.call("POST", "/api/mails/v2/send", { token, json });

beforeAll(async () => {
  S = await twoCompanies(t);
  alice = S.A.username;
  // A company whose large files may total 3 MB.
  await upsertConfig(t.db.db, S.A.companyId, "mail", { largeFileMaxSize: 3, largeFileSizeUnit: "MB" }, t.clock.now());
});

describe("uploads", () => {
  test("an upload answers its id, name, size and type; bytes and row are stored", async () => {
    const r = await upload(t, S.A.token, "report.txt", new TextEncoder().encode("quarterly numbers"));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(String), name: "report.txt", size: 17, uploadType: "normal" });
    const [row] = await t.db.db.select().from(mailUploads).where(eq(mailUploads.id, r.body.id));
    expect(new TextDecoder().decode(await t.deps.blobs.get(row.blobKey))).toBe("quarterly numbers");
  });

  test("bodies beyond the global 2 MB API limit are accepted on the upload path", async () => {
    const r = await upload(t, S.A.token, "three-mb.bin", bytes(3 * MB));
    expect(r.status).toBe(200);
    expect(r.body.size).toBe(3 * MB);
  });

  test("a normal file over 20 MB, or a large file over the company's limit, is mail.131; no part is 400", async () => {
    const big = await upload(t, S.A.token, "big.bin", bytes(20 * MB + 1));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("mail.131");
    const large = await upload(t, S.A.token, "large.bin", bytes(3 * MB + 1), "large");
    expect(large.body.code).toBe("mail.131");
    const form = new FormData();
    form.append("uploadType", "normal");
    const res = await t.app.request("/api/mail/file/upload", { method: "POST", headers: { authorization: `Bearer ${S.A.token}` }, body: form });
    expect(res.status).toBe(400);
    expect((await upload(t, S.A.token, "x.txt", bytes(1), "weird")).status).toBe(400);
    expect((await upload(t, "nope", "x.txt", bytes(1))).status).toBe(401);
  });

  test("at most 20 files per mail (mail.130); normal files together at most 20 MB (mail.131)", async () => {
    const ids = [];
    for (let i = 0; i < 21; i++) ids.push((await upload(t, S.A.token, `f${i}.txt`, bytes(10, 48 + (i % 10)))).body.id);
    const many = await send({ to: ["bob@alpha.test"], subject: "many", attachments: ids });
    expect(many.status).toBe(400);
    expect(many.body.code).toBe("mail.130");
    const draft = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { subject: "many", attachments: ids } });
    expect(draft.body.code).toBe("mail.130");

    const a = await upload(t, S.A.token, "a.bin", bytes(11 * MB, 1));
    const b = await upload(t, S.A.token, "b.bin", bytes(11 * MB, 2));
    const tooBig = await send({ to: ["bob@alpha.test"], subject: "big", attachments: [a.body.id, b.body.id] });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe("mail.131");
  });

  test("large files together may not pass largeFileMaxSize (mail.131)", async () => {
    const a = await upload(t, S.A.token, "l1.bin", bytes(2 * MB, 3), "large");
    const b = await upload(t, S.A.token, "l2.bin", bytes(2 * MB, 4), "large");
    const r = await send({ to: ["bob@alpha.test"], subject: "large", attachments: [a.body.id, b.body.id] });
    expect(r.body.code).toBe("mail.131");
  });

  test("an unknown upload id, or another user's, is common.43", async () => {
    const theirs = await upload(t, S.B.token, "theirs.txt", bytes(5));
    for (const id of ["does-not-exist", theirs.body.id]) {
      const r = await send({ to: ["bob@alpha.test"], subject: "x", attachments: [id] });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("common.43");
    }
  });
});

describe("switching an upload's type", () => {
  const change = (id: string, uploadType: string, attachments: string[] = [], token = S.A.token) =>
    t.call("PUT", `/api/mail/file/${id}/type`, { token, json: { uploadType, attachments } });

  test("a file may become large to bring the mail under 20 MB, and back only if the total allows (mail.416/417)", async () => {
    const small = await upload(t, S.A.token, "small.bin", bytes(2 * MB, 11));
    const big = await upload(t, S.A.token, "big.bin", bytes(19 * MB, 12));
    const toLarge = await change(small.body.id, "large", [big.body.id]);
    expect(toLarge.status).toBe(200);
    expect(toLarge.body).toMatchObject({ id: small.body.id, uploadType: "large", size: 2 * MB });
    const sent = await send({ to: ["bob@alpha.test"], subject: "mixed", attachments: [small.body.id, big.body.id] });
    expect(sent.status).toBe(200);

    const back = await change(small.body.id, "normal", [big.body.id]);
    expect(back.status).toBe(413);
    expect(back.body.code).toBe("mail.416");
    const alone = await change(small.body.id, "normal");
    expect(alone.body.uploadType).toBe("normal");

    const four = await upload(t, S.A.token, "four.bin", bytes(4 * MB, 13));
    const tooLarge = await change(four.body.id, "large");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("mail.417");
  });

  test("another user's upload is common.43; a bad type is 400", async () => {
    const mine = await upload(t, S.A.token, "mine.bin", bytes(10));
    const r = await change(mine.body.id, "large", [], S.B.token);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("common.43");
    expect((await change(mine.body.id, "draft")).status).toBe(400);
  });
});

describe("attachments in sent mail", () => {
  test("normal uploads become MIME attachments; large ones a link valid for 100 downloads within 7 days", async () => {
    const doc = await upload(t, S.A.token, "회의록.txt", new TextEncoder().encode("minutes"));
    const large = await upload(t, S.A.token, "video.bin", bytes(MB, 7), "large");
    const r = await send({ to: ["bob@alpha.test"], subject: "Files", content: "<p>see attached</p>", attachments: [doc.body.id, large.body.id] });
    expect(r.status).toBe(200);
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.attachments.map((a) => a.name)).toEqual(["회의록.txt"]);
    const link = /https?:\/\/[^"]+\/api\/mail\/large\/([A-Za-z0-9_-]+)/.exec(bobMail.message.htmlBody ?? "");
    expect(link).not.toBeNull();
    const token = link![1];

    const first = await t.app.request(`/api/mail/large/${token}`);
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBe(MB);
    expect(first.headers.get("content-disposition")).toContain("video.bin");

    await t.db.db.update(mailLargeFiles).set({ downloadCount: 100 }).where(eq(mailLargeFiles.token, token));
    expect((await t.app.request(`/api/mail/large/${token}`)).status).toBe(404);
    await t.db.db.update(mailLargeFiles).set({ downloadCount: 5 }).where(eq(mailLargeFiles.token, token));
    expect((await t.app.request(`/api/mail/large/${token}`)).status).toBe(200);
    t.clock.advance(7 * 86_400_000 + 1000);
    expect((await t.app.request(`/api/mail/large/${token}`)).status).toBe(404);
    t.clock.advance(-(7 * 86_400_000 + 1000));
    expect((await t.app.request(`/api/mail/large/not-a-real-token-at-all-xyz`)).status).toBe(404);
  });

  test("forward carries the original's attachments as draft uploads of the forwarder", async () => {
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    const fw = await t.call("GET", `/api/mails/v2/forward?mailIds[]=${bobMail.mail.id}`, { token: S.bobToken });
    expect(fw.status).toBe(200);
    expect(fw.body).toMatchObject({ composeType: "FORWARD", subject: "FW: Files", mailIds: [bobMail.mail.id] });
    expect(fw.body.attachmentFiles).toEqual([{ id: fw.body.attachments[0], name: "회의록.txt", size: 7, uploadType: "draft" }]);
    const sent = await send({ ...fw.body, to: ["carol@alpha.test"] }, S.bobToken);
    expect(sent.status).toBe(200);
    const [carolMail] = await mailsIn(t, "carol@alpha.test", "INBOX");
    expect(carolMail.message.subject).toBe("FW: Files");
    expect(carolMail.message.attachments.map((a) => a.name)).toEqual(["회의록.txt"]);
    expect(carolMail.message.references).toEqual([bobMail.message.messageIdHeader]);
    expect(carolMail.message.inReplyTo).toBeNull();
  });
});

describe("drafts", () => {
  let draftId = 0;

  test("saving a draft answers 201 with its ids; it sits in DRAFTS as a read DRAFT with Bcc kept", async () => {
    const file = await upload(t, S.A.token, "plan.txt", new TextEncoder().encode("plan"));
    const r = await t.call("POST", "/api/mails/v2/draft", {
      token: S.A.token,
      json: { to: ["bob@alpha.test"], bcc: ["carol@alpha.test"], subject: "Half written", content: "<p>draft</p>", eachSend: 1, priority: 2, attachments: [file.body.id] },
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ draftId: expect.any(Number), mailId: r.body.draftId });
    draftId = r.body.draftId;
    const [d] = await mailsIn(t, alice, "DRAFTS");
    expect(d.mail).toMatchObject({ id: draftId, mailType: "DRAFT", read: true });
    expect(await rawOf(t, d.message.blobKey)).toMatch(/^Bcc: carol@alpha.test/m);
    // Nobody received anything.
    expect((await mailsIn(t, "bob@alpha.test", "INBOX")).some((m) => m.message.subject === "Half written")).toBe(false);
  });

  test("reopening a draft restores it, attachments included", async () => {
    const r = await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.A.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ draftId, subject: "Half written", content: "<p>draft</p>", eachSend: 1, priority: 2 });
    expect(r.body.bcc.map((e: { key: string }) => e.key)).toEqual(["carol@alpha.test"]);
    expect(r.body.attachmentFiles.map((f: { name: string }) => f.name)).toEqual(["plan.txt"]);
  });

  test("another user's draft is 404 everywhere", async () => {
    expect((await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.bobToken })).status).toBe(404);
    const put = await t.call("PUT", "/api/mails/v2/draft", { token: S.bobToken, json: { draftId, subject: "mine now" } });
    expect(put.status).toBe(404);
    const del = await t.call("DELETE", "/api/mails/v2/draft", { token: S.B.token, form: { mailIds: [draftId] } });
    expect(del.status).toBe(404);
    const sent = await send({ draftId, to: ["bob@alpha.test"], subject: "x" }, S.bobToken);
    expect(sent.status).toBe(404);
    expect((await mailsIn(t, alice, "DRAFTS")).map((m) => m.mail.id)).toEqual([draftId]);
  });

  test("updating replaces the draft; the old one is gone", async () => {
    const r = await t.call("PUT", "/api/mails/v2/draft", { token: S.A.token, json: { draftId, to: ["bob@alpha.test"], subject: "Better draft" } });
    expect(r.status).toBe(200);
    expect(r.body.draftId).not.toBe(draftId);
    const drafts = await mailsIn(t, alice, "DRAFTS");
    expect(drafts.map((m) => [m.mail.id, m.message.subject])).toEqual([[r.body.draftId, "Better draft"]]);
    expect((await t.call("GET", `/api/mails/v2/draft/${draftId}`, { token: S.A.token })).status).toBe(404);
    draftId = r.body.draftId;
  });

  test("sending from a draft deletes the draft", async () => {
    const r = await send({ draftId, to: ["bob@alpha.test"], subject: "Better draft" });
    expect(r.status).toBe(200);
    expect(await mailsIn(t, alice, "DRAFTS")).toEqual([]);
    expect((await mailsIn(t, "bob@alpha.test", "INBOX"))[0].message.subject).toBe("Better draft");
  });

  test("deleting drafts answers 204; a non-draft id deletes nothing and is 404", async () => {
    const one = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { subject: "one" } });
    const two = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { subject: "two" } });
    const [sent] = await mailsIn(t, alice, "SENT");
    const mixed = await t.call("DELETE", "/api/mails/v2/draft", { token: S.A.token, form: { mailIds: [one.body.draftId, sent.mail.id] } });
    expect(mixed.status).toBe(404);
    expect((await mailsIn(t, alice, "DRAFTS")).length).toBe(2);
    const ok = await t.call("DELETE", "/api/mails/v2/draft", { token: S.A.token, form: { mailIds: [one.body.draftId, two.body.draftId] } });
    expect(ok.status).toBe(204);
    expect(await mailsIn(t, alice, "DRAFTS")).toEqual([]);
    expect((await t.call("DELETE", "/api/mails/v2/draft", { token: S.A.token, form: {} })).status).toBe(400);
  });
});

describe("stale uploads", () => {
  test("uploads older than 7 days go, unless a draft still lists them", async () => {
    const kept = await upload(t, S.A.token, "kept.txt", bytes(3, 65));
    const dropped = await upload(t, S.A.token, "dropped.txt", bytes(3, 66));
    const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { subject: "keeps its file", attachments: [kept.body.id] } });
    expect(d.status).toBe(201);
    expect(await purgeStaleUploads(t.deps)).toBe(0);
    t.clock.advance(7 * 86_400_000 + 1000);
    await purgeStaleUploads(t.deps);
    const left = new Set((await t.db.db.select({ id: mailUploads.id }).from(mailUploads)).map((r) => r.id));
    expect(left.has(kept.body.id)).toBe(true);
    expect(left.has(dropped.body.id)).toBe(false);
    await relogin(t, S);
    expect((await send({ to: ["bob@alpha.test"], subject: "x", attachments: [dropped.body.id] })).body.code).toBe("common.43");
  });
});
