// Files of posts (server/modules/board/posts/files.ts, write.ts): uploads (streamed past the app's 2 MB limit;
// 413 board.123 past FILE_MAX_BYTES and 507 board.124 past the uploader's quota, both leaving nothing behind;
// the uploader's used_size), attachments (at most 10: board.17, only the caller's own unclaimed uploads, added
// and removed on update), the bytes (uploader before the claim, readers after; Range; download), inline images
// through signed addresses without the bearer (a wrong, expired or foreign token never opens one), and the
// sweep of unclaimed uploads with a moved clock.
import { beforeAll, expect, test } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import { FILE_MAX_BYTES, FILES_PER_POST } from "../../shared/board/constants.ts";
import type { BoardFile, Post, PostSummary } from "../../shared/board/posts.ts";
import type { Page } from "../../shared/paging.ts";
import { sweepUnclaimedFiles } from "../../server/modules/board/posts/jobs.ts";
import { inlinePath, signInlineToken } from "../../server/modules/board/posts/inline-token.ts";
import { createPostAs } from "../../server/modules/board/posts/write.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, makePost } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;
let open: BoardDetail, salesOnly: BoardDetail;

beforeAll(async () => {
  A = await boardCompany(t, "files-a.test");
  B = await boardCompany(t, "files-b.test");
  open = await makeBoard(t, A.manager, { name: "자료실" });
  salesOnly = await makeBoard(t, A.manager, {
    name: "영업 자료", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
  });
});

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

async function upload(who: { token: string }, name: string, bytes: Uint8Array, opts: { type?: string; inline?: boolean } = {}) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: opts.type ?? "application/pdf" }));
  const res = await t.app.request(`/api/board/file${opts.inline ? "?inline=true" : ""}`, {
    method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` },
  });
  return { status: res.status, body: await res.json() };
}
async function uploaded(who: { token: string }, name: string, bytes: Uint8Array, opts: { type?: string; inline?: boolean } = {}): Promise<BoardFile> {
  const r = await upload(who, name, bytes, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const bytesOf = (text: string) => new TextEncoder().encode(text);
/** A large body compared by its SHA-256 (a deep equality of millions of elements takes seconds). */
const digest = async (b: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>))].join(",");
const get = (path: string, who?: { token: string }, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: who ? { ...headers, authorization: `Bearer ${who.token}` } : headers });

async function usage(userId: number) {
  const [u] = await t.db.sql<{ used: string; files: string }[]>`
    select used_size as used, (select count(*) from board_files where uploader_id = ${userId}) as files from users where id = ${userId}`;
  return { used: Number(u.used), files: Number(u.files) };
}

test("an upload is the uploader's until a post claims it; then its readers get the bytes, with Range and as a download", async () => {
  const before = await usage(A.sales.id);
  const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
  const file = await uploaded(A.sales, "견적서.pdf".normalize("NFD"), bytes);
  expect(file).toMatchObject({ name: "견적서.pdf", size: bytes.length, contentType: "application/pdf", inlineUrl: null });
  expect(await usage(A.sales.id)).toEqual({ used: before.used + bytes.length, files: before.files + 1 });

  expect((await get(`/api/board/file/${file.id}`, A.sales)).status).toBe(200);
  await api.fails(404, "board.file_not_found", "GET", `file/${file.id}`, A.manager); // not claimed yet: only its uploader
  // Someone else cannot attach it.
  const stolen = await api.fails(400, "common.validation", "POST", "post", A.manager, { boardId: salesOnly.id, title: "남의 파일", content: "<p>x</p>", fileIds: [file.id] });
  expect(stolen.errors[0].field).toBe("fileIds");

  const post = await makePost(t, A.sales, { boardId: salesOnly.id, title: "견적서 공유", fileIds: [file.id] });
  expect(post).toMatchObject({ fileCount: 1, fileIds: [file.id], files: [file] });
  // Claimed once: a second post cannot take it again.
  await api.fails(400, "common.validation", "POST", "post", A.sales, { boardId: salesOnly.id, title: "다시", content: "<p>x</p>", fileIds: [file.id] });

  const whole = await get(`/api/board/file/${file.id}`, A.salesPart);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-disposition")).toMatch(/^inline; .*filename\*=UTF-8''%EA%B2%AC/);
  expect(await digest(new Uint8Array(await whole.arrayBuffer()))).toBe(await digest(bytes));
  const part = await get(`/api/board/file/${file.id}`, A.salesPart, { range: "bytes=2-5" });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 2-5/${bytes.length}`);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(2, 6));
  expect((await get(`/api/board/file/${file.id}`, A.salesPart, { range: `bytes=${bytes.length}-` })).status).toBe(416);
  const download = await get(`/api/board/file/${file.id}?download=1`, A.salesPart);
  expect(download.headers.get("content-disposition")).toMatch(/^attachment; /);
  await download.body?.cancel();

  await api.fails(403, "board.18", "GET", `file/${file.id}`, A.dev);
  await api.fails(404, "board.file_not_found", "GET", `file/${file.id}`, B.admin);
  await api.fails(404, "board.file_not_found", "GET", "file/99999999", A.sales);
  expect(await api.ok<BoardFile[]>(200, "GET", `file/find?postId=${post.id}`, A.manager)).toEqual([file]);
  await api.fails(403, "board.18", "GET", `file/find?postId=${post.id}`, A.dev);
  await api.fails(404, "board.post_not_found", "GET", `file/find?postId=${post.id}`, B.admin);
});

