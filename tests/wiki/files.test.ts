// Attached files of wiki documents (server/modules/wiki/files/): attach (streamed past the app's 2 MB limit,
// NFC names, WRITE on a PUBLISHED document, 413 wiki.file_too_large past ATTACH_MAX_BYTES and 507
// wiki.insufficient_space past the uploader's quota, both leaving nothing behind; the uploader's used_size),
// attach info (READ; only the document's own files), and the bytes by file token without the bearer: Range,
// images inline and other files as attachments, never sniffed; a wrong, expired or foreign token, a person
// no longer active or no longer allowed, a company without the wiki: all 404 wiki.file_not_found.
import { beforeAll, expect, test } from "vitest";
import { ATTACH_MAX_BYTES } from "../../shared/wiki/constants.ts";
import type { AttachInfo } from "../../shared/wiki/documents.ts";
import { signFileToken } from "../../server/modules/wiki/files/token.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, setWiki, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];
let handbook: number, bDoc: number;

/** A document of `who` (POST docs). */
const makeRow = async (who: { token: string }, title: string) => (await makeDoc(t, who, { title })).id;
/** Gives a document its own permissions (PUT docs/{id}/permissions by its creator, who stays OWNER). */
const restrict = (who: { token: string }, docId: number, members: { userId?: number; organId?: number; accessLevel: string }[]) =>
  api.ok(200, "PUT", `docs/${docId}/permissions`, who, { members });

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const bytesOf = (text: string) => new TextEncoder().encode(text);
const digest = async (b: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>))].join(",");

async function attach(who: { token: string }, docId: number, name: string, bytes: Uint8Array, type = "application/pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/wiki/docs/${docId}/attach`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
async function attached(who: { token: string }, docId: number, name: string, bytes: Uint8Array, type?: string): Promise<AttachInfo> {
  const r = await attach(who, docId, name, bytes, type);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const tokenOf = (co: WikiCompany, who: { id: number }) => signFileToken(t.deps.secrets.tokenKey, co.co.companyId, who.id, t.clock.now());
/** GET files/{fileId}?token= with no bearer header. */
const fetchFile = (fileId: number, token: string, headers: Record<string, string> = {}) =>
  t.app.request(`/api/wiki/files/${fileId}?token=${encodeURIComponent(token)}`, { headers });
async function notFound(fileId: number, token: string) {
  const res = await fetchFile(fileId, token);
  expect([res.status, (await res.json()).code]).toEqual([404, "wiki.file_not_found"]);
}

async function usage(userId: number) {
  const [u] = await t.db.sql<{ used: string; files: string }[]>`
    select used_size as used, (select count(*) from wiki_files where uploader_id = ${userId}) as files from users where id = ${userId}`;
  return { used: Number(u.used), files: Number(u.files) };
}

beforeAll(async () => {
  ({ api, A, B } = await wikiCast(t, "wiki-files"));
  handbook = await makeRow(A.author, "영업 핸드북");
  bDoc = await makeRow(B.author, "B 문서");
});

test("attach: an NFC-named file of the document, counted in the uploader's storage; its info and bytes with Range", async () => {
  const before = await usage(A.sales.id);
  const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251); // past the app's 2 MB body limit
  const info = await attached(A.sales, handbook, "견적서.pdf".normalize("NFD"), bytes);
  expect(info).toMatchObject({ documentId: handbook, name: "견적서.pdf", size: bytes.length, contentType: "application/pdf", url: `/api/wiki/files/${info.fileId}` });
  expect(info.createdTime).toBe(t.clock.now().getTime());
  expect(await usage(A.sales.id)).toEqual({ used: before.used + bytes.length, files: before.files + 1 });

  expect(await api.ok(200, "GET", `docs/${handbook}/attach/${info.fileId}/info`, A.dev)).toEqual(info);
  // The info of a file through another document, or of a missing one: 404 wiki.file_not_found.
  const other = await makeRow(A.author, "다른 문서");
  await api.fails(404, "wiki.file_not_found", "GET", `docs/${other}/attach/${info.fileId}/info`, A.dev);
  await api.fails(404, "wiki.file_not_found", "GET", `docs/${handbook}/attach/${info.fileId + 1000}/info`, A.dev);
  // Another company's document: 404 wiki.not_found, as a missing one.
  await api.fails(404, "wiki.not_found", "GET", `docs/${handbook}/attach/${info.fileId}/info`, B.author);

  const token = await tokenOf(A, A.dev);
  const whole = await fetchFile(info.fileId, token);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-type")).toBe("application/pdf");
  expect(whole.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''%EA%B2%AC%EC%A0%81%EC%84%9C\.pdf$/);
  expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
  expect(await digest(new Uint8Array(await whole.arrayBuffer()))).toBe(await digest(bytes));

  const part = await fetchFile(info.fileId, token, { range: "bytes=1000-1009" });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 1000-1009/${bytes.length}`);
  expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.slice(1000, 1010)]);
  const tail = await fetchFile(info.fileId, token, { range: "bytes=-3" });
  expect([tail.status, [...new Uint8Array(await tail.arrayBuffer())]]).toEqual([206, [...bytes.slice(-3)]]);
  const past = await fetchFile(info.fileId, token, { range: `bytes=${bytes.length}-` });
  expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${bytes.length}`]);
  await past.body?.cancel();
});

