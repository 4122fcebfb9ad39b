// To-do workspaces (server/modules/todo/workspaces/): the list (own, followed, then the company's others), the
// followers, create (at most WORKSPACES_MAX owned), edit and delete by the owner only (409 while others
// follow), delegate to a follower (the spec's 309 otherwise), follow (201, then 304 with no body), unfollow and
// removing a follower; another company's workspace answers 404 like a missing one; to-do switched off: 403.
import { beforeAll, expect, test } from "vitest";
import { WORKSPACES_MAX } from "../../shared/todo/constants.ts";
import type { TodoWorkspace, WorkspaceUser } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, setCompany, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-ws"));
});

test("create: the creator owns and follows it; the list puts own, then followed, then others, by title", async () => {
  const mine = await api.ok<TodoWorkspace>(201, "POST", "workspace", A.follower, { title: "나의 일", emoji: "", color: "#00c875" });
  expect(mine).toMatchObject({
    title: "나의 일", emoji: "", color: "#00c875", ownerId: A.follower.id, ownerName: "이팔로", avatar: "나",
    following: true, owner: true, userCount: 1, boardCount: 0, createdTime: t.clock.now().getTime(),
  });
  const b = await makeWorkspace(t, A.owner, "B 출시");
  const a = await makeWorkspace(t, A.owner, "A 출시");
  expect(a.avatar).toBe("🚀");
  const c = await makeWorkspace(t, A.other, "C 개발");
  await follow(t, A.follower, b.id);
  const list = await api.ok<TodoWorkspace[]>(200, "GET", "workspace", A.follower);
  expect(list.map((w) => [w.title, w.owner, w.following])).toEqual([
    ["나의 일", true, true], ["B 출시", false, true], ["A 출시", false, false], ["C 개발", false, false],
  ]);
  expect(list.find((w) => w.id === b.id)!.userCount).toBe(2);
  // Company B sees none of them.
  expect((await api.ok<TodoWorkspace[]>(200, "GET", "workspace", B.owner)).map((w) => w.id)).not.toContain(a.id);
  expect(c.owner).toBe(true);
});

test("create: bad input 400; past WORKSPACES_MAX owned 403 todo.workspaces_max", async () => {
  await api.fails(400, "common.validation", "POST", "workspace", A.admin, { title: "" });
  await api.fails(400, "common.validation", "POST", "workspace", A.admin, { title: "x".repeat(51) });
  await api.fails(400, "common.validation", "POST", "workspace", A.admin, { title: "ok", color: "red" });
  for (let i = 0; i < WORKSPACES_MAX; i++) await makeWorkspace(t, A.admin, `관리 ${i}`);
  await api.fails(403, "todo.workspaces_max", "POST", "workspace", A.admin, { title: "하나 더" });
});

test("update: the owner only (201); others 403 todo.not_owner; foreign and malformed ids 404", async () => {
  const w = await makeWorkspace(t, A.owner, "수정 전");
  const up = await api.ok<TodoWorkspace>(201, "PUT", `workspace/${w.id}`, A.owner, { title: "수정 후", emoji: "✅", color: "#e2445c" });
  expect(up).toMatchObject({ id: w.id, title: "수정 후", emoji: "✅", color: "#e2445c" });
  await follow(t, A.follower, w.id);
  await api.fails(403, "todo.not_owner", "PUT", `workspace/${w.id}`, A.follower, { title: "내 것" });
  await api.fails(404, "todo.workspace_not_found", "PUT", `workspace/${w.id}`, B.owner, { title: "남의 것" });
  await api.fails(404, "todo.workspace_not_found", "PUT", "workspace/99999999", A.owner, { title: "없음" });
  await api.fails(404, "todo.workspace_not_found", "GET", "workspace/abc/users", A.owner);
  await api.fails(400, "common.validation", "PUT", `workspace/${w.id}`, A.owner, { title: " " });
});

