// Restoring a zip bomb (POST /api/mails/import): a few MB of zip whose .eml entries each unpack to about 4 GiB
// of zeros. An entry stops being inflated once it passes the message size limit and is reported too_large like
// other refused entries; the good entries around it are filed; a bomb named otherwise is never inflated; the
// whole zip's unpacked bytes are capped (413 mail.restore_inflated, the batches filed before stay). Before the
// limits, this upload inflated every byte (about 16 GiB, a minute of CPU) and outlived the test's timeout.
import { Buffer } from "node:buffer";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { resolveBearer } from "../../server/lib/auth.ts";
import { systemFolders } from "../../server/modules/mail/store/folders.ts";
import { importMail } from "../../server/modules/mail/transfer/import.ts";
import { MAX_MESSAGE_BYTES } from "../../shared/mail/constants.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let folders: Awaited<ReturnType<typeof systemFolders>>;

const enc = new TextEncoder();
const eml = (n: number) =>
  enc.encode(
    `From: Partner <p${n}@partner.example>\r\nTo: admin@bomb.test\r\nSubject: Kept ${n}\r\n` +
      `Message-ID: <bomb-${n}@partner.example>\r\nDate: Tue, 10 Nov 2026 09:00:00 +0900\r\n\r\nBody ${n}.\r\n`,
  );

/**
 * A DEFLATE stream of `segments` × 8 MiB zeros, in about 8 KB per segment: one flushed, non-final segment from a
 * fresh compressor refers to nothing before it, so copies of it can follow each other; then an empty final block.
 */
const SEGMENT = 8 * 1024 * 1024;
function zeros(segments: number) {
  const zero = Buffer.alloc(SEGMENT);
  const piece = deflateRawSync(zero, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < segments; i++) crc = crc32(zero, crc);
  const data = Buffer.concat([...Array(segments).fill(piece), Buffer.from([0x03, 0x00])]);
  return { data, size: segments * SEGMENT, crc };
}

type ZipItem = { name: string; method: 0 | 8; data: Uint8Array; size: number; crc: number };
const stored = (name: string, bytes: Uint8Array): ZipItem => ({ name, method: 0, data: bytes, size: bytes.length, crc: crc32(bytes) });

/** A zip (local headers, central directory, end record) of entries already compressed. */
function zip(items: ZipItem[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const it of items) {
    const name = Buffer.from(it.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(it.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(it.crc >>> 0, 14);
    local.writeUInt32LE(it.data.length, 18);
    local.writeUInt32LE(it.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(it.method, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(it.crc >>> 0, 16);
    dir.writeUInt32LE(it.data.length, 20);
    dir.writeUInt32LE(it.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(it.data));
    central.push(dir, name);
    offset += 30 + name.length + it.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, dirBytes, end]));
}

// 511 segments: 4 GiB less 8 MiB, the most a zip entry without ZIP64 holds in whole segments.
const bomb = zeros(511);
const deflated = (name: string): ZipItem => ({ name, method: 8, data: bomb.data, size: bomb.size, crc: bomb.crc });

async function upload(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("folderId", String(folders.INBOX));
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await t.app.request("/api/mails/import", { method: "POST", body: form, headers: { authorization: `Bearer ${A.token}` } });
  return { status: res.status, body: await res.json() };
}

const subjects = async () =>
  (await t.db.sql`select mm.subject from mails m join mail_messages mm on mm.id = m.message_id
    where m.folder_id = ${folders.INBOX} order by mm.subject`).map((r) => r.subject);

const caller = async () => ({ deps: t.deps, auth: (await resolveBearer(t.deps, A.token))!, ip: "127.0.0.1", userAgent: "test" });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "bomb.test" });
  const me = await t.call("GET", "/api/users/detail", { token: A.token });
  folders = await systemFolders(t.db.db, A.companyId, me.body.id);
});

