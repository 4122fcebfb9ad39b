// Markdown export and import (server/modules/wiki/transfer/): one document as text/markdown (its files as links
// to the document's address), a subtree as a zip read back by a second implementation (python3's zipfile):
// folders by title, " (2)" for a title used twice, only what the caller may read, images under files/ linked
// relatively, a database's table of property values; import of a .md and of zips (Korean names with the
// UTF-8 flag and CP949 names without it, folders with README.md, images stored as files of the document), its
// refusals (type, bad zip, too many documents, WRITE on the parent, quota) leaving nothing behind, and an
// export → import round trip keeping headings, lists, tables, task lists, code blocks and links.
import { strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, expect, test } from "vitest";
import { DEPTH_MAX, IMPORT_DOCS_MAX, IMPORT_MAX_BYTES } from "../../shared/wiki/constants.ts";
import type { AttachInfo, WikiSummary } from "../../shared/wiki/documents.ts";
import { normalizeHtml } from "../../server/modules/wiki/content/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, makeProperty, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ api, A, B } = await wikiCast(t, "wiki-transfer"));
});

/** A document of `who` with `html` as its text (POST docs). */
async function makeRow(
  who: { token: string },
  title: string,
  opts: { parentId?: number; html?: string; type?: "document" | "database" } = {},
): Promise<number> {
  return (await makeDoc(t, who, { title, parentId: opts.parentId ?? null, type: opts.type ?? "document", text: opts.html ?? "" })).id;
}
/** Gives a document its own permissions (PUT docs/{id}/permissions by its creator, who stays OWNER). */
const restrict = (who: { token: string }, docId: number, members: { userId?: number; organId?: number; accessLevel: string }[]) =>
  api.ok(200, "PUT", `docs/${docId}/permissions`, who, { members });
/** Replaces a document's text (PATCH docs/{id}). */
const setText = (id: number, who: { token: string }, html: string) => api.ok(200, "PATCH", `docs/${id}`, who, { text: html });

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const bytesOf = (text: string) => new TextEncoder().encode(text);

async function attached(who: { token: string }, docId: number, name: string, bytes: Uint8Array, type: string): Promise<AttachInfo> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/wiki/docs/${docId}/attach`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function exported(who: { token: string }, id: number, subtree: boolean) {
  const res = await t.app.request(`/api/wiki/docs/${id}/export${subtree ? "?subtree=true" : ""}`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  return { headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A zip's entries as python3's zipfile reads them (names and UTF-8 text or base64 bytes). */
async function pythonZip(bytes: Uint8Array): Promise<Record<string, string>> {
  const script = `
import base64, io, json, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
out = {}
for i in z.infolist():
    data = z.read(i)
    out[i.filename] = data.decode("utf-8") if i.filename.endswith(".md") else "base64:" + base64.b64encode(data).decode()
