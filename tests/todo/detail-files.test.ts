// An item's files (POST .../detail/file/upload, GET and DELETE .../detail/file/{id}): streamed past the app's
// 2 MB body limit, NFC names, counted in the uploader's storage and in the item's attachCnt; 413
// todo.file_too_large past FILE_MAX_BYTES (params.size), 400 todo.file_name_too_long, 409 todo.files_max, 507
// todo.insufficient_space past the quota, each leaving nothing behind; the bytes with Range; followers only;
// another board's or company's item 404 todo.item_not_found, a file of another item 404 todo.file_not_found.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import { FILE_MAX_BYTES, FILE_NAME_MAX, FILES_MAX } from "../../shared/todo/constants.ts";
import type { ItemDetail, ItemFile } from "../../shared/todo/details.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let boardId: number, item: number, item2: number, bBoardId: number, bItem: number;

const bytesOf = (text: string) => new TextEncoder().encode(text);
const digest = async (b: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>))].join(",");
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const base = (itemId: number, board = boardId) => `/api/todo/item/${itemId}/${board}/detail/file`;

async function upload(who: { token: string }, itemId: number, name: string, bytes: Uint8Array, type = "application/pdf", board = boardId) {
  const form = new FormData();
  form.append("uploadType", "DETAIL_FILE");
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`${base(itemId, board)}/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
async function uploaded(who: { token: string }, itemId: number, name: string, bytes: Uint8Array, type?: string): Promise<ItemFile> {
  const r = await upload(who, itemId, name, bytes, type);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const get = (who: { token: string }, path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { authorization: `Bearer ${who.token}`, ...headers } });
async function usage(userId: number) {
  const [u] = await t.db.sql<{ used: string; files: string }[]>`
    select used_size as used, (select count(*) from todo_item_files where uploader_id = ${userId}) as files from users where id = ${userId}`;
  return { used: Number(u.used), files: Number(u.files) };
}
const attachCnt = async (itemId: number) => (await api.ok<ItemDetail>(200, "GET", `item/${itemId}/${boardId}/detail`, A.owner)).attachCnt;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-files"));
  const ws = await makeWorkspace(t, A.owner, "파일");
  await follow(t, A.follower, ws.id);
  const b = await api.ok(201, "POST", `board/${ws.id}`, A.owner, { title: "파일 보드", items: [{ title: "계약" }, { title: "디자인" }] });
  boardId = b.id;
  [item, item2] = (await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.owner)).items.map((i) => i.id);
  const bWs = await makeWorkspace(t, B.owner, "B");
  const bb = await api.ok(201, "POST", `board/${bWs.id}`, B.owner, { title: "B", items: [{ title: "B 아이템" }] });
  bBoardId = bb.id;
  bItem = (await api.ok<BoardEntry>(200, "GET", `board/${bb.id}`, B.owner)).items[0].id;
});

test("upload: NFC name, counted in storage and attachCnt; the bytes with Range; delete (204)", async () => {
  const before = await usage(A.follower.id);
  const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251); // past the app's 2 MB body limit
  const f = await uploaded(A.follower, item, "계약서.pdf".normalize("NFD"), bytes);
  expect(f).toEqual({
    key: f.key, name: "계약서.pdf", size: bytes.length, contentType: "application/pdf", uploadType: "DETAIL_FILE", status: "COMPLETE",
    progress: 100, url: `${base(item)}/${f.key}`, uploadedBy: A.follower.id, uploadedTime: t.clock.now().getTime(),
  });
  expect(await usage(A.follower.id)).toEqual({ used: before.used + bytes.length, files: before.files + 1 });
  const detail = await api.ok<ItemDetail>(200, "GET", `item/${item}/${boardId}/detail`, A.owner);
  expect([detail.attachCnt, detail.fileList]).toEqual([1, [f]]);
  expect((await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.owner)).items.find((i) => i.id === item)!.attachCnt).toBe(1);

  const whole = await get(A.owner, f.url);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-disposition")).toMatch(/^attachment; /);
  expect(await digest(new Uint8Array(await whole.arrayBuffer()))).toBe(await digest(bytes));
  const part = await get(A.owner, f.url, { range: "bytes=1000-1009" });
  expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 1000-1009/${bytes.length}`]);
  expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.slice(1000, 1010)]);

  const image = await uploaded(A.owner, item, "시안.png", PNG, "image/png");
  const shown = await get(A.follower, image.url);
  expect([shown.status, shown.headers.get("content-type")]).toEqual([200, "image/png"]);
  expect(shown.headers.get("content-disposition")).toMatch(/^inline; /);
  await shown.body?.cancel();

  // Through another item, another board, another company, a non-follower.
  const notFound = async (path: string, who: { token: string }, code: string, status = 404) => {
    const r = await get(who, path);
    expect([r.status, (await r.json()).code]).toEqual([status, code]);
  };
  await notFound(`${base(item2)}/${f.key}`, A.owner, "todo.file_not_found");
  await notFound(`${base(item)}/99999999`, A.owner, "todo.file_not_found");
  await notFound(`${base(item)}/abc`, A.owner, "todo.file_not_found");
  await notFound(`${base(item, bBoardId)}/${f.key}`, A.owner, "todo.item_not_found");
  await notFound(f.url, B.owner, "todo.item_not_found");
  await notFound(f.url, A.other, "todo.not_follower", 403);

  await api.fails(404, "todo.file_not_found", "DELETE", `item/${item2}/${boardId}/detail/file/${f.key}`, A.owner);
  await api.ok(204, "DELETE", `item/${item}/${boardId}/detail/file/${f.key}`, A.owner);
  await api.fails(404, "todo.file_not_found", "DELETE", `item/${item}/${boardId}/detail/file/${f.key}`, A.owner);
  expect(await usage(A.follower.id)).toEqual(before);
  expect(await attachCnt(item)).toBe(1);
});

