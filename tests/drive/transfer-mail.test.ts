// The mail's use of the drive (shared/mail/drive.ts): GET api/mail/drive/upload/{fileId} makes a drive file an
// attachment of the compose (normal within 20 MB, large beyond it, 413 mail.365 beyond both; 404 mail.364 for
// a file the caller cannot read), sharing the drive file's blob, and the attachment goes out with the mail;
// POST api/mails/view/{id}/attach/{position}/drive saves a received attachment into the drive (root or a
// folder; another user's mail 404; the drive's quota 507).
import { describe, expect, it } from "vitest";
import { mailUploads } from "../../db/schema/mail.ts";
import { eq } from "drizzle-orm";
import type { DriveItem } from "../../shared/drive/items.ts";
import { readableFile } from "../../server/modules/drive/files/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { build, file } from "../mail/reading/support.ts";
import { callerOf, driveCast, type Member, setQuota, usedSize } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: bob, root } = await driveCast(t, "mail-drive");
const rootA = root.id;

const attach = (who: { token: string }, id: number | string, q = "") => t.call("GET", `/api/mail/drive/upload/${id}${q}`, { token: who.token });

describe("GET api/mail/drive/upload/{fileId}", () => {
  it("makes a drive file an upload of the caller, on the same blob, normal while it fits 20 MB", async () => {
    const f = await api.uploadOk(A.admin, rootA, "견적서.pdf", "%PDF-1.4 quote");
    const r = await attach(A.admin, f.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "견적서.pdf", size: f.fileSize, uploadType: "normal" });
    const [row] = await t.db.db.select().from(mailUploads).where(eq(mailUploads.id, r.body.id));
    const drive = await readableFile(callerOf(t, A.admin, A.companyId), f.id, { touch: false });
    expect(row).toMatchObject({ userId: A.admin.id, companyId: A.companyId, blobKey: drive.blobKey, contentType: drive.mimeType });
  });

  it("becomes large when the compose's normal files leave no room, and 413 mail.365 beyond both limits", async () => {
    const f = await api.uploadOk(A.admin, rootA, "도면.dwg", new Uint8Array(1000));
    const large = await attach(A.admin, f.id, `?tempFileSize=${20 * 1024 * 1024 - 500}`);
    expect(large.status).toBe(200);
    expect(large.body.uploadType).toBe("large");
    expect((await attach(A.admin, f.id, "?uploadType=normal&tempFileSize=20971000")).status).toBe(413);
    await t.call("PUT", "/api/admin/company/config/mail", { token: A.admin.token, json: { largeFileMaxSize: 1, largeFileSizeUnit: "MB" } });
    const none = await attach(A.admin, f.id, `?tempFileSize=20971000&largeTempFileSize=${1024 * 1024 - 10}`);
    expect(none.status).toBe(413);
    expect(none.body.code).toBe("mail.365");
    const bad = await attach(A.admin, f.id, "?tempFileSize=-1");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
  });

  it("answers 404 mail.364 for another company's file, a folder, a shortcut, a file not shared with the caller", async () => {
    const f = await api.uploadOk(A.admin, rootA, "비밀.txt", "secret");
    const folder = await api.folder(A.admin, rootA, "묶음");
    const sc = await api.ok<DriveItem>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: f.id, parentId: rootA });
    for (const [who, id] of [[B.admin, f.id], [A.admin, folder.id], [A.admin, sc.id], [bob, f.id], [A.admin, 99_999_999], [A.admin, "abc"]] as const) {
      const r = await attach(who, id);
      expect(r.status, String(id)).toBe(404);
      expect(r.body.code).toBe("mail.364");
    }
  });

  it("the attached drive file goes out with the mail", async () => {
    const f = await api.uploadOk(A.admin, rootA, "보고서.txt", "월간 보고");
    const up = await attach(A.admin, f.id);
    const sent = await t.call("POST", "/api/mails/v2/send", {
      token: A.admin.token,
      json: { to: [bob.username], subject: "보고서", content: "<p>첨부합니다</p>", attachments: [up.body.id] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const list = await t.call("GET", "/api/mails?folderId=-1&page=0&pageSize=20", { token: bob.token });
    const mailId = list.body.mails?.find((m: { subject?: string }) => m.subject === "보고서")?.mailId ?? list.body.content?.[0]?.mailId;
    expect(mailId).toBeTruthy();
    const view = await t.call("GET", `/api/mails/view/${mailId}`, { token: bob.token });
    expect(view.body.attachList.map((a: { name: string }) => a.name)).toEqual(["보고서.txt"]);
  });
});

describe("POST api/mails/view/{id}/attach/{position}/drive", () => {
  async function received(to: Member & { companyId?: number }, companyId: number) {
    const raw = build({
      subject: "계약서 송부",
      to: to.username,
      text: "첨부 확인 바랍니다",
      attachments: [{ filename: "계약서 최종.pdf", content: "%PDF-1.4 contract", contentType: "application/pdf" }],
    });
    return await file(t, { companyId, userId: to.id, username: to.username, token: to.token }, raw);
  }

  it("saves an attachment into the caller's drive root, or into a folder; the bytes are the attachment's", async () => {
    const mailId = await received(bob, A.companyId);
    const view = await t.call("GET", `/api/mails/view/${mailId}`, { token: bob.token });
    const position = view.body.attachList[0].position;
    const before = await usedSize(t, bob.id);
    const r = await t.call("POST", `/api/mails/view/${mailId}/attach/${position}/drive`, { token: bob.token, json: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ fileName: "계약서 최종.pdf", fileSize: 17, parentId: (await api.root(bob)).id });
    const stored = await readableFile(callerOf(t, bob, A.companyId), r.body.id, { touch: false });
    expect(new TextDecoder().decode(await t.deps.blobs.get(stored.blobKey))).toBe("%PDF-1.4 contract");
    expect(await usedSize(t, bob.id)).toBeGreaterThanOrEqual(before + 17);

    const folder = await api.folder(bob, (await api.root(bob)).id, "계약");
    const into = await t.call("POST", `/api/mails/view/${mailId}/attach/${position}/drive`, { token: bob.token, json: { folderId: folder.id } });
    expect(into.status).toBe(201);
    expect(into.body.parentId).toBe(folder.id);
    // Saved twice into the root: the second is numbered.
    const again = await t.call("POST", `/api/mails/view/${mailId}/attach/${position}/drive`, { token: bob.token, json: {} });
    expect(again.body.fileName).toBe("계약서 최종 (1).pdf");
  });

  it("answers 404 for another user's mail or a missing position, the drive's 404 for a foreign folder, 507 over quota", async () => {
    const mailId = await received(bob, A.companyId);
    expect((await t.call("POST", `/api/mails/view/${mailId}/attach/1/drive`, { token: A.admin.token, json: {} })).status).toBe(404);
    expect((await t.call("POST", `/api/mails/view/${mailId}/attach/99/drive`, { token: bob.token, json: {} })).status).toBe(404);
    const view = await t.call("GET", `/api/mails/view/${mailId}`, { token: bob.token });
    const position = view.body.attachList[0].position;
    const foreign = await t.call("POST", `/api/mails/view/${mailId}/attach/${position}/drive`, { token: bob.token, json: { folderId: (await api.root(B.admin)).id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("drive.not_found");
    await setQuota(t, bob.id, await usedSize(t, bob.id) + 5);
    const full = await t.call("POST", `/api/mails/view/${mailId}/attach/${position}/drive`, { token: bob.token, json: {} });
    expect(full.status).toBe(507);
    expect(full.body.code).toBe("drive.73");
  });
});
