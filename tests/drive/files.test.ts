// Files in the drive: POST file/upload (streamed, NFC names, "(n)" on a taken name, 413 drive.74, 507
// drive.73, nothing left on failure), the quota kept in users.used_size, and the seam transfer/ uses
// (addUploadedFile, readableFile).
import { describe, expect, it } from "vitest";
import { MAX_FILE_SIZE } from "../../shared/drive/constants.ts";
import { addUploadedFile, readableFile } from "../../server/modules/drive/files/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { callerOf, driveCast, setQuota, usedSize } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "files");
const rootA = root.id;

describe("POST file/upload", () => {
  it("stores a file, counts its bytes and reads them back", async () => {
    const before = await usedSize(t, A.admin.id);
    const item = await api.uploadOk(A.admin, rootA, "보고서.txt", "회의록 내용");
    expect(item).toMatchObject({ fileName: "보고서.txt", extension: "txt", fileType: "text", parentId: rootA, isShortcut: false });
    expect(item.fileSize).toBe(new TextEncoder().encode("회의록 내용").length);
    expect(await usedSize(t, A.admin.id)).toBe(before + item.fileSize);
    const file = await readableFile(callerOf(t, A.admin, A.companyId), item.id);
    expect(new TextDecoder().decode(await t.deps.blobs.get(file.blobKey))).toBe("회의록 내용");
    expect(file).toMatchObject({ name: "보고서.txt", size: item.fileSize });
  });

  it("normalises names to NFC and numbers a taken name", async () => {
    const nfd = "한글.txt".normalize("NFD");
    const first = await api.uploadOk(A.admin, rootA, nfd, "1");
    expect(first.fileName).toBe("한글.txt");
    const second = await api.uploadOk(A.admin, rootA, "한글.TXT", "2");
    expect(second.fileName).toBe("한글 (1).TXT");
    const third = await api.uploadOk(A.admin, rootA, "한글.txt", "3");
    expect(third.fileName).toBe("한글 (2).txt");
  });

  it("refuses a bad form, a foreign folder, a file as folder and the trash", async () => {
    expect((await api.upload(A.admin, "x", "a.txt", "a")).status).toBe(400);
    const foreign = await api.upload(B.admin, rootA, "a.txt", "a");
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("drive.not_found");
    const other = await api.upload(alice, rootA, "a.txt", "a");
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("drive.66");
    const file = await api.uploadOk(A.admin, rootA, "plain.txt");
    expect((await api.upload(A.admin, file.id, "a.txt", "a")).body.code).toBe("drive.not_a_folder");
    const trash = await api.trash(A.admin);
    expect((await api.upload(A.admin, trash.id, "a.txt", "a")).body.code).toBe("drive.upload_refused");
    // The form reader keeps a file name without its folders; the seam refuses a name with one.
    expect((await api.uploadOk(A.admin, rootA, "dir/inner.txt", "a")).fileName).toBe("inner.txt");
    for (const name of ["a/b.txt", "a\\b.txt", "..", "tab\tname.txt", " "]) {
      await expect(addUploadedFile(callerOf(t, A.admin, A.companyId), rootA, { name, size: 1, blobKey: "0".repeat(64) }))
        .rejects.toMatchObject({ status: 400, code: name === " " ? "drive.name_required" : "drive.name_invalid" });
    }
  });

  it("answers 507 drive.73 over the quota and stores nothing", async () => {
    const bob = await A.user("bob");
    const root = (await api.root(bob)).id;
    await setQuota(t, bob.id, 10);
    await api.uploadOk(bob, root, "small.txt", "12345");
    const r = await api.upload(bob, root, "big.txt", "1234567890");
    expect(r.status).toBe(507);
    expect(r.body.code).toBe("drive.73");
    expect(await usedSize(t, bob.id)).toBe(5);
    expect(await api.names(bob, { folderId: root })).toEqual(["small.txt"]);
  });

  it("answers 413 drive.74 with the size for a file over the limit (the seam)", async () => {
    const caller = callerOf(t, A.admin, A.companyId);
    await expect(addUploadedFile(caller, rootA, { name: "huge.bin", size: MAX_FILE_SIZE + 1, blobKey: "0".repeat(64) }))
      .rejects.toMatchObject({ status: 413, code: "drive.74", params: { size: MAX_FILE_SIZE } });
  });

  it("a broken upload leaves no row, no temporary file and no use; a declared body over the limit is refused first", async () => {
    const before = await usedSize(t, A.admin.id);
    const boundary = "----drivetest";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${rootA}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="part"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
        c.enqueue(new Uint8Array(64 * 1024).fill(7));
        c.error(new Error("the client went away"));
      },
    });
    const res = await Promise.resolve(t.app.request("/api/drive/file/upload", {
      method: "POST", body, headers: { authorization: `Bearer ${A.admin.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    })).catch((e) => e);
    expect(res instanceof Response ? res.status : 0).not.toBe(201);
    expect(await api.names(A.admin, { folderId: rootA })).not.toContain("cut.bin");
    expect(await usedSize(t, A.admin.id)).toBe(before);
    const tmp = await Array.fromAsync(Deno.readDir(`${t.dataDir}/tmp`)).catch(() => []);
    expect(tmp.filter((f) => f.name.endsWith(".part"))).toEqual([]);

    const declared = await t.app.request("/api/drive/file/upload", {
      method: "POST", body: head,
      headers: {
        authorization: `Bearer ${A.admin.token}`, "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(MAX_FILE_SIZE * 2),
      },
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "drive.74", params: { size: MAX_FILE_SIZE } });
  });

  it("a company without the drive gets 403", async () => {
    await t.db.sql`update companies set use_drive = false where id = ${B.companyId}`;
    const r = await api.raw("GET", "/api/drive/root", B.admin);
    expect(r.status).toBe(403);
    await t.db.sql`update companies set use_drive = true where id = ${B.companyId}`;
  });
});

describe("readableFile (downloads' seam)", () => {
  it("refuses shortcuts, folders and other people's files", async () => {
    const file = await api.uploadOk(A.admin, rootA, "seam.txt", "x");
    const folder = await api.folder(A.admin, rootA, "seam folder");
    const shortcut = await api.ok<{ id: number }>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: file.id, parentId: rootA });
    const me = callerOf(t, A.admin, A.companyId);
    await expect(readableFile(me, shortcut.id)).rejects.toMatchObject({ status: 400, code: "drive.shortcut_not_downloadable" });
    await expect(readableFile(me, folder.id)).rejects.toMatchObject({ status: 404 });
    await expect(readableFile(callerOf(t, alice, A.companyId), file.id)).rejects.toMatchObject({ status: 403, code: "drive.66" });
    await expect(readableFile(callerOf(t, B.admin, B.companyId), file.id)).rejects.toMatchObject({ status: 404, code: "drive.not_found" });
  });
});
