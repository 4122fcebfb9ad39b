// The live editor (shared/wiki/collab.ts) through a real server and real WebSockets, with y-websocket's stock
// provider as the browser uses it: convergence (Korean too), late joiners, readers, refusals before the upgrade,
// the save (HTML and versions per editor), a PATCH reaching open editors, removal, session end, the prune of
// update rows and the flush on shutdown.
import { beforeAll, expect, test } from "vitest";
import { pruneUpdateRows } from "../../server/modules/wiki/collab/store.ts";
import { collabRooms, stopCollab } from "../../server/modules/wiki/collab/rooms.ts";
import { replaceLiveContent } from "../../server/modules/wiki/collab/replace.ts";
import { CLOSE_SESSION_ENDED } from "../../shared/realtime.ts";
import { CLOSE_ACCESS_CHANGED, CLOSE_READ_ONLY, COLLAB_MESSAGE_MAX_BYTES } from "../../shared/wiki/collab.ts";
import { collabPath } from "../../shared/wiki/constants.ts";
import { serve } from "../realtime/support.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { closedWith, openEditor } from "./collab-support.ts";
import { makeDoc, setWiki, type WikiCompany, wikiCast } from "./support.ts";
import { PW } from "../share/share-helpers.ts";

const t = await createTestApp();
const server = serve(t.app);
let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await wikiCast(t, "wiki-collab"));
});

const stored = async (docId: number) => {
  const [row] = await t.db.sql<{ text: string; ydoc: Uint8Array | null; updated_by: string }[]>`
    select text, ydoc, updated_by from wiki_docs where id = ${docId}`;
  return row;
};
const versions = (docId: number) =>
  t.db.sql<{ user_id: string; text: string }[]>`select user_id, text from wiki_versions where doc_id = ${docId} order by id`;