test("at most 10 files on a post (board.17), counted after an update's additions and removals", async () => {
  const files: BoardFile[] = [];
  for (let i = 0; i <= FILES_PER_POST; i++) files.push(await uploaded(A.sales, `파일${i}.txt`, bytesOf(`파일 ${i}`), { type: "text/plain" }));
  const ids = files.map((f) => f.id);
  await api.fails(400, "board.17", "POST", "post", A.sales, { boardId: open.id, title: "11개", content: "<p>x</p>", fileIds: ids });
  const post = await makePost(t, A.sales, { boardId: open.id, title: "10개", fileIds: ids.slice(0, 10) });
  expect(post.fileIds).toEqual(ids.slice(0, 10));
  expect(post.fileCount).toBe(10);
  await api.fails(400, "board.17", "PUT", `post/${post.id}`, A.sales, { fileIds: [ids[10]] });
  const swapped = await api.ok<Post>(200, "PUT", `post/${post.id}`, A.sales, { fileIds: [ids[10]], deleteFileIds: [ids[0]] });
  expect(swapped.fileIds).toEqual([...ids.slice(1, 10), ids[10]]);
  expect(swapped.fileCount).toBe(10);
  // The removed file is gone, bytes and all, for everyone.
  await api.fails(404, "board.file_not_found", "GET", `file/${ids[0]}`, A.sales);
  const summary = (await api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${open.id}`, A.dev)).content.find((p) => p.id === post.id);
  expect(summary?.fileCount).toBe(10);
});

test("a file past FILE_MAX_BYTES answers 413 board.123 with its size, and leaves nothing behind", async () => {
  const before = await usage(A.sales.id);
  // Streamed without a length, so the server reads until the file passes the limit.
  const boundary = `board-${crypto.randomUUID()}`;
  const head = bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let headSent = false;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (!headSent) {
        c.enqueue(head);
        headSent = true;
      } else if (sent <= FILE_MAX_BYTES) {
        c.enqueue(chunk);
        sent += chunk.length;
      } else {
        c.enqueue(bytesOf(`\r\n--${boundary}--\r\n`));
        c.close();
      }
    },
  });
  const res = await t.app.request("/api/board/file", {
    method: "POST", body, duplex: "half",
    headers: { authorization: `Bearer ${A.sales.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  const answer = await res.json();
  expect([res.status, answer.code, answer.params?.size]).toEqual([413, "board.123", FILE_MAX_BYTES]);
  expect(await usage(A.sales.id)).toEqual(before);
});

test("the uploader's quota: 507 board.124 when the file does not fit, nothing stored; inline images only of image types", async () => {
  const before = await usage(A.dev.id);
  await t.db.sql`update users set total_quota = ${before.used + 100} where id = ${A.dev.id}`;
  try {
    const r = await upload(A.dev, "큰 파일.bin", new Uint8Array(101));
    expect([r.status, r.body.code]).toEqual([507, "board.124"]);
    expect(await usage(A.dev.id)).toEqual(before);
    const fits = await uploaded(A.dev, "작은 파일.bin", new Uint8Array(100));
    expect(await usage(A.dev.id)).toEqual({ used: before.used + 100, files: before.files + 1 });
    // Full now: refused before the body is read.
    expect((await upload(A.dev, "하나 더.bin", new Uint8Array(1))).body.code).toBe("board.124");
    expect(fits.size).toBe(100);
  } finally {
    await t.db.sql`update users set total_quota = 0 where id = ${A.dev.id}`;
  }
  const notImage = await upload(A.dev, "문서.pdf", bytesOf("%PDF"), { inline: true });
  expect([notImage.status, notImage.body.code]).toEqual([400, "common.validation"]);
  const noPart = await t.app.request("/api/board/file", { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${A.dev.token}` } });
  expect(noPart.status).toBe(400);
});

test("inline images: shown through a signed address without the bearer; a wrong, expired or foreign token opens nothing", async () => {
  const image = await uploaded(A.sales, "사진.png", PNG, { type: "image/png", inline: true });
  expect(image.inlineUrl).toMatch(new RegExp(`^/api/board/inline/${image.id}\\?token=`));
  const othersImage = await uploaded(A.dev, "남의 사진.png", PNG, { type: "image/png", inline: true });
  const post = await makePost(t, A.sales, {
    boardId: salesOnly.id, title: "사진 글",
    content: `<p>현장 사진</p><img src="blob:x" data-file-id="${image.id}" onerror="alert(1)"><img data-file-id="${othersImage.id}">`,
  });
  const m = /<img src="([^"]+)" data-file-id="(\d+)" \/>/.exec(post.content);
  expect(m?.[2]).toBe(String(image.id));
  expect(post.content).not.toContain(`data-file-id="${othersImage.id}"`); // not the writer's upload: dropped
  expect(post.content).not.toContain("onerror");
  expect(post.thumbnailFileId).toBe(image.id);
  expect(post.thumbnailUrl).toMatch(new RegExp(`^/api/board/inline/${image.id}\\?token=`));
  expect(post.files).toEqual([]); // content images are not attachments

  const url = m![1].replace(/&amp;/g, "&");
  const shown = await get(url);
  expect(shown.status).toBe(200);
  expect(shown.headers.get("content-type")).toBe("image/png");
  expect(new Uint8Array(await shown.arrayBuffer())).toEqual(PNG);

  const token = new URL(url, "http://x").searchParams.get("token")!;
  const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
  expect((await get(inlinePath(image.id, wrong))).status).toBe(404);
  expect((await get(`/api/board/inline/${image.id}`)).status).toBe(404);
  expect((await get(inlinePath(othersImage.id, token))).status).toBe(404); // bound to its file
  // A token made for someone who may not read the board (a forged grant) opens nothing either.
  const now = t.clock.now();
  expect((await get(inlinePath(image.id, await signInlineToken(t.deps.secrets.tokenKey, A.dev.id, image.id, now)))).status).toBe(404);
  expect((await get(inlinePath(image.id, await signInlineToken(t.deps.secrets.tokenKey, B.admin.id, image.id, now)))).status).toBe(404);
  // Expired a few hours later.
  t.clock.advance(5 * 60 * 60_000);
  try {
    expect((await get(url)).status).toBe(404);
  } finally {
    t.clock.set(now);
  }
  expect((await get(url)).status).toBe(200);

  // Replaced in an edit: the old image's file goes, the new one is claimed.
  const next = await uploaded(A.sales, "새 사진.gif", PNG, { type: "image/gif", inline: true });
  const edited = await api.ok<Post>(200, "PUT", `post/${post.id}`, A.sales, { content: `<p>바꾼 사진</p><img data-file-id="${next.id}">` });
  expect(edited.content).toContain(`data-file-id="${next.id}"`);
  expect(edited.thumbnailFileId).toBe(next.id);
  await api.fails(404, "board.file_not_found", "GET", `file/${image.id}`, A.sales);
  expect((await get(url)).status).toBe(404);
  // An image alone is content enough.
  const onlyImage = await uploaded(A.sales, "그림.webp", PNG, { type: "image/webp", inline: true });
  expect((await makePost(t, A.sales, { boardId: open.id, title: "그림만", content: `<img data-file-id="${onlyImage.id}">` })).preview).toBe("");
});

test("uploads nobody claimed are swept after a day (moved clock); claimed files stay", async () => {
  const loose = await uploaded(A.manager, "버려진 파일.txt", bytesOf("loose"), { type: "text/plain" });
  const kept = await uploaded(A.manager, "첨부.txt", bytesOf("kept"), { type: "text/plain" });
  await makePost(t, A.manager, { boardId: open.id, title: "첨부 글", fileIds: [kept.id] });
  const before = await usage(A.manager.id);
  const now = t.clock.now();
  t.clock.advance(25 * 60 * 60_000);
  let fresh: BoardFile | null = null;
  try {
    expect(await sweepUnclaimedFiles(t.deps)).toBeGreaterThanOrEqual(1);
    const rows = await t.db.sql<{ id: string }[]>`select id from board_files where id = any(${[loose.id, kept.id]})`;
    expect(rows.map((r) => Number(r.id))).toEqual([kept.id]);
    expect(await usage(A.manager.id)).toEqual({ used: before.used - 5, files: before.files - 1 });
  } finally {
    t.clock.set(now);
  }
  fresh = await uploaded(A.manager, "새 파일.txt", bytesOf("fresh"), { type: "text/plain" });
  expect(await sweepUnclaimedFiles(t.deps)).toBe(0);
  expect((await get(`/api/board/file/${fresh.id}`, A.manager)).status).toBe(200);
});

test("createPostAs writes a post for an author without a request: files from stored bytes, one post per mail", async () => {
  const pdf = await t.deps.blobs.put(bytesOf("%PDF-1.4 메일 첨부"));
  const input = {
    companyId: A.co.companyId, userId: A.dev.id, boardId: open.id, title: "메일로 온 글",
    html: `<p>거래처 메일입니다.</p><script>x</script>`,
    files: [{ name: "견적.pdf", contentType: "Application/PDF", blobKey: pdf.key, size: pdf.size }],
    mailFrom: "partner@example.com", mailMessageId: "<m1@example.com>",
  };
  const made = await createPostAs(t.deps, input);
  expect(made.created).toBe(true);
  const post = await api.ok<Post>(200, "GET", `post/${made.id}`, A.sales);
  expect(post).toMatchObject({ userId: A.dev.id, title: "메일로 온 글", content: "<p>거래처 메일입니다.</p>", mailFrom: "partner@example.com", fileCount: 1 });
  expect(post.files).toMatchObject([{ name: "견적.pdf", contentType: "application/pdf", size: pdf.size }]);
  const got = await get(`/api/board/file/${post.files[0].id}`, A.sales);
  expect(await got.text()).toBe("%PDF-1.4 메일 첨부");
  // The same message again: the first post, nothing new.
  expect(await createPostAs(t.deps, input)).toEqual({ id: made.id, created: false });
  await expect(createPostAs(t.deps, { ...input, mailMessageId: "<m2@example.com>", html: "<p> </p>" })).rejects.toMatchObject({ status: 400 });
  await expect(createPostAs(t.deps, { ...input, mailMessageId: "<m3@example.com>", boardId: 99999999 })).rejects.toMatchObject({ status: 404, code: "board.8" });
});