test("an image is shown inline with its type; other types, even claiming HTML, are attachments", async () => {
  const image = await attached(A.author, handbook, "조직도.png", PNG, "image/png");
  const token = await tokenOf(A, A.sales);
  const res = await fetchFile(image.fileId, token);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(res.headers.get("content-disposition")).toMatch(/^inline; /);
  expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...PNG]);

  const page = await attached(A.author, handbook, "page.html", bytesOf("<script>alert(1)</script>"), "text/html");
  const html = await fetchFile(page.fileId, token);
  expect(html.headers.get("content-disposition")).toMatch(/^attachment; filename="page\.html"/);
  expect(html.headers.get("x-content-type-options")).toBe("nosniff");
  expect(html.headers.get("content-security-policy")).toContain("sandbox");
  await html.body?.cancel();
});

test("attach needs WRITE on a PUBLISHED document of the caller's company", async () => {
  const before = await usage(A.dev.id);
  await api.fails(404, "wiki.not_found", "POST", `docs/${bDoc}/attach`, A.dev);
  const missing = await attach(A.dev, 999_999, "a.txt", bytesOf("a"), "text/plain");
  expect([missing.status, missing.body.code]).toEqual([404, "wiki.not_found"]);
  const foreign = await attach(A.dev, bDoc, "a.txt", bytesOf("a"), "text/plain");
  expect([foreign.status, foreign.body.code]).toEqual([404, "wiki.not_found"]);

  // 영업 only (READ for 영업팀; 최개발 of 개발팀 has NONE, then READ).
  const sales = await makeRow(A.author, "영업 전용");
  await restrict(A.author, sales, [{ organId: A.organs.sales, accessLevel: "READ" }]);
  const none = await attach(A.dev, sales, "a.txt", bytesOf("a"), "text/plain");
  expect([none.status, none.body.code]).toEqual([403, "wiki.no_access"]);
  const read = await attach(A.sales, sales, "a.txt", bytesOf("a"), "text/plain");
  expect([read.status, read.body.code]).toEqual([403, "wiki.no_access"]);
  await attached(A.author, sales, "a.txt", bytesOf("a"), "text/plain"); // the creator: OWNER

  const removed = await makeRow(A.dev, "휴지통 문서");
  await api.ok(200, "DELETE", `docs/${removed}`, A.dev);
  const r = await attach(A.dev, removed, "a.txt", bytesOf("a"), "text/plain");
  expect([r.status, r.body.code]).toEqual([409, "wiki.not_editable"]);

  const noPart = await t.app.request(`/api/wiki/docs/${handbook}/attach`, { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${A.dev.token}` } });
  expect([noPart.status, (await noPart.json()).code]).toEqual([400, "common.validation"]);
  expect(await usage(A.dev.id)).toEqual(before);
});

test("a file past ATTACH_MAX_BYTES answers 413 wiki.file_too_large with the limit, and leaves nothing behind", async () => {
  const before = await usage(A.sales.id);
  // Streamed without a length, so the server reads until the file passes the limit.
  const boundary = `wiki-${crypto.randomUUID()}`;
  const head = bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let headSent = false;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (!headSent) {
        c.enqueue(head);
        headSent = true;
      } else if (sent <= ATTACH_MAX_BYTES) {
        c.enqueue(chunk);
        sent += chunk.length;
      } else {
        c.enqueue(bytesOf(`\r\n--${boundary}--\r\n`));
        c.close();
      }
    },
  });
  const res = await t.app.request(`/api/wiki/docs/${handbook}/attach`, {
    method: "POST", body, duplex: "half",
    headers: { authorization: `Bearer ${A.sales.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  const answer = await res.json();
  expect([res.status, answer.code, answer.params?.size]).toEqual([413, "wiki.file_too_large", ATTACH_MAX_BYTES]);
  expect(await usage(A.sales.id)).toEqual(before);
});

test("the uploader's quota: 507 wiki.insufficient_space when the file does not fit, nothing stored", async () => {
  const before = await usage(A.salesPart.id);
  await t.db.sql`update users set total_quota = ${before.used + 100} where id = ${A.salesPart.id}`;
  try {
    const r = await attach(A.salesPart, handbook, "큰 파일.bin", new Uint8Array(101));
    expect([r.status, r.body.code]).toEqual([507, "wiki.insufficient_space"]);
    expect(await usage(A.salesPart.id)).toEqual(before);
    const fits = await attached(A.salesPart, handbook, "작은 파일.bin", new Uint8Array(100));
    expect(fits.size).toBe(100);
    expect(await usage(A.salesPart.id)).toEqual({ used: before.used + 100, files: before.files + 1 });
    // Full now: refused before the body is read.
    expect((await attach(A.salesPart, handbook, "하나 더.bin", new Uint8Array(1))).body.code).toBe("wiki.insufficient_space");
  } finally {
    await t.db.sql`update users set total_quota = 0 where id = ${A.salesPart.id}`;
  }
});

test("the bytes answer 404 wiki.file_not_found for a wrong, expired or foreign token, a lost access, an inactive person, a wiki switched off", async () => {
  const doc = await makeRow(A.author, "보안 문서");
  const f = await attached(A.author, doc, "계약서.pdf", bytesOf("%PDF-1.4 계약"));
  const salesToken = await tokenOf(A, A.sales);
  expect((await fetchFile(f.fileId, salesToken)).status).toBe(200);

  await notFound(f.fileId, "");
  await notFound(f.fileId, salesToken.slice(0, -2) + (salesToken.endsWith("AA") ? "BB" : "AA"));
  // Another person's id under the same signature.
  const [co, , exp, sig] = salesToken.split(".");
  await notFound(f.fileId, [co, A.dev.id, exp, sig].join("."));
  // The token of another company's person (valid for B's files, not A's).
  const bToken = await tokenOf(B, B.author);
  await notFound(f.fileId, bToken);
  const bFile = await attached(B.author, bDoc, "b.txt", bytesOf("b"), "text/plain");
  expect((await fetchFile(bFile.fileId, bToken)).status).toBe(200);
  await notFound(bFile.fileId, salesToken);
  // A token naming A's company for B's person (signed: the server's key made it).
  await notFound(f.fileId, await signFileToken(t.deps.secrets.tokenKey, A.co.companyId, B.author.id, t.clock.now()));
  // No such file.
  await notFound(f.fileId + 10_000, salesToken);

  // Expired: a day and more later.
  const then = t.clock.now();
  t.clock.advance(26 * 60 * 60_000);
  try {
    await notFound(f.fileId, salesToken);
  } finally {
    t.clock.set(then);
  }

  // The document restricted to 개발팀: 이영업 lost access, 최개발 has it; the author keeps it (OWNER).
  await restrict(A.author, doc, [{ organId: A.organs.dev, accessLevel: "READ" }]);
  await notFound(f.fileId, salesToken);
  expect((await fetchFile(f.fileId, await tokenOf(A, A.dev))).status).toBe(200);
  expect((await fetchFile(f.fileId, await tokenOf(A, A.author))).status).toBe(200);

  // 최개발 no longer active.
  const devToken = await tokenOf(A, A.dev);
  await t.db.sql`update users set status = 'INACTIVE' where id = ${A.dev.id}`;
  try {
    await notFound(f.fileId, devToken);
  } finally {
    await t.db.sql`update users set status = 'ACTIVE' where id = ${A.dev.id}`;
  }
  expect((await fetchFile(f.fileId, devToken)).status).toBe(200);

  // The company switched the wiki off.
  const authorToken = await tokenOf(A, A.author);
  await setWiki(t, A.admin, false);
  try {
    await notFound(f.fileId, authorToken);
  } finally {
    await setWiki(t, A.admin, true);
  }
  expect((await fetchFile(f.fileId, authorToken)).status).toBe(200);
});
