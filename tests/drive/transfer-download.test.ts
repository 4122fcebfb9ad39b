// Downloads (shared/drive/transfer.ts): GET {id}/download with Range (206, 416, suffix and open ranges,
// If-Range, If-None-Match, HEAD), the UTF-8 name in Content-Disposition, the use time, shortcuts (400),
// foreign and missing ids (404); GET {id}/preview (images and PDF inline with their type and a sandboxing
// CSP, other files 400); GET download?fileIds[] (a zip of files and folder trees with UTF-8 names, checked
// by Python's zipfile and Info-ZIP's unzip); download tickets (no bearer, only the ticket's items, ended by
// signing out).
import { beforeAll, describe, expect, it } from "vitest";
import { DOWNLOAD_TICKET_SECONDS, downloadPath, previewPath, zipPath } from "../../shared/drive/transfer.ts";
import type { DriveItem } from "../../shared/drive/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { driveCast } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "dl");
const rootA = root.id;
let big: DriveItem;
const BIG = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 7 + (i >> 9)) & 255);
// A 1x1 PNG and a minimal PDF.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  big = await api.uploadOk(A.admin, rootA, "큰 파일 (최종).bin", BIG);
});

const get = (path: string, who: { token: string } | null, headers: Record<string, string> = {}, method = "GET") =>
  t.app.request(path, { method, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers } });
const bytes = async (r: Response) => new Uint8Array(await r.arrayBuffer());

describe("GET {id}/download", () => {
  it("answers the whole file with its UTF-8 name, length, ETag and Accept-Ranges", async () => {
    const r = await get(downloadPath(big.id), A.admin);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-length")).toBe(String(BIG.length));
    expect(r.headers.get("accept-ranges")).toBe("bytes");
    expect(r.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("큰 파일 (최종).bin").replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    expect(r.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await bytes(r)).equals(Buffer.from(BIG))).toBe(true);
  });

  it("answers ranges with 206 and Content-Range: first bytes, a middle, an open end, a suffix", async () => {
    for (const [range, start, end] of [["bytes=0-99", 0, 99], ["bytes=1000000-1999999", 1_000_000, 1_999_999], [`bytes=${BIG.length - 10}-`, BIG.length - 10, BIG.length - 1], ["bytes=-5", BIG.length - 5, BIG.length - 1], [`bytes=3000000-99999999`, 3_000_000, BIG.length - 1]] as const) {
      const r = await get(downloadPath(big.id), A.admin, { range });
      expect(r.status, range).toBe(206);
      expect(r.headers.get("content-range")).toBe(`bytes ${start}-${end}/${BIG.length}`);
      expect(r.headers.get("content-length")).toBe(String(end - start + 1));
      expect(Buffer.from(await bytes(r)).equals(Buffer.from(BIG.subarray(start, end + 1))), range).toBe(true);
    }
  });

  it("answers 416 past the end, the whole file for an unreadable range or a changed If-Range, 304 for a known ETag", async () => {
    const past = await get(downloadPath(big.id), A.admin, { range: `bytes=${BIG.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${BIG.length}`);
    await past.body?.cancel();
    const several = await get(downloadPath(big.id), A.admin, { range: "bytes=0-1,5-6" });
    expect(several.status).toBe(200);
    await several.body?.cancel();
    const etag = (await get(downloadPath(big.id), A.admin, {}, "HEAD")).headers.get("etag")!;
    const same = await get(downloadPath(big.id), A.admin, { range: "bytes=10-19", "if-range": etag });
    expect(same.status).toBe(206);
    expect(await bytes(same)).toEqual(BIG.subarray(10, 20));
    const changed = await get(downloadPath(big.id), A.admin, { range: "bytes=10-19", "if-range": `"${"0".repeat(64)}"` });
    expect(changed.status).toBe(200);
    await changed.body?.cancel();
    const cached = await get(downloadPath(big.id), A.admin, { "if-none-match": etag });
    expect(cached.status).toBe(304);
  });

  it("HEAD answers the headers without the bytes", async () => {
    const r = await get(downloadPath(big.id), A.admin, {}, "HEAD");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-length")).toBe(String(BIG.length));
    expect((await bytes(r)).length).toBe(0);
  });

  it("sets the use time on a download, not on a continued range", async () => {
    const f = await api.uploadOk(A.admin, rootA, "used.txt", "x");
    const before = (await api.ok<DriveItem>(200, "GET", `/api/drive/${f.id}`, A.admin)).usedTimeMillis;
    t.clock.advance(60_000);
    await (await get(downloadPath(f.id), A.admin, { range: "bytes=1-" })).body?.cancel();
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/${f.id}`, A.admin)).usedTimeMillis).toBe(before);
    await (await get(downloadPath(f.id), A.admin)).arrayBuffer();
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/${f.id}`, A.admin)).usedTimeMillis).toBe(before + 60_000);
  });

  it("answers 400 for a shortcut, 404 for a folder, another company's file, a missing id; 403 for a member without a share", async () => {
    const sc = await api.ok<DriveItem>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: big.id, parentId: rootA });
    const short = await get(downloadPath(sc.id), A.admin);
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe("drive.shortcut_not_downloadable");
    const folder = await api.folder(A.admin, rootA, "폴더");
    expect((await get(downloadPath(folder.id), A.admin)).status).toBe(404);
    const foreign = await get(downloadPath(big.id), B.admin);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe("drive.not_found");
    expect((await get(downloadPath(99_999_999), A.admin)).status).toBe(404);
    expect((await get(downloadPath(big.id), alice)).status).toBe(403);
    expect((await get(downloadPath(big.id), null)).status).toBe(401);
  });
});