/** The upgrade answered with a plain HTTP status (and the error code), as a browser's handshake would get. */
async function handshake(docId: number, token: string | null) {
  const headers: Record<string, string> = { upgrade: "websocket", connection: "Upgrade", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" };
  if (token) headers["sec-websocket-protocol"] = `bearer, ${token}`;
  const r = await t.call("GET", collabPath(docId), { headers });
  return { status: r.status, code: r.body?.code };
}

test("two editors converge on concurrent edits, Korean included; a third joining later gets the merged state", async () => {
  const doc = await makeDoc(t, A.author, { title: "회의록", text: "<p>안건</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  expect(kim.plain()).toBe("안건");
  expect(lee.plain()).toBe("안건");

  // Typed at the same time, at the same place and at both ends, syllable by syllable as an IME commits them.
  ["가", "나", "다"].forEach((a, i) => {
    kim.type(a);
    lee.type("ABC"[i], i);
  });
  kim.type(" 한글 입력", 2);
  const merged = "ABC안건 한글 입력가나다";
  await until(() => kim.plain() === merged && lee.plain() === merged, "convergence");
  // Both at the end at once: both kept, in the same order for both.
  kim.type("!");
  lee.type("?");
  await until(() => kim.plain() === lee.plain() && kim.plain().length === merged.length + 2, "convergence at the end");
  expect([`${merged}!?`, `${merged}?!`]).toContain(kim.plain());

  const park = await openEditor(server.http, doc.id, A.salesPart.token);
  expect(park.plain()).toBe(kim.plain());
  park.type("끝");
  await kim.sees((p) => p.endsWith("끝"), "the third editor's text");
  await lee.sees((p) => p.endsWith("끝"), "the third editor's text");
  for (const e of [kim, lee, park]) e.destroy();
});

test("each editor sees the others' carets (awareness), a late joiner all of them at once; leaving takes them away", async () => {
  const doc = await makeDoc(t, A.author, { title: "커서", text: "<p>caret</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  kim.present({ id: A.author.id, name: "김작성", color: "#c00" }, 1);
  lee.present({ id: A.sales.id, name: "이영업", color: "#00c" }, 3);
  await until(() => kim.others().join() === "이영업" && lee.others().join() === "김작성", "each other's carets");
  // A late joiner is told every caret at once.
  const park = await openEditor(server.http, doc.id, A.salesPart.token);
  await until(() => park.others().join() === "김작성,이영업", "the carets already there");
  lee.destroy();
  await until(() => kim.others().length === 0 && park.others().join() === "김작성", "lee's caret to go");
  kim.destroy();
  park.destroy();
});

test("the merged document is saved as HTML after the editors pause, with a coalesced version per editor", async () => {
  const doc = await makeDoc(t, A.author, { title: "주간 보고", text: "<p>시작</p>" });
  const before = (await versions(doc.id)).length;
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  kim.type(" 김");
  await until(async () => (await stored(doc.id)).text === "<p>시작 김</p>", "kim's save");
  kim.type("작성");
  await until(async () => (await stored(doc.id)).text === "<p>시작 김작성</p>", "kim's second save");
  let vs = await versions(doc.id);
  // The creator's first version and kim's live saves are one version (same person, within the coalescing time).
  expect(vs.length).toBe(before);
  expect(vs.at(-1)).toMatchObject({ user_id: String(A.author.id), text: "<p>시작 김작성</p>" });

  await lee.sees((p) => p === "시작 김작성", "kim's text");
  lee.type(" 이영업");
  await until(async () => (await stored(doc.id)).text === "<p>시작 김작성 이영업</p>", "lee's save");
  vs = await versions(doc.id);
  expect(vs.length).toBe(before + 1);
  expect(vs.at(-1)).toMatchObject({ user_id: String(A.sales.id), text: "<p>시작 김작성 이영업</p>" });
  expect(Number((await stored(doc.id)).updated_by)).toBe(A.sales.id);
  const got = await api.ok<{ text: string }>(200, "GET", `docs/${doc.id}`, A.dev);
  expect(got.text).toBe("<p>시작 김작성 이영업</p>");

  // The Yjs state is stored too: a new room (everyone gone) starts from it, not from a fresh copy of the HTML.
  kim.destroy();
  lee.destroy();
  await until(() => !collabRooms(t.deps).busy(doc.id), "the room to close and save");
  expect((await stored(doc.id)).ydoc).not.toBeNull();
  const again = await openEditor(server.http, doc.id, A.author.token);
  expect(again.plain()).toBe("시작 김작성 이영업");
  again.destroy();
});

test("a reader receives the changes but is closed with CLOSE_READ_ONLY when sending one", async () => {
  const doc = await makeDoc(t, A.author, { title: "공지", text: "<p>읽기</p>" });
  await api.ok(200, "PUT", `docs/${doc.id}/permissions`, A.author, { members: [{ organId: A.organs.sales, accessLevel: "READ" }] });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const reader = await openEditor(server.http, doc.id, A.sales.token);
  kim.type(" 전용");
  await reader.sees((p) => p === "읽기 전용", "the writer's change");
  // Syncing (its step 2 holds nothing new) did not close it.
  expect(reader.closes).toEqual([]);

  reader.type("몰래");
  await closedWith(reader, CLOSE_READ_ONLY);
  kim.type(".");
  await until(async () => (await stored(doc.id)).text === "<p>읽기 전용.</p>", "the save");
  expect(kim.plain()).toBe("읽기 전용.");
  kim.destroy();
  reader.destroy();
});

test("refused before the upgrade: 401 without a session, 404 another company's or a missing document, 403 no access, 403 wiki off", async () => {
  const doc = await makeDoc(t, A.author, { title: "비밀", text: "<p>x</p>" });
  await api.ok(200, "PUT", `docs/${doc.id}/permissions`, A.author, { members: [{ organId: A.organs.sales, accessLevel: "READ" }] });
  expect(await handshake(doc.id, null)).toMatchObject({ status: 401 });
  expect(await handshake(doc.id, "not-a-token")).toMatchObject({ status: 401 });
  expect(await handshake(doc.id, B.author.token)).toEqual({ status: 404, code: "wiki.not_found" });
  expect(await handshake(9_999_999, A.author.token)).toEqual({ status: 404, code: "wiki.not_found" });
  expect(await handshake(doc.id, A.dev.token)).toEqual({ status: 403, code: "wiki.no_access" });

  // A real client's handshake fails too (no socket is opened).
  const refused = await new Promise<boolean>((resolve) => {
    const ws = new WebSocket(`${server.http.replace("http", "ws")}${collabPath(doc.id)}`, ["bearer", A.dev.token]);
    ws.onopen = () => resolve(false);
    ws.onerror = () => resolve(true);
  });
  expect(refused).toBe(true);

  await setWiki(t, B.admin, false);
  const bDoc = await t.db.sql<{ id: string }[]>`select id from wiki_docs where company_id = ${B.co.companyId} limit 1`;
  const someB = bDoc[0] ? Number(bDoc[0].id) : doc.id;
  expect(await handshake(someB, B.author.token)).toEqual({ status: 403, code: "wiki.disabled" });
  await setWiki(t, B.admin, true);
});

test("a PATCH of the text through the API reaches both open editors as a change", async () => {
  const doc = await makeDoc(t, A.author, { title: "계획", text: "<p>첫 줄</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  await api.ok(200, "PATCH", `docs/${doc.id}`, A.admin, { text: "<p>첫 줄</p><p>관리자가 고친 둘째 줄</p>" });
  for (const e of [kim, lee]) await e.sees((p) => p === "첫 줄\n관리자가 고친 둘째 줄", "the PATCHed text");
  // Still live: an edit after it merges with it.
  kim.type(" (확인)");
  await lee.sees((p) => p === "첫 줄 (확인)\n관리자가 고친 둘째 줄", "an edit after the PATCH");
  await until(async () => (await stored(doc.id)).text === "<p>첫 줄 (확인)</p><p>관리자가 고친 둘째 줄</p>", "the save");
  kim.destroy();
  lee.destroy();
});

test("a PATCH with no editor open changes the stored live state, so the next editor sees it", async () => {
  const doc = await makeDoc(t, A.author, { title: "보관", text: "<p>하나</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  kim.type(" 둘");
  await until(async () => (await stored(doc.id)).text === "<p>하나 둘</p>", "the save");
  kim.destroy();
  await until(() => !collabRooms(t.deps).busy(doc.id), "the room to close and save");
  await api.ok(200, "PATCH", `docs/${doc.id}`, A.author, { text: "<p>셋</p>" });
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  expect(lee.plain()).toBe("셋");
  lee.destroy();
});

test("removing the document closes its editors with CLOSE_ACCESS_CHANGED; losing access does too", async () => {
  const doc = await makeDoc(t, A.author, { title: "지울 문서", text: "<p>곧 휴지통</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  await api.ok(200, "DELETE", `docs/${doc.id}`, A.author);
  await closedWith(kim, CLOSE_ACCESS_CHANGED);
  await closedWith(lee, CLOSE_ACCESS_CHANGED);
  await until(() => !collabRooms(t.deps).busy(doc.id), "the room to close and save");

  const other = await makeDoc(t, A.author, { title: "권한 바뀜", text: "<p>x</p>" });
  const lee2 = await openEditor(server.http, other.id, A.sales.token);
  const kim2 = await openEditor(server.http, other.id, A.author.token);
  await api.ok(200, "PUT", `docs/${other.id}/permissions`, A.author, { members: [{ organId: A.organs.dev, accessLevel: "WRITE" }] });
  await closedWith(lee2, CLOSE_ACCESS_CHANGED);
  // The owner keeps editing.
  kim2.type("y");
  await until(async () => (await stored(other.id)).text === "<p>xy</p>", "the owner's save");
  expect(kim2.closes).toEqual([]);
  kim2.destroy();
});

test("signing out closes the session's editor with 4401", async () => {
  const tokens = await login(t, A.salesPart.username, PW);
  const doc = await makeDoc(t, A.author, { title: "세션", text: "<p>s</p>" });
  const park = await openEditor(server.http, doc.id, tokens.access_token);
  const out = await t.call("GET", "/oauth/logout", { token: tokens.access_token });
  expect(out.status).toBe(200);
  await closedWith(park, CLOSE_SESSION_ENDED);
  park.destroy();
});

test("update rows are merged into the stored state and pruned once old; replaceLiveContent then still holds", async () => {
  const doc = await makeDoc(t, A.author, { title: "정리", text: "<p>a</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  kim.type("b");
  kim.type("c");
  await until(async () => (await stored(doc.id)).text === "<p>abc</p>", "the save");
  kim.destroy();
  await until(() => !collabRooms(t.deps).busy(doc.id), "the room to close and save");
  const rows = () => t.db.sql<{ n: number }[]>`select count(*)::int as n from wiki_doc_updates where doc_id = ${doc.id}`;
  expect((await rows())[0].n).toBeGreaterThan(0);
  await pruneUpdateRows(t.deps); // too young: kept
  expect((await rows())[0].n).toBeGreaterThan(0);
  await t.db.sql`update wiki_doc_updates set created_at = now() - interval '1 hour' where doc_id = ${doc.id}`;
  expect(await pruneUpdateRows(t.deps)).toBeGreaterThan(0);
  expect((await rows())[0].n).toBe(0);
  const lee = await openEditor(server.http, doc.id, A.sales.token);
  expect(lee.plain()).toBe("abc");
  lee.destroy();
  await until(() => !collabRooms(t.deps).busy(doc.id), "the room to close and save");
  // A replace with no room open (a rollback or PATCH calls it after writing the text).
  await t.db.sql`update wiki_docs set text = '<p>되돌림</p>' where id = ${doc.id}`;
  await replaceLiveContent(t.deps, doc.id);
  const again = await openEditor(server.http, doc.id, A.sales.token);
  expect(again.plain()).toBe("되돌림");
  again.destroy();
});

test("a message over COLLAB_MESSAGE_MAX_BYTES closes the socket with 1009; the document keeps its text", async () => {
  const doc = await makeDoc(t, A.author, { title: "큰 메시지", text: "<p>그대로</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  const ws = new WebSocket(`${server.http.replace(/^http/, "ws")}${collabPath(doc.id)}`, ["bearer", A.author.token]);
  ws.binaryType = "arraybuffer";
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  await new Promise((resolve) => ws.addEventListener("open", resolve));
  const big = new Uint8Array(COLLAB_MESSAGE_MAX_BYTES + 1);
  big[0] = 0; // a sync message, as far as the type goes
  ws.send(big);
  expect(await closed).toBe(1009);
  kim.type(" 계속");
  await kim.sees((p) => p === "그대로 계속", "the other editor goes on");
  kim.destroy();
});

test("stopping the server saves what the rooms hold and closes their editors", async () => {
  const doc = await makeDoc(t, A.author, { title: "종료", text: "<p>멈춤</p>" });
  const kim = await openEditor(server.http, doc.id, A.author.token);
  kim.type(" 전");
  await until(async () => (await collabRooms(t.deps).find(doc.id))?.doc.getXmlFragment("default").toString().includes("멈춤 전") ?? false, "the server to hold it");
  await stopCollab(t.deps); // no waiting for the save delay
  expect((await stored(doc.id)).text).toBe("<p>멈춤 전</p>");
  await closedWith(kim, 1001);
  kim.destroy();
  const [row] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from wiki_versions where doc_id = ${doc.id} and text = '<p>멈춤 전</p>'`;
  expect(row.n).toBe(1);
});