print(json.dumps(out, ensure_ascii=False))`;
  const p = new Deno.Command("python3", { args: ["-c", script], stdin: "piped", stdout: "piped", stderr: "piped" }).spawn();
  const w = p.stdin.getWriter();
  await w.write(bytes);
  await w.close();
  const out = await p.output();
  expect(out.success, new TextDecoder().decode(out.stderr)).toBe(true);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

async function importFile(who: { token: string }, name: string, bytes: Uint8Array, parentId?: number) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  if (parentId !== undefined) form.append("parentId", String(parentId));
  const res = await t.app.request("/api/wiki/docs/import", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
async function imported(who: { token: string }, name: string, bytes: Uint8Array, parentId?: number): Promise<WikiSummary[]> {
  const r = await importFile(who, name, bytes, parentId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

interface Row {
  id: number;
  parentId: number | null;
  title: string;
  text: string;
  path: string;
  depth: number;
  createdBy: number;
}
/** The documents under `id` (itself included), in tree order. */
async function tree(id: number): Promise<Row[]> {
  const rows = await t.db.sql<{ id: string; parent_id: string | null; title: string; text: string; path: string; depth: number; created_by: string }[]>`
    select d.id, d.parent_id, d.title, d.text, d.path, d.depth, d.created_by from wiki_docs d, wiki_docs r
     where r.id = ${id} and (d.id = r.id or d.path like r.path || '/%') order by d.depth, d.sort_order, d.id`;
  return rows.map((r) => ({
    id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), title: r.title, text: r.text, path: r.path,
    depth: Number(r.depth), createdBy: Number(r.created_by),
  }));
}
const docCount = async (companyId: number) => Number((await t.db.sql<{ n: string }[]>`select count(*) as n from wiki_docs where company_id = ${companyId}`)[0].n);
const fileCount = async (companyId: number) => Number((await t.db.sql<{ n: string }[]>`select count(*) as n from wiki_files where company_id = ${companyId}`)[0].n);

const RICH = [
  "<h2>목표</h2><p>올해 <strong>매출</strong> <em>20%</em> 성장, <a href=\"https://example.com/plan\">계획서</a> 참고.</p>",
  "<ul><li><p>국내 영업</p><ul><li><p>수도권</p></li></ul></li><li><p>해외 영업</p></li></ul>",
  "<ol><li><p>첫째</p></li><li><p>둘째</p></li></ol>",
  "<ul data-type=\"taskList\"><li data-type=\"taskItem\" data-checked=\"true\"><p>견적 발송</p></li><li data-type=\"taskItem\" data-checked=\"false\"><p>계약 체결</p></li></ul>",
  "<table><tbody><tr><th><p>지역</p></th><th><p>담당</p></th></tr><tr><td><p>서울</p></td><td><p>김작성</p></td></tr></tbody></table>",
  "<pre><code class=\"language-sql\">select * from 고객 where 등급 = 'A';</code></pre>",
  "<blockquote><p>고객이 먼저</p></blockquote>",
].join("");

test("one document: text/markdown named by its title, the title as its heading, files as links to the document's address", async () => {
  const id = await makeRow(A.author, "영업 전략: 2026/상반기");
  const img = await attached(A.author, id, "조직도.png", PNG, "image/png");
  const pdf = await attached(A.author, id, "계약서 양식.pdf", bytesOf("%PDF-1.4"), "application/pdf");
  await setText(id, A.author, `${RICH}<img data-file-id="${img.fileId}" alt="조직도"><div data-wiki-file="${pdf.fileId}" data-name="계약서 양식.pdf" data-size="8"></div><p><a href="#/wiki/docs/${id}">이 문서</a></p>`);

  const { headers, bytes } = await exported(A.sales, id, false);
  expect(headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  expect(headers.get("content-disposition")).toBe(
    `attachment; filename="__ ___ 2026____.md"; filename*=UTF-8''${encodeURIComponent("영업 전략_ 2026_상반기.md")}`,
  );
  const md = new TextDecoder().decode(bytes);
  const address = `http://localhost:8080/#/wiki/docs/${id}`;
  expect(md.startsWith("# 영업 전략: 2026/상반기\n\n## 목표\n")).toBe(true);
  expect(md).toContain(`[조직도](${address})`);
  expect(md).toContain(`[계약서 양식.pdf](${address})`);
  expect(md).toContain(`[이 문서](${address})`);
  expect(md).toContain("- [x] 견적 발송\n- [ ] 계약 체결");
  expect(md).toContain("```sql\nselect * from 고객 where 등급 = 'A';\n```");
  expect(md).not.toContain("/api/wiki/files/");

  // READ needed: a foreign or unreadable document answers as the other calls do.
  await api.fails(404, "wiki.not_found", "GET", `docs/${id}/export`, B.author);
  await restrict(A.author, id, [{ userId: A.author.id, accessLevel: "OWNER" }]);
  await api.fails(403, "wiki.no_access", "GET", `docs/${id}/export?subtree=true`, A.sales);
});