test("followers: owner first then by name; follow 201 then 304 without a body; unfollow; remove", async () => {
  const w = await makeWorkspace(t, A.owner, "팔로우");
  const followed = await api.raw("POST", `workspace/${w.id}`, A.other);
  expect(followed.status).toBe(201);
  expect(followed.body).toMatchObject({ id: w.id, following: true, owner: false, userCount: 2 });
  const again = await api.raw("POST", `workspace/${w.id}`, A.other);
  expect([again.status, again.body]).toEqual([304, null]);
  await follow(t, A.follower, w.id);
  const users = await api.ok<WorkspaceUser[]>(200, "GET", `workspace/${w.id}/users`, A.other);
  expect(users.map((u) => [u.name, u.owner])).toEqual([["김소유", true], ["박개발", false], ["이팔로", false]]);
  expect(users[0]).toMatchObject({ id: A.owner.id, email: A.owner.email });

  // Unfollow: the owner cannot (409); someone not following: 404.
  await api.fails(409, "todo.owner_cannot_unfollow", "DELETE", `workspace/${w.id}/user`, A.owner);
  await api.ok(204, "DELETE", `workspace/${w.id}/user`, A.other);
  await api.fails(404, "todo.user_not_found", "DELETE", `workspace/${w.id}/user`, A.other);
  // Remove a follower: owner only; the owner's own id 409; a non-follower 404.
  await api.fails(403, "todo.not_owner", "DELETE", `workspace/${w.id}/user/${A.owner.id}`, A.follower);
  await api.fails(409, "todo.owner_cannot_unfollow", "DELETE", `workspace/${w.id}/user/${A.owner.id}`, A.owner);
  await api.fails(404, "todo.user_not_found", "DELETE", `workspace/${w.id}/user/${A.other.id}`, A.owner);
  await api.fails(404, "todo.user_not_found", "DELETE", `workspace/${w.id}/user/x1`, A.owner);
  await api.ok(204, "DELETE", `workspace/${w.id}/user/${A.follower.id}`, A.owner);
  expect((await api.ok<WorkspaceUser[]>(200, "GET", `workspace/${w.id}/users`, A.owner)).map((u) => u.id)).toEqual([A.owner.id]);
  // Another company: 404 on all of them.
  await api.fails(404, "todo.workspace_not_found", "POST", `workspace/${w.id}`, B.owner);
  await api.fails(404, "todo.workspace_not_found", "GET", `workspace/${w.id}/users`, B.owner);
  await api.fails(404, "todo.workspace_not_found", "DELETE", `workspace/${w.id}/user`, B.owner);
});

test("delegate: to a follower (200, the old owner follows on); 309 todo.not_follower otherwise", async () => {
  const w = await makeWorkspace(t, A.owner, "위임");
  const r = await api.raw("PUT", `workspace/${w.id}/owner/${A.other.id}`, A.owner);
  expect([r.status, r.body.code]).toEqual([309, "todo.not_follower"]);
  await api.fails(403, "todo.not_owner", "PUT", `workspace/${w.id}/owner/${A.follower.id}`, A.follower);
  await follow(t, A.follower, w.id);
  const moved = await api.ok<TodoWorkspace>(200, "PUT", `workspace/${w.id}/owner/${A.follower.id}`, A.owner);
  expect(moved).toMatchObject({ ownerId: A.follower.id, ownerName: "이팔로", owner: false, following: true });
  await api.fails(403, "todo.not_owner", "PUT", `workspace/${w.id}`, A.owner, { title: "예전 주인" });
  const users = await api.ok<WorkspaceUser[]>(200, "GET", `workspace/${w.id}/users`, A.follower);
  expect(users.map((u) => [u.id, u.owner])).toEqual([[A.follower.id, true], [A.owner.id, false]]);
  await api.fails(404, "todo.workspace_not_found", "PUT", `workspace/${w.id}/owner/${B.owner.id}`, B.owner);
});

test("delete: owner only; 409 todo.has_followers while others follow; its boards go with it", async () => {
  const w = await makeWorkspace(t, A.owner, "삭제");
  await api.ok(201, "POST", `board/${w.id}`, A.owner, { title: "보드", boardType: "BOARD" });
  await follow(t, A.follower, w.id);
  await api.fails(403, "todo.not_owner", "DELETE", `workspace/${w.id}`, A.follower);
  await api.fails(404, "todo.workspace_not_found", "DELETE", `workspace/${w.id}`, B.owner);
  await api.fails(409, "todo.has_followers", "DELETE", `workspace/${w.id}`, A.owner);
  await api.ok(204, "DELETE", `workspace/${w.id}/user`, A.follower);
  await api.ok(204, "DELETE", `workspace/${w.id}`, A.owner);
  await api.fails(404, "todo.workspace_not_found", "GET", `workspace/${w.id}/users`, A.owner);
  const [{ n }] = await t.db.sql<{ n: string }[]>`select count(*) as n from todo_boards where workspace_id = ${w.id}`;
  expect(Number(n)).toBe(0);
});

test("to-do switched off: 403 todo.disabled", async () => {
  await setCompany(t, B.admin, { useToDo: false });
  try {
    await api.fails(403, "todo.disabled", "GET", "workspace", B.owner);
    await api.fails(403, "todo.disabled", "POST", "workspace", B.owner, { title: "꺼짐" });
  } finally {
    await setCompany(t, B.admin, { useToDo: true });
  }
});
