// Restore (.eml and .zip into a folder) and backup (a folder as zip parts) through the HTTP API: entries
// filed with their parsed contents, duplicates skipped on a second run, wrong files refused with their codes,
// the backup holding exactly the folder's raw messages, and a second company's folders answering 404.
import { beforeAll, describe, expect, test } from "vitest";
import { unzipSync, zipSync } from "fflate";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { systemFolders } from "../../server/modules/mail/store/folders.ts";
import { backupInfo, backupPart } from "../../server/modules/mail/transfer/backup.ts";
import { resolveBearer } from "../../server/lib/auth.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let folders: Awaited<ReturnType<typeof systemFolders>>;
let bFolders: Awaited<ReturnType<typeof systemFolders>>;

const enc = new TextEncoder();
const eml = (n: number, subject = `Report ${n}`) =>
  enc.encode(
    `From: Partner <p${n}@partner.example>\r\nTo: admin@alpha.test\r\nSubject: ${subject}\r\n` +
      `Message-ID: <restore-${n}@partner.example>\r\nDate: Tue, 10 Nov 2026 09:0${n % 10}:00 +0900\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\nBody of mail ${n}.\r\n`,
  );

async function upload(token: string, folderId: number | string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("folderId", String(folderId));
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await t.app.request("/api/mails/import", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

async function userIdOf(token: string) {
  return (await t.call("GET", "/api/users/detail", { token })).body.id as number;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  folders = await systemFolders(t.db.db, A.companyId, await userIdOf(A.token));
  bFolders = await systemFolders(t.db.db, B.companyId, await userIdOf(B.token));
});

describe("restore", () => {
  test("one .eml lands in the chosen folder, read, with its parsed subject", async () => {
    const r = await upload(A.token, folders.INBOX, "one.eml", eml(1, "복원된 메일"));
    expect(r).toEqual({ status: 200, body: { folderId: folders.INBOX, imported: 1, skipped: [] } });
    const [row] = await t.db.sql`select m.read, mm.subject from mails m join mail_messages mm on mm.id = m.message_id
      where m.folder_id = ${folders.INBOX}`;
    expect(row).toEqual({ read: true, subject: "복원된 메일" });
  });

  test("a .zip restores every .eml in it, lists other files as skipped, and a second run adds nothing", async () => {
    const zip = zipSync({
      "mails/2.eml": eml(2),
      "mails/deeper/3.eml": eml(3),
      "mails/notes.txt": enc.encode("not mail"),
      "__MACOSX/._2.eml": enc.encode("junk"),
      "4.EML": eml(4),
    });
    const first = await upload(A.token, folders.SENT, "backup.zip", zip);
    expect(first.status).toBe(200);
    expect(first.body.imported).toBe(3);
    expect(first.body.skipped).toEqual([{ name: "mails/notes.txt", reason: "not_eml" }]);
    const again = await upload(A.token, folders.SENT, "backup.zip", zip);
    expect(again.status).toBe(200);
    expect(again.body.imported).toBe(0);
    expect(again.body.skipped.filter((s: { reason: string }) => s.reason === "duplicate")).toHaveLength(3);
    const [f] = await t.db.sql`select total_count, new_count from mail_folders where id = ${folders.SENT}`;
    expect(f).toEqual({ total_count: 3, new_count: 0 });
    const types = await t.db.sql`select distinct mail_type from mails where folder_id = ${folders.SENT}`;
    expect(types.map((r) => r.mail_type)).toEqual(["SENT"]);
  });

  test("wrong files and folders are refused with their codes, and nothing is filed", async () => {
    const before = (await t.db.sql`select count(*)::int as n from mails`)[0].n;
    expect((await upload(A.token, folders.INBOX, "mail.txt", eml(5))).body.code).toBe("mail.restore_type");
    expect((await upload(A.token, folders.INBOX, "broken.zip", enc.encode("PK\u0003\u0004 not really"))).body.code)
      .toMatch(/^mail\.restore_(type|empty)$/);
    expect((await upload(A.token, folders.INBOX, "empty.zip", zipSync({ "a.txt": enc.encode("x") }))).body.code).toBe("mail.restore_empty");
    expect((await upload(A.token, folders.PRIVATE_ROOT, "one.eml", eml(6))).body.code).toBe("mail.restore_folder");
    expect((await upload(A.token, "abc", "one.eml", eml(6))).status).toBe(400);
    expect((await t.db.sql`select count(*)::int as n from mails`)[0].n).toBe(before);
  });

  test("a second company's folder answers 404 and receives nothing", async () => {
    const r = await upload(A.token, bFolders.INBOX, "one.eml", eml(7));
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("common.404");
    expect((await t.db.sql`select count(*)::int as n from mails where folder_id = ${bFolders.INBOX}`)[0].n).toBe(0);
  });
});

describe("backup", () => {
  test("info counts the folder's mail in one part; the part is a zip of exactly its raw messages", async () => {
    const info = await t.call("GET", `/api/mail/download/backup/folder/${folders.SENT}/info`, { token: A.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ folderId: folders.SENT, nameFolder: "Sent", totalCount: 3, parts: [{ part: 1, count: 3 }] });
    const res = await t.app.request(`/api/mail/download/backup/folder/${folders.SENT}?part=1`, { headers: { authorization: `Bearer ${A.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Sent-\d{8}-part1\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(3);
    expect(names.every((n) => /^\d{4}-\d{2}-\d{2}_\d{6}_\d+_Report \d\.eml$/.test(n))).toBe(true);
    const bodies = Object.values(files).map((b) => new TextDecoder().decode(b)).sort();
    expect(bodies).toEqual([eml(2), eml(3), eml(4)].map((b) => new TextDecoder().decode(b)).sort());
  });

  test("a restore of the backup into another folder brings the same mails back", async () => {
    const res = await t.app.request(`/api/mail/download/backup/folder/${folders.SENT}`, { headers: { authorization: `Bearer ${A.token}` } });
    const r = await upload(A.token, folders.DELETED, "Sent.zip", new Uint8Array(await res.arrayBuffer()));
    expect(r.body).toMatchObject({ imported: 3, skipped: [] });
  });

  test("parts are cut by the running size: every mail in exactly one part, in receiving order", async () => {
    const auth = (await resolveBearer(t.deps, A.token))!;
    const caller = { deps: t.deps, auth, ip: "127.0.0.1", userAgent: "test" };
    const sizes = (await t.db.sql`select size from mails where folder_id = ${folders.SENT} order by received_at, id`).map((r) => r.size);
    // A split no larger than the smallest message puts one message in each part.
    const info = await backupInfo(caller, folders.SENT, Math.min(...sizes));
    expect(info.parts.map((p) => p.count)).toEqual([1, 1, 1]);
    expect(info.totalCount).toBe(3);
    const seen: string[] = [];
    for (const p of info.parts) {
      const { stream } = await backupPart(caller, folders.SENT, p.part, Math.min(...sizes));
      const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
      expect(Object.keys(files)).toHaveLength(1);
      seen.push(...Object.keys(files));
    }
    expect(new Set(seen).size).toBe(3);
  });

  test("a part beyond the last, a folder that cannot be backed up and a foreign folder are refused", async () => {
    expect((await t.call("GET", `/api/mail/download/backup/folder/${folders.SENT}?part=2`, { token: A.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mail/download/backup/folder/${folders.SEARCH_ROOT}/info`, { token: A.token })).body.code)
      .toBe("mail.backup_folder");
    const foreign = await t.call("GET", `/api/mail/download/backup/folder/${bFolders.INBOX}/info`, { token: A.token });
    expect(foreign.status).toBe(404);
    expect((await t.call("GET", `/api/mail/download/backup/folder/${bFolders.INBOX}`, { token: A.token })).status).toBe(404);
  });
});
