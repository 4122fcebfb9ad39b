// Messenger messages through the HTTP API: sending (idempotent by clientId, mentions kept for members only, bad
// input), history pages (before, after, around; root messages only), threads with reply counts, editing and
// deleting one's own, reactions, pins, read positions with per-message unread counts falling as members read
// and the rooms' unread and mention counts, search with a two-syllable Korean word in the caller's rooms only,
// files (upload, image size, send, download with Range, members only, unsent files purged after a day) and the
// backup catalogue's view of the new tables.
import { describe, expect, test } from "vitest";
import type { Message, MessagePage, MessengerFile, RoomDetail, RoomSummary, SearchPage, ThreadAnswer } from "../../shared/messenger/api.ts";
import { HISTORY_PAGE, PINS_MAX } from "../../shared/messenger/constants.ts";
import { blobColumns, suiteTables } from "../../server/backup/catalogue.ts";
import { purgeUnsentFiles } from "../../server/modules/messenger/files.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeGroup, messengerApi, messengerCompany, png, upload } from "./support.ts";

const t = await createTestApp();
const api = messengerApi(t);
const A = await messengerCompany(t, "msg-a.test");
const B = await messengerCompany(t, "msg-b.test", false);
const { kim, lee, park } = A;
const room = await makeGroup(t, kim, [lee, park]);
const R = `rooms/${room.id}`;
const send = (who: { token: string }, body: Record<string, unknown>, status = 201) => api.ok<Message>(status, "POST", `${R}/messages`, who, body);
const unreadOf = async (who: { token: string }, roomId = room.id) =>
  (await api.ok<RoomSummary[]>(200, "GET", "rooms", who)).find((r) => r.id === roomId)!;

