// The live editor on two app instances sharing one database (each with its own pool, hub, rooms and
// LISTEN/NOTIFY bridge): editors on different instances converge, a late joiner on either sees everything, a
// PATCH on an instance with no room reaches the room on the other, and each instance's save keeps the other's
// changes.
import { beforeAll, expect, test } from "vitest";
import { collabRooms } from "../../server/modules/wiki/collab/rooms.ts";
import { startInstance } from "../realtime/support.ts";
import { createTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { openEditor } from "./collab-support.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
const one = await startInstance(t);
const two = await startInstance(t);
let A: WikiCompany;

beforeAll(async () => {
  ({ A } = await wikiCast(t, "wiki-collab-multi"));
});

const storedText = async (docId: number) => (await t.db.sql<{ text: string }[]>`select text from wiki_docs where id = ${docId}`)[0].text;

test("editors on two instances see each other's changes, Korean included, and both instances save the merged text", async () => {
  const doc = await makeDoc(t, A.author, { title: "여러 서버", text: "<p>공유</p>" });
  const kim = await openEditor(one.http, doc.id, A.author.token);
  const lee = await openEditor(two.http, doc.id, A.sales.token);
  kim.type(" 김작성");
  await lee.sees((p) => p === "공유 김작성", "instance one's change on instance two");
  lee.type("이영업 ", 0);
  kim.type("입니다");
  await until(() => kim.plain() === lee.plain() && kim.plain() === "이영업 공유 김작성입니다", "convergence").catch((e) => {
    throw new Error(`${e.message}: ${JSON.stringify([kim.plain(), lee.plain()])}`);
  });

  // A late joiner on either instance gets the whole merged state.
  const park = await openEditor(one.http, doc.id, A.salesPart.token);
  const choi = await openEditor(two.http, doc.id, A.dev.token);
  expect(park.plain()).toBe(kim.plain());
  expect(choi.plain()).toBe(kim.plain());
  await until(async () => (await storedText(doc.id)) === "<p>이영업 공유 김작성입니다</p>", "the save");
  for (const e of [kim, lee, park, choi]) e.destroy();
  await until(() => !collabRooms(one.deps).busy(doc.id) && !collabRooms(two.deps).busy(doc.id), "both rooms to close and save");
  expect(await storedText(doc.id)).toBe("<p>이영업 공유 김작성입니다</p>");

  // The stored state holds both instances' changes: a new room on either starts from it.
  const again = await openEditor(two.http, doc.id, A.author.token);
  expect(again.plain()).toBe("이영업 공유 김작성입니다");
  again.destroy();
});

test("carets cross instances, and leave with their editor", async () => {
  const doc = await makeDoc(t, A.author, { title: "커서 여러 서버", text: "<p>caret</p>" });
  const kim = await openEditor(one.http, doc.id, A.author.token);
  const lee = await openEditor(two.http, doc.id, A.sales.token);
  kim.present({ id: A.author.id, name: "김작성", color: "#c00" }, 1);
  lee.present({ id: A.sales.id, name: "이영업", color: "#00c" }, 2);
  await until(() => kim.others().join() === "이영업" && lee.others().join() === "김작성", "each other's carets across instances");
  kim.destroy();
  await until(() => lee.others().length === 0, "kim's caret to go on the other instance");
  // Caret rows are never merged into the document.
  await until(() => !collabRooms(one.deps).busy(doc.id), "the room on instance one to close");
  expect(lee.plain()).toBe("caret");
  lee.destroy();
});

test("a PATCH through an instance with no room reaches the editors of the room on the other instance", async () => {
  const doc = await makeDoc(t, A.author, { title: "패치", text: "<p>원래</p>" });
  const kim = await openEditor(two.http, doc.id, A.author.token);
  const lee = await openEditor(two.http, doc.id, A.sales.token);
  const r = await fetch(`${one.http}/api/wiki/docs/${doc.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${A.admin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ text: "<p>원래</p><p>다른 서버에서 고침</p>" }),
  });
  expect(r.status).toBe(200);
  await r.body?.cancel();
  expect(await collabRooms(one.deps).find(doc.id)).toBeNull();
  for (const e of [kim, lee]) await e.sees((p) => p === "원래\n다른 서버에서 고침", "the PATCH on the other instance");
  lee.type("!", 2);
  await kim.sees((p) => p === "원래!\n다른 서버에서 고침", "an edit after it");
  await until(async () => (await storedText(doc.id)) === "<p>원래!</p><p>다른 서버에서 고침</p>", "the save");
  kim.destroy();
  lee.destroy();
});