describe("zip bombs", () => {
  test("entries unpacking to 4 GiB are skipped as too_large; the mails around them are filed", async () => {
    const file = zip([
      stored("mails/1.eml", eml(1)),
      deflated("mails/huge-1.eml"),
      stored("mails/2.eml", eml(2)),
      deflated("mails/huge-2.eml"),
      deflated("mails/notes.bin"), // not .eml: passed over without inflating
      deflated("mails/huge-3.eml"),
      stored("mails/3.eml", eml(3)),
    ]);
    expect(file.length).toBeLessThan(20 * 1024 * 1024);
    // Other requests are served while the zip is read.
    let importDone = false;
    const importing = upload("bomb.zip", file).finally(() => importDone = true);
    const health = await t.call("GET", "/healthz");
    expect(health.status).toBe(200);
    const r = await importing;
    expect(importDone).toBe(true);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.imported).toBe(3);
    expect(r.body.skipped).toEqual([
      { name: "mails/huge-1.eml", reason: "too_large" },
      { name: "mails/huge-2.eml", reason: "too_large" },
      { name: "mails/notes.bin", reason: "not_eml" },
      { name: "mails/huge-3.eml", reason: "too_large" },
    ]);
    expect(await subjects()).toEqual(["Kept 1", "Kept 2", "Kept 3"]);
  });

  test("an entry of exactly the message limit is filed whole, one byte more is too_large", async () => {
    const limit = 64 * 1024;
    const message = (subject: string, size: number) => {
      const head = enc.encode(`From: big@partner.example\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@partner.example>\r\n\r\n`);
      const out = new Uint8Array(size).fill(0x61);
      for (let i = head.length + 76; i < size - 2; i += 78) out.set([0x0d, 0x0a], i);
      out.set(head);
      return out;
    };
    const entry = (name: string, bytes: Uint8Array): ZipItem => ({ name, method: 8, data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) });
    const fits = message("fits", limit);
    const bytes = zip([entry("fits.eml", fits), entry("over.eml", message("over", limit + 1))]);
    const file = { name: "edge.zip", size: bytes.length, stream: () => new Blob([bytes]).stream(), arrayBuffer: () => Promise.resolve(bytes.slice().buffer) };
    const r = await importMail(await caller(), folders.INBOX, file, { entryBytes: limit, totalBytes: 10 * limit });
    expect(r).toMatchObject({ imported: 1, skipped: [{ name: "over.eml", reason: "too_large" }] });
    const [row] = await t.db.sql`select m.size from mails m join mail_messages mm on mm.id = m.message_id where mm.subject = 'fits'`;
    expect(row.size).toBe(fits.length);
  });

  test("past the total a zip may unpack to: 413 mail.restore_inflated, the batches filed before stay", async () => {
    // 250 small mails (two batches of 100 filed, 50 pending) and then more than the total allows.
    const items = Array.from({ length: 250 }, (_, i) => stored(`m/${i}.eml`, eml(1000 + i)));
    const bytes = zip([...items, stored("m/late.eml", eml(5000))]);
    const file = { name: "many.zip", size: bytes.length, stream: () => new Blob([bytes]).stream(), arrayBuffer: () => Promise.resolve(bytes.slice().buffer) };
    const before = (await subjects()).length;
    const limits = { entryBytes: MAX_MESSAGE_BYTES, totalBytes: 200 * eml(1000).length + 10 };
    const e = await importMail(await caller(), folders.INBOX, file, limits).catch((e) => e);
    expect(e.status).toBe(413);
    expect(e.code).toBe("mail.restore_inflated");
    expect(e.params).toEqual({ imported: 200, limitBytes: limits.totalBytes });
    expect((await subjects()).length).toBe(before + 200);
    // Through the API, the real limit: the bombs above unpack to far more than it, yet each stops early.
    const r = await upload("again.zip", zip([deflated("x.eml"), stored("y.eml", eml(6000))]));
    expect(r.body).toMatchObject({ imported: 1, skipped: [{ name: "x.eml", reason: "too_large" }] });
  });
});