describe("messenger messages", () => {
  let first: Message;
  let second: Message;
  test("a send answers 201 with the message; a retry with the same clientId answers the first, 200", async () => {
    first = await send(kim, { text: "안녕하세요, 회의록 공유합니다", clientId: "c-1", mentions: [lee.id, B.co.admin.id, 424242] });
    expect(first).toMatchObject({ roomId: room.id, kind: "TEXT", sender: { userId: kim.id, name: "김민수" }, clientId: "c-1", parentId: null, replyCount: 0 });
    // Mentions of people who are not members are dropped; the others (lee, park) have not read it.
    expect(first.mentions).toEqual([lee.id]);
    expect(first.unreadCount).toBe(2);
    const retry = await send(kim, { text: "안녕하세요, 회의록 공유합니다", clientId: "c-1" }, 200);
    expect(retry.id).toBe(first.id);
    second = await send(kim, { text: "두 번째 메시지" });
    expect(second.unreadCount).toBe(2);
  });

  test("bad input: NUL characters, an empty message, a text past the limit, a foreign room", async () => {
    await api.fails(400, "common.validation", "POST", `${R}/messages`, kim, { text: "a\u0000b" });
    await api.fails(400, "messenger.empty_message", "POST", `${R}/messages`, kim, { text: "   " });
    await api.fails(400, "common.validation", "POST", `${R}/messages`, kim, { text: "x".repeat(10_001) });
    await api.fails(400, "common.validation", "POST", `${R}/messages`, kim, { text: "hi", fileIds: ["x"] });
    await api.fails(400, "common.validation", "PUT", `${R}/messages/${first.id}/reactions`, kim, { emoji: "" });
    await api.fails(400, "common.validation", "GET", `${R}/messages?size=0`, kim);
    await api.fails(404, "messenger.room_not_found", "POST", `${R}/messages`, B.co.admin, { text: "hi" });
    await api.fails(404, "messenger.message_not_found", "PUT", `${R}/messages/999999999`, kim, { text: "x" });
  });

  test("unread counts fall as members read; read positions never move back", async () => {
    const lee0 = await unreadOf(lee);
    expect(lee0).toMatchObject({ unreadCount: 2, mentionCount: 1 });
    expect((await unreadOf(kim)).unreadCount).toBe(0); // one's own messages
    await api.ok(204, "POST", `${R}/read`, lee, { messageId: first.id });
    let page = await api.ok<MessagePage>(200, "GET", `${R}/messages`, kim);
    const count = (p: MessagePage, id: number) => p.messages.find((m) => m.id === id)!.unreadCount;
    expect([count(page, first.id), count(page, second.id)]).toEqual([1, 2]);
    expect(await unreadOf(lee)).toMatchObject({ unreadCount: 1, mentionCount: 0 });
    await api.ok(204, "POST", `${R}/read`, park, { messageId: second.id });
    await api.ok(204, "POST", `${R}/read`, park, { messageId: first.id }); // never back
    page = await api.ok<MessagePage>(200, "GET", `${R}/messages`, kim);
    expect([count(page, first.id), count(page, second.id)]).toEqual([0, 1]);
    expect(page.readers.find((r) => r.userId === park.id)?.lastReadId).toBe(second.id);
    expect((await unreadOf(park)).unreadCount).toBe(0);
    await api.fails(404, "messenger.message_not_found", "POST", `${R}/read`, lee, { messageId: 999999999 });
  });

  let root: Message;
  test("threads: replies stay out of the history, the root counts them, a reply of a reply is refused", async () => {
    root = second;
    const r1 = await send(lee, { text: "스레드 답장 1", parentId: root.id });
    const r2 = await send(park, { text: "스레드 답장 2 @김민수", parentId: root.id, mentions: [kim.id] });
    await api.fails(409, "messenger.thread_depth", "POST", `${R}/messages`, kim, { text: "x", parentId: r1.id });
    await api.fails(404, "messenger.message_not_found", "POST", `${R}/messages`, kim, { text: "x", parentId: 999999999 });
    const th = await api.ok<ThreadAnswer>(200, "GET", `${R}/threads/${root.id}`, kim);
    expect(th.root).toMatchObject({ id: root.id, replyCount: 2 });
    expect(th.root.lastReplyAt).not.toBeNull();
    expect(th.replies.map((m) => [m.id, m.parentId])).toEqual([[r1.id, root.id], [r2.id, root.id]]);
    const page = await api.ok<MessagePage>(200, "GET", `${R}/messages`, kim);
    expect(page.messages.some((m) => m.parentId !== null)).toBe(false);
    expect(page.messages.find((m) => m.id === root.id)?.replyCount).toBe(2);
    // A room's unread count is of its root messages; a reply counts only when it mentions the reader.
    expect(await unreadOf(kim)).toMatchObject({ unreadCount: 1, mentionCount: 1 });
    await api.fails(404, "messenger.message_not_found", "GET", `${R}/threads/${r1.id}`, kim);
  });

  test("history pages: newest first page, older with before, newer with after, a page around a message", async () => {
    const g = await makeGroup(t, kim, [lee], "페이지");
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await api.ok<Message>(201, "POST", `rooms/${g.id}/messages`, kim, { text: `m${i}` })).id);
    const P = `rooms/${g.id}/messages`;
    const newest = await api.ok<MessagePage>(200, "GET", `${P}?size=3`, lee);
    expect(newest.messages.map((m) => m.text)).toEqual(["m4", "m5", "m6"]);
    expect([newest.hasOlder, newest.hasNewer]).toEqual([true, false]);
    const older = await api.ok<MessagePage>(200, "GET", `${P}?size=3&before=${ids[4]}`, lee);
    expect(older.messages.map((m) => m.text)).toEqual(["m1", "m2", "m3"]);
    const oldest = await api.ok<MessagePage>(200, "GET", `${P}?size=3&before=${ids[1]}`, lee);
    // The oldest: the room's "created" notice and m0.
    expect(oldest.messages.map((m) => m.kind)).toEqual(["SYSTEM", "TEXT"]);
    expect(oldest.hasOlder).toBe(false);
    const newer = await api.ok<MessagePage>(200, "GET", `${P}?size=4&after=${ids[2]}`, lee);
    expect(newer.messages.map((m) => m.text)).toEqual(["m3", "m4", "m5", "m6"]);
    expect(newer.hasNewer).toBe(false);
    const around = await api.ok<MessagePage>(200, "GET", `${P}/around/${ids[3]}?size=4`, lee);
    expect(around.messages.map((m) => m.text)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect([around.hasOlder, around.hasNewer]).toEqual([true, true]);
    expect((await api.ok<MessagePage>(200, "GET", P, lee)).messages.length).toBeLessThanOrEqual(HISTORY_PAGE);
    await api.fails(404, "messenger.message_not_found", "GET", `${P}/around/${first.id}`, lee);
  });

  test("editing and deleting: the sender only; a deleted message keeps its row with the text emptied", async () => {
    const m = await send(lee, { text: "오타가 있는 메시지" });
    await api.fails(403, "messenger.not_sender", "PUT", `${R}/messages/${m.id}`, kim, { text: "남의 글" });
    const edited = await api.ok<Message>(200, "PUT", `${R}/messages/${m.id}`, lee, { text: "고친 메시지", mentions: [kim.id] });
    expect(edited).toMatchObject({ text: "고친 메시지", mentions: [kim.id] });
    expect(edited.editedAt).not.toBeNull();
    await api.fails(403, "messenger.not_sender", "DELETE", `${R}/messages/${m.id}`, park);
    await api.ok(204, "DELETE", `${R}/messages/${m.id}`, lee);
    await api.fails(409, "messenger.message_deleted", "PUT", `${R}/messages/${m.id}`, lee, { text: "다시" });
    await api.fails(409, "messenger.message_deleted", "PUT", `${R}/messages/${m.id}/reactions`, kim, { emoji: "👍" });
    const page = await api.ok<MessagePage>(200, "GET", `${R}/messages`, kim);
    expect(page.messages.find((x) => x.id === m.id)).toMatchObject({ text: "", mentions: [], deletedAt: expect.any(Number) });
    // The room's owner may delete anyone's message.
    const n = await send(park, { text: "지울 메시지" });
    await api.ok(204, "DELETE", `${R}/messages/${n.id}`, kim);
  });

  test("reactions toggle per person; pins up to PINS_MAX", async () => {
    let m = await api.ok<Message>(200, "PUT", `${R}/messages/${first.id}/reactions`, lee, { emoji: "👍" });
    m = await api.ok<Message>(200, "PUT", `${R}/messages/${first.id}/reactions`, park, { emoji: "👍" });
    expect(m.reactions).toEqual([{ emoji: "👍", count: 2, mine: true, userIds: [lee.id, park.id] }]);
    m = await api.ok<Message>(200, "PUT", `${R}/messages/${first.id}/reactions`, lee, { emoji: "👍" });
    expect(m.reactions).toEqual([{ emoji: "👍", count: 1, mine: false, userIds: [park.id] }]);
    const d = await api.ok<RoomDetail>(200, "POST", `${R}/pins`, lee, { messageId: first.id });
    expect(d.pins.map((p) => p.id)).toEqual([first.id]);
    expect(d.pins[0].pinned).toBe(true);
    await api.ok(204, "DELETE", `${R}/pins/${first.id}`, kim);
    await api.fails(404, "messenger.message_not_found", "DELETE", `${R}/pins/${first.id}`, kim);
    const g = await makeGroup(t, kim, [], "공지 고정");
    // PINS_MAX pinned notices put in directly (the calls are covered above), then one more through the API.
    await t.db.sql`
      with m as (insert into messenger_messages (company_id, room_id, sender_id, text, created_at)
                 select ${A.co.companyId}, ${g.id}, ${kim.id}, '공지 ' || i, now() from generate_series(1, ${PINS_MAX}) i returning id)
      insert into messenger_pins (room_id, message_id, company_id, pinned_by, created_at) select ${g.id}, id, ${A.co.companyId}, ${kim.id}, now() from m`;
    const x = await api.ok<Message>(201, "POST", `rooms/${g.id}/messages`, kim, { text: "하나 더" });
    await api.fails(409, "messenger.pins_max", "POST", `rooms/${g.id}/pins`, kim, { messageId: x.id });
    expect((await api.ok<RoomDetail>(200, "GET", `rooms/${g.id}`, kim)).pins).toHaveLength(PINS_MAX);
  });

  test("search finds a two-syllable Korean word inside a word, in the caller's rooms only, never deleted messages", async () => {
    const s = async (who: { token: string }, keyword: string, extra = "") =>
      await api.ok<SearchPage>(200, "GET", `search?keyword=${encodeURIComponent(keyword)}${extra}`, who);
    expect((await s(lee, "의록")).content.map((h) => [h.message.id, h.roomName])).toEqual([[first.id, "프로젝트 팀"]]);
    expect((await s(lee, "회의록 공유")).content.map((h) => h.message.id)).toEqual([first.id]);
    expect((await s(lee, "회의록", `&roomId=${room.id}`)).totalElements).toBe(1);
    const outsider = await makeGroup(t, B.co.admin, [], "남의 방");
    await api.ok(201, "POST", `rooms/${outsider.id}/messages`, B.co.admin, { text: "회의록 비밀" });
    expect((await s(B.co.admin, "회의록")).content.map((h) => h.message.roomId)).toEqual([outsider.id]);
    expect((await s(lee, "회의록")).content.map((h) => h.message.roomId)).toEqual([room.id]);
    const gone = await send(kim, { text: "삭제될 회의록" });
    expect((await s(lee, "회의록")).totalElements).toBe(2);
    await api.ok(204, "DELETE", `${R}/messages/${gone.id}`, kim);
    expect((await s(lee, "회의록")).totalElements).toBe(1);
    await api.fails(400, "common.validation", "GET", `search?keyword=${encodeURIComponent("회")}`, lee);
  });

  let file: MessengerFile;
  test("files: an upload keeps the image's size, a message sends it, members download it with Range", async () => {
    const bytes = png(640, 480);
    const up = await upload(t, lee, room.id, "스크린샷.png".normalize("NFD"), bytes, "image/png");
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    file = up.body;
    expect(file).toMatchObject({ name: "스크린샷.png", size: bytes.length, contentType: "image/png", width: 640, height: 480, url: `/api/messenger/files/${file.id}` });
    // Not sent yet: only its uploader reads it, nobody else may send it.
    expect((await t.call("GET", file.url, { token: kim.token })).status).toBe(404);
    await api.fails(404, "messenger.file_not_found", "POST", `${R}/messages`, kim, { fileIds: [file.id] });
    const m = await send(lee, { fileIds: [file.id] });
    expect(m).toMatchObject({ kind: "FILE", files: [{ id: file.id, width: 640 }] });
    const whole = await t.app.request(file.url, { headers: { authorization: `Bearer ${kim.token}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await t.app.request(file.url, { headers: { authorization: `Bearer ${kim.token}`, range: "bytes=1-3" } });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1, 4));
    const dl = await t.app.request(`${file.url}?download=1`, { headers: { authorization: `Bearer ${kim.token}` } });
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment/);
    await dl.body?.cancel();
    expect((await t.call("GET", file.url, { token: B.co.admin.token })).status).toBe(404);
    const noBody = await upload(t, B.co.admin, room.id, "a.txt", new TextEncoder().encode("x"), "text/plain");
    expect([noBody.status, noBody.body.code]).toEqual([404, "messenger.room_not_found"]);
    const [{ used }] = await t.db.sql`select used_size::int as used from users where id = ${lee.id}`;
    expect(used).toBeGreaterThanOrEqual(bytes.length);
  });

  test("a file past the uploader's quota answers 507 messenger.insufficient_space, and nothing is kept", async () => {
    await t.db.sql`update users set total_quota = used_size + 10 where id = ${park.id}`;
    const r = await upload(t, park, room.id, "big.png", png(10, 10), "image/png");
    expect([r.status, r.body.code]).toEqual([507, "messenger.insufficient_space"]);
    // Full already: refused before the body is read.
    await t.db.sql`update users set total_quota = 100, used_size = 100 where id = ${park.id}`;
    const full = await upload(t, park, room.id, "big.png", png(10, 10), "image/png");
    expect([full.status, full.body.code]).toEqual([507, "messenger.insufficient_space"]);
    const [{ n }] = await t.db.sql`select count(*)::int as n from messenger_files where uploader_id = ${park.id}`;
    expect(n).toBe(0);
    await t.db.sql`update users set total_quota = 0, used_size = 0 where id = ${park.id}`;
  });

  test("files never sent are removed after a day", async () => {
    const up = await upload(t, kim, room.id, "draft.txt", new TextEncoder().encode("초안"), "text/plain");
    expect(up.status).toBe(201);
    expect(await purgeUnsentFiles(t.deps)).toBe(0);
    await t.db.sql`update messenger_files set created_at = created_at - interval '25 hours' where id = ${up.body.id}`;
    expect(await purgeUnsentFiles(t.deps)).toBe(1);
    expect((await t.call("GET", up.body.url, { token: kim.token })).status).toBe(404);
    expect((await t.call("GET", file.url, { token: kim.token })).status).toBe(200); // the sent one stays
  });

  test("backups hold the messenger's tables and its files' blobs with no module-specific code", async () => {
    const tables = (await suiteTables(t.db.sql)).map((x) => x.name);
    for (const name of ["messenger_rooms", "messenger_members", "messenger_messages", "messenger_files", "messenger_reactions", "messenger_pins", "messenger_link_previews", "messenger_presence"]) {
      expect(tables).toContain(name);
    }
    expect(await blobColumns(t.db.sql)).toContainEqual({ table: "messenger_files", column: "blob_key" });
  });
});