describe("GET {id}/preview", () => {
  it("shows an image inline with its type from the extension and a sandboxing CSP", async () => {
    const png = await api.uploadOk(A.admin, rootA, "사진.PNG", PNG);
    const r = await get(previewPath(png.id), A.admin);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/png");
    expect(r.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(r.headers.get("content-security-policy")).toContain("sandbox");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await bytes(r)).toEqual(PNG);
    // An HTML page named .jpg stays an image: the type comes from the extension, never from the content.
    const fake = await api.uploadOk(A.admin, rootA, "fake.jpg", "<script>alert(1)</script>");
    const f = await get(previewPath(fake.id), A.admin);
    expect(f.headers.get("content-type")).toBe("image/jpeg");
    expect(f.headers.get("x-content-type-options")).toBe("nosniff");
    await f.body?.cancel();
  });

  it("shows a PDF inline as application/pdf with a CSP that runs nothing of the page", async () => {
    const pdf = await api.uploadOk(A.admin, rootA, "계약서.pdf", PDF);
    const r = await get(previewPath(pdf.id), A.admin);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(r.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(r.headers.get("content-security-policy")).not.toMatch(/script-src/);
    expect(await bytes(r)).toEqual(PDF);
  });

  it("refuses other files (400 drive.preview_unavailable) and answers 404 to another company", async () => {
    const txt = await api.uploadOk(A.admin, rootA, "note.txt", "hello");
    const r = await get(previewPath(txt.id), A.admin);
    expect(r.status).toBe(400);
    expect((await r.json()).code).toBe("drive.preview_unavailable");
    expect((await get(previewPath(txt.id), B.admin)).status).toBe(404);
  });
});

async function unzipList(zip: Uint8Array): Promise<{ names: string[]; files: Record<string, string>; flags: number[]; test: string }> {
  const path = `${t.dataDir}/check-${crypto.randomUUID()}.zip`;
  await Deno.writeFile(path, zip);
  const py = `import zipfile,json,sys,base64
z=zipfile.ZipFile(sys.argv[1])
print(json.dumps({"names":z.namelist(),"flags":[i.flag_bits for i in z.infolist()],"test":str(z.testzip()),
 "files":{n:base64.b64encode(z.read(n)).decode() for n in z.namelist() if not n.endswith('/')}}))`;
  const out = await new Deno.Command("python3", { args: ["-c", py, path], stdout: "piped", stderr: "piped" }).output();
  expect(new TextDecoder().decode(out.stderr)).toBe("");
  const unzip = await new Deno.Command("unzip", { args: ["-t", path], stdout: "piped", stderr: "piped" }).output();
  expect(unzip.code, new TextDecoder().decode(unzip.stdout)).toBe(0);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

describe("GET download?fileIds[] (zip)", () => {
  it("zips files and folder trees with UTF-8 names, leaving out the trash and shortcuts", async () => {
    const top = await api.folder(A.admin, rootA, "프로젝트");
    const sub = await api.folder(A.admin, top.id, "자료");
    await api.folder(A.admin, top.id, "빈 폴더");
    const a = await api.uploadOk(A.admin, top.id, "계획.txt", "계획서");
    await api.uploadOk(A.admin, sub.id, "data.bin", BIG.subarray(0, 100_000));
    const gone = await api.uploadOk(A.admin, sub.id, "지운 파일.txt", "x");
    await api.ok(201, "POST", "/api/drive/shortcut", A.admin, { fileId: a.id, parentId: sub.id });
    expect((await t.call("DELETE", "/api/drive", { token: A.admin.token, json: { fileIds: [gone.id] } })).status).toBe(204);
    const loose = await api.uploadOk(A.admin, rootA, "계획.txt".replace("계획", "메모"), "메모");

    const r = await get(zipPath([top.id, loose.id]), A.admin);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/zip");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="drive-\d{4}-\d\d-\d\d\.zip"/);
    const z = await unzipList(await bytes(r));
    expect(z.test).toBe("None");
    expect(z.names.sort()).toEqual(["메모.txt", "프로젝트/", "프로젝트/계획.txt", "프로젝트/빈 폴더/", "프로젝트/자료/", "프로젝트/자료/data.bin"].sort());
    expect(z.flags.every((f) => (f & 0x800) !== 0)).toBe(true);
    expect(atob(z.files["프로젝트/자료/data.bin"]).length).toBe(100_000);
    expect(new TextDecoder().decode(Uint8Array.from(atob(z.files["프로젝트/계획.txt"]), (c) => c.charCodeAt(0)))).toBe("계획서");

    const one = await get(zipPath([top.id]), A.admin);
    expect(one.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("프로젝트.zip")}`);
    await one.body?.cancel();
  });

  it("answers 404 when any item is another company's or missing, 400 without items", async () => {
    const mine = await api.uploadOk(A.admin, rootA, "z.txt", "z");
    const theirs = await api.uploadOk(B.admin, (await api.root(B.admin)).id, "b.txt", "b");
    const r = await get(zipPath([mine.id, theirs.id]), A.admin);
    expect(r.status).toBe(404);
    expect((await r.json()).code).toBe("drive.not_found");
    expect((await get("/api/drive/download", A.admin)).status).toBe(400);
  });
});

describe("download tickets", () => {
  it("stand in for the bearer on the ticket's items only, until they expire or the session ends", async () => {
    const u = await A.user("ticket");
    const root = (await api.root(u)).id;
    const f = await api.uploadOk(u, root, "표.xlsx", "cells");
    const g = await api.uploadOk(u, root, "other.txt", "other");
    const issued = await api.ok<{ ticket: string; expiresAtMillis: number }>(200, "POST", "/api/drive/download/ticket", u, { fileIds: [f.id] });
    expect(issued.expiresAtMillis).toBe(t.clock.now().getTime() - (t.clock.now().getTime() % 1000) + DOWNLOAD_TICKET_SECONDS * 1000);
    const ok = await get(downloadPath(f.id, issued.ticket), null);
    expect(ok.status).toBe(200);
    expect(new TextDecoder().decode(await bytes(ok))).toBe("cells");
    expect((await get(zipPath([f.id], issued.ticket), null)).status).toBe(200);
    // Another item, a forged ticket, another company's user's ticket for this id:
    expect((await get(downloadPath(g.id, issued.ticket), null)).status).toBe(401);
    expect((await get(zipPath([f.id, g.id], issued.ticket), null)).status).toBe(401);
    expect((await get(downloadPath(f.id, `${issued.ticket}x`), null)).status).toBe(401);
    const foreign = await api.ok<{ ticket: string }>(200, "POST", "/api/drive/download/ticket", B.admin, { fileIds: [f.id] });
    expect((await get(downloadPath(f.id, foreign.ticket), null)).status).toBe(404);
    // Expired:
    t.clock.advance((DOWNLOAD_TICKET_SECONDS + 1) * 1000);
    const late = await get(downloadPath(f.id, issued.ticket), null);
    expect(late.status).toBe(401);
    expect((await late.json()).code).toBe("drive.ticket_invalid");
    // Signed out:
    const again = await api.ok<{ ticket: string }>(200, "POST", "/api/drive/download/ticket", u, { fileIds: [f.id] });
    expect((await t.call("GET", "/oauth/logout", { token: u.token })).status).toBeLessThan(300);
    expect((await get(downloadPath(f.id, again.ticket), null)).status).toBe(401);
  });
});