test("a subtree: a zip of folders by title with index.md, duplicates numbered, only readable documents, images under files/", async () => {
  const root = await makeRow(A.author, "영업 핸드북", { html: "<p>핸드북 첫 장</p>" });
  await makeRow(A.author, "소개", { parentId: root, html: "<p>첫 소개</p>" });
  await makeRow(A.author, "소개", { parentId: root, html: "<p>두 번째 소개</p>" });
  const policy = await makeRow(A.author, "규정", { parentId: root, html: "<p>규정 모음</p>" });
  const leave = await makeRow(A.author, "휴가", { parentId: policy });
  const img = await attached(A.author, leave, "휴가 달력.png", PNG, "image/png");
  await setText(leave, A.author, `<p>연차는 15일</p><img data-file-id="${img.fileId}" alt="달력"><p><a href="#/wiki/docs/${root}">처음으로</a></p>`);
  const secret = await makeRow(A.author, "임원 전용", { parentId: root, html: "<p>비밀</p>" });
  await restrict(A.author, secret, [{ userId: A.author.id, accessLevel: "OWNER" }]);
  const removed = await makeRow(A.author, "지난 규정", { parentId: root });
  await api.ok(200, "DELETE", `docs/${removed}`, A.author);

  const { headers, bytes } = await exported(A.sales, root, true);
  expect(headers.get("content-type")).toBe("application/zip");
  expect(headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("영업 핸드북.zip")}`);
  const zip = await pythonZip(bytes);
  expect(Object.keys(zip).sort()).toEqual([
    "files/휴가 달력.png", "영업 핸드북/index.md", "영업 핸드북/규정/index.md", "영업 핸드북/규정/휴가.md", "영업 핸드북/소개 (2).md", "영업 핸드북/소개.md",
  ].sort());
  expect(zip["영업 핸드북/index.md"]).toBe("# 영업 핸드북\n\n핸드북 첫 장\n");
  expect(zip["영업 핸드북/소개 (2).md"]).toBe("# 소개\n\n두 번째 소개\n");
  expect(zip["영업 핸드북/규정/휴가.md"]).toBe("# 휴가\n\n연차는 15일\n\n![달력](../../files/휴가%20달력.png)\n\n[처음으로](../index.md)\n");
  expect(zip["files/휴가 달력.png"]).toBe(`base64:${btoa(String.fromCharCode(...PNG))}`);

  // The author (OWNER of the restricted one) gets it too.
  const all = await pythonZip((await exported(A.author, root, true)).bytes);
  expect(all["영업 핸드북/임원 전용.md"]).toBe("# 임원 전용\n\n비밀\n");
  expect(Object.keys(all)).not.toContain("영업 핸드북/지난 규정.md");
});

test("a database: its index.md holds a table of its rows' property values, each row linking to its file", async () => {
  const db = await makeRow(A.author, "프로젝트", { type: "database", html: "<p>진행 중인 프로젝트</p>" });
  const status = await makeProperty(t, A.author, db, { name: "상태", type: "select", config: { options: [{ name: "진행" }, { name: "완료" }] } });
  const owner = await makeProperty(t, A.author, db, { name: "담당", type: "person", config: {} });
  const budget = await makeProperty(t, A.author, db, { name: "예산", type: "number", config: {} });
  const alpha = await makeRow(A.author, "알파 | 1차", { parentId: db, html: "<p>알파 내용</p>" });
  const beta = await makeRow(A.author, "베타", { parentId: db });
  await api.ok(200, "PUT", `docs/${alpha}/property-values`, A.author, {
    values: [{ propertyId: status.id, textValue: status.config.options![0].id }, { propertyId: owner.id, jsonValue: [A.sales.id] }, { propertyId: budget.id, numberValue: 1500 }],
  });
  await api.ok(200, "PUT", `docs/${beta}/property-values`, A.author, { values: [{ propertyId: status.id, textValue: status.config.options![1].id }] });

  const zip = await pythonZip((await exported(A.sales, db, true)).bytes);
  expect(zip["프로젝트/index.md"]).toBe([
    "# 프로젝트", "", "진행 중인 프로젝트", "",
    "| Title | 상태 | 담당 | 예산 |",
    "| --- | --- | --- | --- |",
    "| [알파 \\| 1차](알파%20_%201차.md) | 진행 | 이영업 | 1500 |",
    "| [베타](베타.md) | 완료 |  |  |",
    "",
  ].join("\n"));
  expect(zip["프로젝트/알파 _ 1차.md"]).toBe("# 알파 | 1차\n\n알파 내용\n");
  const one = new TextDecoder().decode((await exported(A.sales, db, false)).bytes);
  expect(one).toContain(`| [베타](http://localhost:8080/#/wiki/docs/${beta}) | 완료 |  |  |`);
});

test("import of one Markdown file: the first heading is the title, under a parent the caller may write", async () => {
  const parent = await makeRow(A.author, "가져온 문서");
  const md = "\uFEFF# 회의록 12월\n\n- 안건 하나\n- 안건 둘\n\n참석: **김작성**\n";
  const [doc] = await imported(A.sales, "meeting.md", bytesOf(md), parent);
  expect(doc).toMatchObject({ parentId: parent, title: "회의록 12월", type: "document", status: "PUBLISHED", accessLevel: "OWNER", childCount: 0, propertyValues: [] });
  expect(doc.lastModifiedBy).toMatchObject({ id: A.sales.id, accountName: "이영업" });
  const [row] = await tree(doc.id);
  expect(row).toMatchObject({ parentId: parent, path: `${parent}/${doc.id}`, depth: 2, createdBy: A.sales.id });
  expect(row.text).toBe("<ul><li><p>안건 하나</p></li><li><p>안건 둘</p></li></ul><p>참석: <strong>김작성</strong></p>");
  const versions = await t.db.sql`select title from wiki_versions where doc_id = ${doc.id}`;
  expect(versions.map((v) => v.title)).toEqual(["회의록 12월"]);

  // No heading: the file's name; text in CP949 is read as such.
  const cp949 = Uint8Array.from([0xbe, 0xc8, 0xb3, 0xe7]); // "안녕"
  const [plain] = await imported(A.sales, "인사말.txt", cp949);
  expect(plain).toMatchObject({ parentId: null, title: "인사말" });
  expect((await tree(plain.id))[0].text).toBe("<p>안녕</p>");

  // Refusals, nothing made.
  const before = await docCount(A.co.companyId);
  expect((await importFile(A.sales, "사진.png", PNG)).body.code).toBe("wiki.import_invalid");
  expect((await importFile(A.sales, "깨진.zip", bytesOf("PK\x03\x04 not really a zip"))).body).toMatchObject({ code: "wiki.import_invalid" });
  expect((await importFile(A.sales, "빈.zip", zipSync({ "a.png": PNG }))).body.code).toBe("wiki.import_invalid");
  const foreign = await importFile(B.author, "x.md", bytesOf("# x"), parent);
  expect([foreign.status, foreign.body.code]).toEqual([404, "wiki.not_found"]);
  await restrict(A.author, parent, [{ userId: A.dev.id, accessLevel: "READ" }]);
  const readOnly = await importFile(A.dev, "x.md", bytesOf("# x"), parent);
  expect([readOnly.status, readOnly.body.code]).toEqual([403, "wiki.no_access"]);
  const badParent = await importFile(A.sales, "x.md", bytesOf("# x"), "abc" as unknown as number);
  expect([badParent.status, badParent.body.code]).toEqual([400, "common.validation"]);
  const deep = `${Array.from({ length: DEPTH_MAX }, (_, i) => `층${i}`).join("/")}/끝.md`; // DEPTH_MAX + 1 documents deep
  const tooDeep = await importFile(A.sales, "deep.zip", zipSync({ [deep]: strToU8("# 끝") }));
  expect([tooDeep.status, tooDeep.body.code, tooDeep.body.params?.reason]).toEqual([400, "wiki.import_invalid", "too_deep"]);
  const big = await importFile(A.sales, "big.md", new Uint8Array(IMPORT_MAX_BYTES + 1));
  expect([big.status, big.body.code, big.body.params?.size]).toEqual([413, "wiki.file_too_large", IMPORT_MAX_BYTES]);
  const trashed = await makeRow(A.sales, "버린 문서");
  await api.ok(200, "DELETE", `docs/${trashed}`, A.sales);
  const intoTrash = await importFile(A.sales, "x.md", bytesOf("# x"), trashed);
  expect([intoTrash.status, intoTrash.body.code]).toEqual([409, "wiki.not_editable"]);
  expect(await docCount(A.co.companyId)).toBe(before + 1);
});

test("import of a zip: folders become parents (README.md their text), Korean names, images stored as the document's files", async () => {
  const zip = zipSync({
    "핸드북/README.md": strToU8("# 영업 핸드북\n\n환영합니다. [휴가 규정](규정/휴가.md)을 보세요.\n"),
    "핸드북/소개.md": strToU8("# 회사 소개\n\n![조직도](../images/조직%20도.png)\n\n[양식 받기](../images/양식.pdf)\n"),
    "핸드북/규정/휴가.md": strToU8("연차는 15일.\n"),
    "핸드북/규정/.DS_Store": PNG,
    "__MACOSX/핸드북/._소개.md": PNG,
    "images/조직 도.png": PNG,
    "images/양식.pdf": strToU8("%PDF-1.4"),
  });
  const before = await fileCount(A.co.companyId);
  const top = await imported(A.sales, "핸드북.zip", zip);
  expect(top.map((d) => [d.title, d.childCount])).toEqual([["영업 핸드북", 2]]);
  const rows = await tree(top[0].id);
  expect(rows.map((r) => [r.title, r.depth])).toEqual([["영업 핸드북", 1], ["회사 소개", 2], ["규정", 2], ["휴가", 3]]);
  const [book, intro, rules, leave] = rows;
  expect(rules.parentId).toBe(book.id);
  expect(leave.path).toBe(`${book.id}/${rules.id}/${leave.id}`);
  expect(book.text).toContain(`<a target="_blank" rel="noopener noreferrer nofollow" href="#/wiki/docs/${leave.id}">휴가 규정</a>`);
  expect(rules.text).toBe("");
  expect(leave.text).toBe("<p>연차는 15일.</p>");

  const files = await t.db.sql<{ id: string; doc_id: string; name: string; content_type: string; size: string }[]>`
    select id, doc_id, name, content_type, size from wiki_files where doc_id = ${intro.id} order by id`;
  expect(files.map((f) => [Number(f.doc_id), f.name, f.content_type, Number(f.size)])).toEqual([
    [intro.id, "조직 도.png", "image/png", PNG.length], [intro.id, "양식.pdf", "application/pdf", 8],
  ]);
  expect(intro.text).toBe(
    `<img src="/api/wiki/files/${files[0].id}" alt="조직도" data-file-id="${files[0].id}">` +
      `<div data-wiki-file="${files[1].id}" data-name="양식.pdf" data-size="8" class="wiki-file"><a href="/api/wiki/files/${files[1].id}" download="양식.pdf" rel="noopener">양식.pdf</a></div>`,
  );
  expect(await fileCount(A.co.companyId)).toBe(before + 2);
  const info = await api.ok<AttachInfo>(200, "GET", `docs/${intro.id}/attach/${files[0].id}/info`, A.dev);
  expect(info).toMatchObject({ name: "조직 도.png", size: PNG.length });
});

test("a zip with CP949 names (no UTF-8 flag) reads them as Korean", async () => {
  // fflate writes ASCII names without the flag; the names are then swapped for CP949 bytes of the same length.
  const cp949 = { folder: [0xc0, 0xda, 0xb7, 0xe1], file: [0xc8, 0xb8, 0xc0, 0xc7] }; // 자료, 회의
  const zip = zipSync({ "QQQQ/WWWW.md": strToU8("# 회의 기록\n\n내용"), "QQQQ/readme.md": strToU8("폴더 설명") });
  const swap = (bytes: Uint8Array, from: string, to: number[]) => {
    const f = strToU8(from);
    for (let i = 0; i + f.length <= bytes.length; i++) if (f.every((b, j) => bytes[i + j] === b)) bytes.set(to, i);
  };
  swap(zip, "QQQQ", cp949.folder);
  swap(zip, "WWWW", cp949.file);
  expect(Object.keys(unzipSync(zip))).toHaveLength(2); // still a readable zip
  const [top] = await imported(A.sales, "cp949.zip", zip);
  const rows = await tree(top.id);
  expect(rows.map((r) => [r.title, r.text])).toEqual([["자료", "<p>폴더 설명</p>"], ["회의 기록", "<p>내용</p>"]]);
  const named = zipSync({ "QQQQ.md": strToU8("본문") });
  swap(named, "QQQQ", [0xc8, 0xb8, 0xc0, 0xc7]);
  expect((await imported(A.sales, "x.zip", named)).map((d) => d.title)).toEqual(["회의"]);
});

test("too many documents, or files past the quota: refused with nothing left behind (rows, files, new blobs)", async () => {
  const many: Record<string, Uint8Array> = {};
  for (let i = 0; i <= IMPORT_DOCS_MAX; i++) many[`d${i}.md`] = strToU8(`# ${i}`);
  const docs = await docCount(A.co.companyId);
  const r = await importFile(A.sales, "many.zip", zipSync(many));
  expect([r.status, r.body.code]).toEqual([400, "wiki.import_invalid"]);

  const unique = crypto.getRandomValues(new Uint8Array(4000));
  const key = [...new Uint8Array(await crypto.subtle.digest("SHA-256", unique))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const [u] = await t.db.sql<{ used: string }[]>`select used_size as used from users where id = ${A.dev.id}`;
  await t.db.sql`update users set total_quota = ${Number(u.used) + 1000} where id = ${A.dev.id}`;
  try {
    const full = await importFile(A.dev, "big.zip", zipSync({ "a.md": strToU8("![x](x.png)"), "x.png": unique }));
    expect([full.status, full.body.code]).toEqual([507, "wiki.insufficient_space"]);
  } finally {
    await t.db.sql`update users set total_quota = 0 where id = ${A.dev.id}`;
  }
  expect(await docCount(A.co.companyId)).toBe(docs);
  expect(await t.deps.blobs.size(key)).toBe(null);

  // A failure after the blobs were written (here a text past TEXT_MAX) removes the blobs it added.
  const huge = `![x](y.png)\n\n${"가".repeat(2_000_001)}`;
  const unique2 = crypto.getRandomValues(new Uint8Array(3000));
  const key2 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", unique2))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const tooLarge = await importFile(A.dev, "huge.zip", zipSync({ "a.md": strToU8("# 작은 문서"), "b.md": strToU8(huge), "y.png": unique2 }));
  expect([tooLarge.status, tooLarge.body.code]).toEqual([413, "wiki.text_too_large"]);
  expect(await docCount(A.co.companyId)).toBe(docs);
  expect(await t.deps.blobs.size(key2)).toBe(null);
});

test("round trip: a subtree exported and imported again keeps headings, lists, tables, task lists, code blocks, links and images", async () => {
  const root = await makeRow(A.author, "원본", { html: RICH });
  const child = await makeRow(A.author, "하위 문서", { parentId: root, html: "<h3>세부</h3><p>내용과 <code>코드</code></p>" });
  const img = await attached(A.author, child, "그림.png", PNG, "image/png");
  await setText(child, A.author, `<h3>세부</h3><p>내용과 <code>코드</code>, <a href="#/wiki/docs/${root}">원본으로</a></p><img data-file-id="${img.fileId}" alt="그림">`);

  const { bytes } = await exported(A.author, root, true);
  const [copy] = await imported(A.author, "원본.zip", bytes);
  const rows = await tree(copy.id);
  expect(rows.map((r) => r.title)).toEqual(["원본", "하위 문서"]);
  expect(rows[0].text).toBe(normalizeHtml(RICH));
  const [file] = await t.db.sql<{ id: string; name: string }[]>`select id, name from wiki_files where doc_id = ${rows[1].id}`;
  expect(file.name).toBe("그림.png");
  expect(rows[1].text).toBe(normalizeHtml(
    `<h3>세부</h3><p>내용과 <code>코드</code>, <a href="#/wiki/docs/${rows[0].id}">원본으로</a></p><img data-file-id="${file.id}" alt="그림">`,
  ));
  const info = await api.ok<AttachInfo>(200, "GET", `docs/${rows[1].id}/attach/${file.id}/info`, A.author);
  expect(info.size).toBe(PNG.length);
});