test("refused uploads leave nothing behind: name too long 400, no part 400, other item 404, non-follower 403", async () => {
  const before = await usage(A.owner.id);
  const long = await upload(A.owner, item2, `${"가".repeat(FILE_NAME_MAX - 3)}.pdf`, bytesOf("x"));
  expect([long.status, long.body.code]).toEqual([400, "todo.file_name_too_long"]);
  const fits = await uploaded(A.owner, item2, `${"가".repeat(FILE_NAME_MAX - 4)}.pdf`, bytesOf("x"));
  expect([...fits.name].length).toBe(FILE_NAME_MAX);
  const noPart = await t.app.request(`${base(item2)}/upload`, { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${A.owner.token}` } });
  expect([noPart.status, (await noPart.json()).code]).toEqual([400, "common.validation"]);
  const foreign = await upload(A.owner, bItem, "a.txt", bytesOf("a"), "text/plain", bBoardId);
  expect([foreign.status, foreign.body.code]).toEqual([404, "todo.item_not_found"]);
  const otherBoard = await upload(A.owner, bItem, "a.txt", bytesOf("a"), "text/plain");
  expect([otherBoard.status, otherBoard.body.code]).toEqual([404, "todo.item_not_found"]);
  const outsider = await upload(A.other, item2, "a.txt", bytesOf("a"), "text/plain");
  expect([outsider.status, outsider.body.code]).toEqual([403, "todo.not_follower"]);
  expect(await usage(A.owner.id)).toEqual({ used: before.used + 1, files: before.files + 1 });
  await api.ok(204, "DELETE", `item/${item2}/${boardId}/detail/file/${fits.key}`, A.owner);
});

test("a file past FILE_MAX_BYTES: 413 todo.file_too_large with the limit, nothing stored", async () => {
  const before = await usage(A.follower.id);
  // Streamed without a length, so the server reads until the file passes the limit.
  const boundary = `todo-${crypto.randomUUID()}`;
  const head = bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="part"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
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
  const res = await t.app.request(`${base(item2)}/upload`, {
    method: "POST", body, duplex: "half",
    headers: { authorization: `Bearer ${A.follower.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  const answer = await res.json();
  expect([res.status, answer.code, answer.params?.size]).toEqual([413, "todo.file_too_large", FILE_MAX_BYTES]);
  expect(await usage(A.follower.id)).toEqual(before);
  expect(await attachCnt(item2)).toBe(0);
});

test("the uploader's quota (PUT /api/admin/users/{id} totalQuota): 507 todo.insufficient_space, nothing stored", async () => {
  const [{ quota }] = await t.db.sql<{ quota: string }[]>`select total_quota as quota from users where id = ${A.follower.id}`;
  const setQuota = async (totalQuota: number) => {
    const r = await t.call("PUT", `/api/admin/users/${A.follower.id}`, { token: A.admin.token, json: { totalQuota } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const before = await usage(A.follower.id);
  await setQuota(before.used + 100);
  try {
    const r = await upload(A.follower, item2, "큰 파일.bin", new Uint8Array(101));
    expect([r.status, r.body.code]).toEqual([507, "todo.insufficient_space"]);
    expect(await usage(A.follower.id)).toEqual(before);
    const fits = await uploaded(A.follower, item2, "작은 파일.bin", new Uint8Array(100));
    expect(fits.size).toBe(100);
    // Full now: refused before the body is read.
    expect((await upload(A.follower, item2, "하나 더.bin", new Uint8Array(1))).body.code).toBe("todo.insufficient_space");
    await api.ok(204, "DELETE", `item/${item2}/${boardId}/detail/file/${fits.key}`, A.follower);
  } finally {
    await setQuota(Number(quota));
  }
});

test("at most FILES_MAX an item: 409 todo.files_max", async () => {
  const f = await uploaded(A.owner, item2, "첫 파일.txt", bytesOf("1"), "text/plain");
  await t.db.sql`insert into todo_item_files (company_id, item_id, uploader_id, name, size, content_type, blob_key, created_at)
    select ${A.co.companyId}, ${item2}, ${A.owner.id}, 'f' || n, 0, 'text/plain', ${(await t.db.sql<{ k: string }[]>`select blob_key as k from todo_item_files where id = ${f.key}`)[0].k}, now()
      from generate_series(2, ${FILES_MAX}) n`;
  const r = await upload(A.owner, item2, "하나 더.txt", bytesOf("x"), "text/plain");
  expect([r.status, r.body.code]).toEqual([409, "todo.files_max"]);
});
