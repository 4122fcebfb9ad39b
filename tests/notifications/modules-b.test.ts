// The bell's notices of boards, flow, to-do and the messenger (issue 32): each module records a notification
// where it already sends its realtime notice, for the people the change concerns and never for the actor, with
// the web's route of the object as link; a deleted post, task or item takes its notifications with it.
import { describe, expect, test } from "vitest";
import type { Reply } from "../../shared/board/replies.ts";
import type { TaskComment } from "../../shared/flow/task-details.ts";
import type { FlowMember, FlowProject } from "../../shared/flow/projects.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, boardCompany, makeBoard, makePost } from "../board/support.ts";
import { flowApi, flowCompany, makeProject, makeTask } from "../flow/support.ts";
import { todoApi, todoCompany } from "../todo/support.ts";
import { addItem, itemBoard, putCell } from "../todo/items-support.ts";
import { makeGroup, messengerApi, messengerCompany } from "../messenger/support.ts";
import type { Message } from "../../shared/messenger/api.ts";

const t = await createTestApp();

interface Row { user_id: string; kind: string; actor_id: string | null; title: string; excerpt: string | null; link: string; object_key: string | null }

/** The bell's rows of a company, oldest first (kind, recipient, title, excerpt, link). */
async function rows(companyId: number, kindPrefix: string): Promise<Row[]> {
  return await t.db.sql<Row[]>`
    select user_id, kind, actor_id, title, excerpt, link, object_key from notifications
     where company_id = ${companyId} and kind like ${kindPrefix + "%"} order by id`;
}
const who = (r: Row[]) => r.map((x) => Number(x.user_id)).sort((a, b) => a - b);

