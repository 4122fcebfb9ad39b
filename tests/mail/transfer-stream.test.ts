// Restore (POST api/mails/import) read as a stream over a real socket: a 200 MB zip made on the fly goes to
// a temporary file and is read from there, so the process's memory grows far less than the body; the temp
// file is gone afterwards, also when the restore fails; a declared body past the limit is refused at once.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { systemFolders } from "../../server/modules/mail/store/folders.ts";
import { multipartBody, postFromClientProcess, postStream, memorySampler, randomBlock, serveApp, tempFiles } from "../lib/multipart-body.ts";

const t = await createTestApp();
const server = serveApp(t);
const url = `${server.url}/api/mails/import`;
let A: Awaited<ReturnType<typeof signupCompany>>;
let folders: Awaited<ReturnType<typeof systemFolders>>;
const MB = 1024 * 1024;
const enc = new TextEncoder();

const eml = (n: number) =>
  enc.encode(
    `From: Partner <p${n}@partner.example>\r\nTo: admin@alpha.test\r\nSubject: Streamed ${n}\r\n` +
      `Message-ID: <stream-${n}@partner.example>\r\nDate: Tue, 10 Nov 2026 09:00:00 +0900\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\nBody of streamed mail ${n}.\r\n`,
  );

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  const me = (await t.call("GET", "/api/users/detail", { token: A.token })).body.id as number;
  folders = await systemFolders(t.db.db, A.companyId, me);
});
afterAll(async () => {
  await server.close();
});

describe("streamed restore", () => {
  test("a 200 MB zip streamed in: three mails filed, the oversized entries skipped, memory far below the body", async () => {
    // Warm up the code paths (parser, zip reader, filing) so their first use is not counted.
    const warm = await postStream(url, A.token, multipartBody([
      { name: "folderId", value: String(folders.INBOX) },
      { name: "part", filename: "warm.eml", content: eml(0) },
    ], 1000));
    expect(warm.status).toBe(200);

    const text = (n: number) => new TextDecoder().decode(eml(n));
    const big = (i: number) => ({ name: `big-${i}.eml`, random: 50 * MB });
    const zip = [
      { name: "mail-1.eml", text: text(1) },
      big(1),
      { name: "mail-2.eml", text: text(2) },
      big(2),
      big(3),
      big(4),
      { name: "메일-3.eml", text: text(3) },
    ];
    // The client runs in its own process: what grows here is the server's memory alone.
    const before = Deno.memoryUsage().rss;
    const sampler = memorySampler();
    const r = await postFromClientProcess(url, A.token, MB, [
      { name: "folderId", value: String(folders.INBOX) },
      { name: "part", filename: "backup.zip", type: "application/zip", file: { zip } },
    ]);
    const peak = sampler.stop();
    const after = Deno.memoryUsage().rss;
    console.info(`restore of ${(r.size / MB).toFixed(0)} MB: server held at most +${((peak.live - sampler.baseline) / MB).toFixed(0)} MB ` +
      `after collections; rss before ${(before / MB).toFixed(0)} MB, peak ${(peak.rss / MB).toFixed(0)} MB ` +
      `(+${((peak.rss - before) / MB).toFixed(0)}), after ${(after / MB).toFixed(0)} MB`);

    expect(r.size).toBeGreaterThan(200 * MB);
    expect(r.status).toBe(200);
    expect(r.body.imported).toBe(3);
    expect(r.body.skipped!.map((s) => `${s.name}:${s.reason}`).sort())
      .toEqual([1, 2, 3, 4].map((i) => `big-${i}.eml:too_large`));
    expect(r.pulled).toBe(r.size);
    // Buffering would hold the whole >200 MB body; streaming holds one entry's message (40 MB at most) and the
    // pieces in flight: +38..41 MB held on a quiet machine, +109 MB once on a loaded CI host (more body pieces
    // queued while the server waited for a core). 150 MB (the limit the resident size had before, and that
    // figure is always the larger) tells the two apart. The resident size is logged, not asserted: for the same
    // run it measured +68..85 MB on a quiet machine and up to +201 MB on a loaded CI host (garbage the collector
    // had not reached, and memory the allocators keep), which says more about the host than about the restore.
    expect(peak.live - sampler.baseline).toBeLessThan(150 * MB);
    expect(await tempFiles(t.dataDir)).toEqual([]);
    const subjects = await t.db.sql`select g.subject from mails m join mail_messages g on g.id = m.message_id
      where m.folder_id = ${folders.INBOX} and g.subject like 'Streamed %'`;
    expect(subjects.map((s) => s.subject).sort()).toEqual(["Streamed 0", "Streamed 1", "Streamed 2", "Streamed 3"]);
  }, 120_000);

  test("a failed restore leaves no temp file behind", async () => {
    const send = (filename: string, content: Uint8Array) =>
      postStream(url, A.token, multipartBody([
        { name: "part", filename, content },
        { name: "folderId", value: String(folders.INBOX) },
      ], 777));
    expect((await send("mail.txt", eml(9))).body.code).toBe("mail.restore_type");
    expect((await send("broken.zip", randomBlock(100_000))).body.code).toMatch(/^mail\.restore_(type|empty)$/);
    expect((await send("one.eml", eml(9))).status).toBe(200);
    expect((await send("one.eml", eml(9))).body).toMatchObject({ imported: 0, skipped: [{ name: "one.eml", reason: "duplicate" }] });
    expect(await tempFiles(t.dataDir)).toEqual([]);
  });

  test("a declared body past the limit is refused with mail.restore_size before it is read", async () => {
    // A raw request: fetch would not send a Content-Length the body does not have.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(server.url).port) });
    try {
      await conn.write(enc.encode(
        `POST /api/mails/import HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${A.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${600 * MB}\r\nConnection: close\r\n\r\n--b\r\n`,
      ));
      let answer = "";
      const buf = new Uint8Array(4096);
      const decoder = new TextDecoder();
      for (;;) {
        const n = await conn.read(buf);
        if (n === null) break;
        answer += decoder.decode(buf.subarray(0, n), { stream: true });
        if (answer.includes("mail.restore_size")) break;
      }
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toContain('"code":"mail.restore_size"');
    } finally {
      conn.close();
    }
  });
});