describe("the bell's notices of modules", () => {
  test("boards: a followed board's post, a mention and a reply, with the reply's text; none for the actor; gone with the post", async () => {
    const A = await boardCompany(t, "bell-board.test");
    const api = boardApi(t);
    const b = await makeBoard(t, A.manager, { name: "공지 알림" });
    await api.ok(200, "PUT", `${b.id}/follow`, A.dev, { follow: true });
    await api.ok(200, "PUT", `${b.id}/follow`, A.manager, { follow: true });
    const post = await makePost(t, A.manager, { boardId: b.id, title: "주간 회의록" });
    let got = await rows(A.co.companyId, "board.");
    expect(got.map((r) => [r.kind, Number(r.user_id), r.title, r.link])).toEqual([["board.post", A.dev.id, "주간 회의록", `/board/view/${post.id}`]]);
    expect(Number(got[0].actor_id)).toBe(A.manager.id);

    // A reply by the dev: the post's author hears of it (with the reply's words), a mentioned colleague of the
    // mention; the dev (the actor) of neither.
    await api.ok<Reply>(201, "POST", "reply", A.dev, {
      postId: post.id, replyContent: `확인했습니다 @[이영업](user:${A.sales.id}) @[최개발](user:${A.dev.id})`,
    });
    got = (await rows(A.co.companyId, "board.")).slice(1);
    expect(got.map((r) => [r.kind, Number(r.user_id), r.link]).sort()).toEqual([
      ["board.mention", A.sales.id, `/board/view/${post.id}`],
      ["board.reply", A.manager.id, `/board/view/${post.id}`],
    ].sort());
    expect(got.every((r) => r.excerpt === "확인했습니다 @이영업 @최개발" && r.title === "주간 회의록")).toBe(true);
    expect(got.every((r) => r.object_key === `board:${post.id}`)).toBe(true);

    await api.ok(200, "DELETE", `post/${post.id}`, A.manager);
    expect(await rows(A.co.companyId, "board.")).toEqual([]);
  });

  test("flow: invited, applied to the MASTER, decided, assigned and commented; none for the actor; gone with the task", async () => {
    const A = await flowCompany(t, "bell-flow.test");
    const api = flowApi(t);
    const p = await makeProject(t, A.master, { title: "비공개 출시", privateStatus: 1 });
    await api.ok<FlowMember[]>(201, "POST", `projects/${p.id}/members/invite`, A.master, { userIds: [A.member.id] });
    await api.ok<FlowProject>(200, "POST", `projects/${p.id}/members/apply`, A.other);
    let got = await rows(A.co.companyId, "flow.");
    expect(got.map((r) => [r.kind, Number(r.user_id), r.title, r.link])).toEqual([
      ["flow.invited", A.member.id, "비공개 출시", "/flow/projects"],
      ["flow.applied", A.master.id, "비공개 출시", `/flow/${p.id}/tasks`],
    ]);
    await api.ok(200, "PUT", `projects/${p.id}/members/approve`, A.master, { memberIds: [A.other.id] });
    await api.ok<FlowProject>(200, "PUT", `projects/${p.id}/members/accept`, A.member);
    got = await rows(A.co.companyId, "flow.decided");
    expect(got.map((r) => [Number(r.user_id), r.link])).toEqual([[A.other.id, `/flow/${p.id}/tasks`]]);

    // A task for the MASTER (themselves: no row) and the colleague; then the member added.
    const task = await makeTask(t, A.master, p.id, { title: "보도자료 작성", assignees: [A.master.id, A.other.id] });
    const link = `/flow/${p.id}/tasks/${encodeURIComponent(JSON.stringify({ taskId: task.id }))}`;
    got = await rows(A.co.companyId, "flow.assigned");
    expect(got.map((r) => [Number(r.user_id), r.title, r.link, r.object_key])).toEqual([[A.other.id, "보도자료 작성", link, `flow:${task.id}`]]);
    await api.ok(200, "PUT", `projects/${p.id}/tasks/${task.id}/assignees`, A.master, { userId: [A.master.id, A.other.id, A.member.id] });
    expect(who(await rows(A.co.companyId, "flow.assigned"))).toEqual([A.other.id, A.member.id].sort((a, b) => a - b));

    await api.ok<TaskComment>(201, "POST", `projects/${p.id}/tasks/${task.id}/comments`, A.other, { content: "<p>초안 올렸습니다</p>" });
    got = await rows(A.co.companyId, "flow.comment");
    // The commenter (an assignee) is left out; the other assignees hear of it.
    expect(got.every((r) => Number(r.user_id) !== A.other.id && r.excerpt === "초안 올렸습니다" && r.link === link)).toBe(true);
    expect(who(got)).toEqual([A.master.id, A.member.id].sort((a, b) => a - b));

    await api.ok(204, "DELETE", `projects/${p.id}/tasks`, A.master, { taskIds: [task.id] });
    expect((await rows(A.co.companyId, "flow.")).filter((r) => r.object_key === `flow:${task.id}`)).toEqual([]);
  });

  test("to-do: a PERSON cell newly naming someone, a comment to those named; none for the actor; gone with the item, its parent or its board", async () => {
    const A = await todoCompany(t, "bell-todo.test");
    const b = await itemBoard(t, A, "출시 점검");
    const item = await addItem(t, A.owner, b, "회의실 예약");
    await putCell(t, A.owner, b.boardId, item.id, "person", [A.owner.id, A.follower.id]);
    const link = `/todo/${b.workspaceId}/${b.boardId}/${encodeURIComponent(JSON.stringify({ groupId: b.groupId, itemId: item.id }))}`;
    let got = await rows(A.co.companyId, "todo.");
    expect(got.map((r) => [r.kind, Number(r.user_id), r.title, r.link, r.object_key])).toEqual([
      ["todo.assigned", A.follower.id, "회의실 예약", link, `todo:${item.id}`],
    ]);
    // Naming the same people again records nothing new.
    await putCell(t, A.owner, b.boardId, item.id, "person", [A.follower.id, A.owner.id]);
    expect(await rows(A.co.companyId, "todo.")).toHaveLength(1);

    await todoApi(t).ok(201, "POST", `item/${item.id}/${b.boardId}/detail/comment`, A.follower, { content: "예약 완료" });
    got = await rows(A.co.companyId, "todo.comment");
    expect(got.map((r) => [Number(r.user_id), r.excerpt, r.link])).toEqual([[A.owner.id, "예약 완료", link]]);

    await todoApi(t).ok(204, "DELETE", "item", A.owner, { boardId: b.boardId, itemIds: [item.id] });
    expect(await rows(A.co.companyId, "todo.")).toEqual([]);

    // A sub-item's notices go with its parent, a board's items' with the board.
    const parent = await addItem(t, A.owner, b, "발표 준비");
    const sub = await addItem(t, A.owner, b, "자료 인쇄", { parentId: parent.id });
    await putCell(t, A.owner, b.boardId, sub.id, "person", [A.follower.id]);
    const kept = await addItem(t, A.owner, b, "초대장 발송");
    await putCell(t, A.owner, b.boardId, kept.id, "person", [A.follower.id]);
    expect((await rows(A.co.companyId, "todo.")).map((r) => r.object_key).sort()).toEqual([`todo:${kept.id}`, `todo:${sub.id}`].sort());
    await todoApi(t).ok(204, "DELETE", "item", A.owner, { boardId: b.boardId, itemIds: [parent.id] });
    expect((await rows(A.co.companyId, "todo.")).map((r) => r.object_key)).toEqual([`todo:${kept.id}`]);
    await todoApi(t).ok(204, "DELETE", `board/${b.boardId}`, A.owner);
    expect(await rows(A.co.companyId, "todo.")).toEqual([]);
  });

  test("messenger: a mention in a group names the room, in a direct room the sender; none for the sender; an edit's new mentions", async () => {
    const A = await messengerCompany(t, "bell-msg.test");
    const api = messengerApi(t);
    const room = await makeGroup(t, A.kim, [A.lee, A.park], "출시 준비방");
    const m = await api.ok<Message>(201, "POST", `rooms/${room.id}/messages`, A.kim, { text: "@이영희 회의록 확인해 주세요", mentions: [A.lee.id, A.kim.id] });
    let got = await rows(A.co.companyId, "messenger.");
    expect(got.map((r) => [Number(r.user_id), r.title, r.excerpt, r.link, r.object_key])).toEqual([
      [A.lee.id, "출시 준비방", "@이영희 회의록 확인해 주세요", `/messenger/${room.id}/${m.id}`, `messenger:${m.id}`],
    ]);
    const direct = await api.ok<{ id: number }>(201, "POST", "rooms", A.lee, { kind: "DIRECT", userIds: [A.park.id] });
    await api.ok<Message>(201, "POST", `rooms/${direct.id}/messages`, A.lee, { text: "@박지훈 잠깐 통화 가능?", mentions: [A.park.id] });
    got = await rows(A.co.companyId, "messenger.");
    expect(got.slice(1).map((r) => [Number(r.user_id), r.title])).toEqual([[A.park.id, "이영희"]]);

    // An edit that adds a mention notifies the newly mentioned alone.
    await api.ok<Message>(200, "PUT", `rooms/${room.id}/messages/${m.id}`, A.kim, { text: "@이영희 @박지훈 회의록 확인해 주세요", mentions: [A.lee.id, A.park.id] });
    got = (await rows(A.co.companyId, "messenger.")).filter((r) => r.object_key === `messenger:${m.id}`);
    expect(got.map((r) => [Number(r.user_id), r.excerpt])).toEqual([
      [A.lee.id, "@이영희 회의록 확인해 주세요"],
      [A.park.id, "@이영희 @박지훈 회의록 확인해 주세요"],
    ]);
  });
});
