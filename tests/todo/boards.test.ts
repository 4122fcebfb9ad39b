// To-do board tree and entry (server/modules/todo/boards/): create (a folder; a board with the default header
// and one group, or with its own header, groups and first items), the tree, rename, move (BEFORE/AFTER/INSIDE,
// the top level; a folder into a folder, itself, another workspace: 409), delete (a folder with its boards),
// and GET board/{id}: header, groups with counts, first items, organUserList narrowed by organisation and its
// sub-organisations, filters, kanban. Followers only (403 todo.not_follower); another company's ids 404.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import { BOARDS_MAX, CREATE_HEADER_TYPES, HEADER_WIDTHS } from "../../shared/todo/constants.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeBoard, makeWorkspace, setCompany, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let ws: TodoWorkspace, bWs: TodoWorkspace;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-boards"));
  ws = await makeWorkspace(t, A.owner, "출시 준비");
  await follow(t, A.follower, ws.id);
  bWs = await makeWorkspace(t, B.owner, "B 워크스페이스");
});

const node = (who: { token: string }, workspaceId: number, json: Record<string, unknown>) =>
  api.ok<TodoBoardNode>(201, "POST", `board/${workspaceId}`, who, json);

test("create a board: the default header (CREATE_HEADER_TYPES, empty names, default widths), one group, no items", async () => {
  const { node: b, entry } = await makeBoard(t, A.follower, ws.id, "출시 계획");
  expect(b).toMatchObject({ workspaceId: ws.id, title: "출시 계획", boardType: "BOARD", parentId: null, children: [], childCount: 0, edit: true });
  expect(entry.header.map((c) => [c.type, c.value, c.name, c.width])).toEqual(
    CREATE_HEADER_TYPES.map((type) => [type, type === "TITLE" ? "title" : type.toLowerCase(), "", HEADER_WIDTHS[type].width]),
  );
  expect(entry.groups).toHaveLength(1);
  expect(entry.groups[0]).toMatchObject({ boardId: b.id, title: "새 그룹", color: "#579bfc", itemCount: 0 });
  expect(entry).toMatchObject({
    board: { id: b.id }, workspaceId: ws.id, items: [], filters: [], defaultFilterId: null, appliedFilterId: null, dependencies: [],
    kanban: { boardId: b.id, statusColumn: "", columns: "" },
  });
  expect(entry.moreItems).toEqual({ [String(entry.groups[0].id)]: false });
});

test("create a board with its own header, groups and items; the entry lists them by group", async () => {
  const b = await node(A.owner, ws.id, {
    title: "스프린트",
    header: [
      { type: "TITLE", name: "할 일" },
      { type: "STATUS", name: "상태" },
      { type: "STATUS", name: "우선순위", options: [{ label: "높음", color: "#E2445C" }, { label: "낮음", color: "#00c875" }] },
      { type: "TIMELINE", connectedColumn: "status", width: 200 },
      { type: "ADDITIONAL" },
    ],
    groups: [{ title: "이번 주", color: "#a25ddc" }, { title: "다음 주" }],
    items: [{ groupIndex: 0, title: "기획서" }, { groupIndex: 1, title: "배포" }, { groupIndex: 0, title: "검토" }],
  });
  const entry = await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.follower);
  expect(entry.header.map((c) => c.value)).toEqual(["title", "status", "status_2", "timeline", "additional"]);
  expect(entry.header[1].options.map((o) => o.label)).toEqual(["Working on it", "Done", "Stuck"]);
  expect(entry.header[2].options).toEqual([{ label: "높음", color: "#e2445c" }, { label: "낮음", color: "#00c875" }]);
  expect(entry.header[3]).toMatchObject({ connectedColumn: "status", width: 200 });
  expect(entry.groups.map((g) => [g.title, g.color, g.itemCount])).toEqual([["이번 주", "#a25ddc", 2], ["다음 주", "#00c875", 1]]);
  expect(entry.items.map((i) => [i.title, i.groupId])).toEqual([
    ["기획서", entry.groups[0].id], ["검토", entry.groups[0].id], ["배포", entry.groups[1].id],
  ]);
  expect(entry.items[0]).toMatchObject({ parentId: 0, createdBy: A.owner.id, subCnt: 0 });
  expect(entry.kanban).toEqual({ boardId: b.id, statusColumn: "status", columns: "Working on it,Done,Stuck" });

  // A header that breaks the rules, items of a group that is not there, bad input.
  await api.fails(409, "todo.header_invalid", "POST", `board/${ws.id}`, A.owner, { title: "x", header: [{ type: "TEXT" }, { type: "ADDITIONAL" }] });
  await api.fails(400, "common.validation", "POST", `board/${ws.id}`, A.owner, { title: "x", items: [{ groupIndex: 3, title: "없음" }] });
  await api.fails(400, "common.validation", "POST", `board/${ws.id}`, A.owner, { title: "" });
  await api.fails(400, "common.validation", "POST", `board/${ws.id}`, A.owner, { title: "x", boardType: "PAGE" });
});

test("folders: a folder holds boards only; the tree nests them; parentId must be a folder of the workspace", async () => {
  const w = await makeWorkspace(t, A.owner, "폴더 실험");
  const folder = await node(A.owner, w.id, { title: "기획", boardType: "FOLDER" });
  expect(folder).toMatchObject({ boardType: "FOLDER", parentId: null });
  const inside = await node(A.owner, w.id, { title: "요구사항", parentId: folder.id });
  const top = await node(A.owner, w.id, { title: "운영" });
  await api.fails(409, "todo.move_invalid", "POST", `board/${w.id}`, A.owner, { title: "x", boardType: "FOLDER", parentId: folder.id });
  await api.fails(409, "todo.move_invalid", "POST", `board/${w.id}`, A.owner, { title: "x", parentId: top.id });
  const other = await makeWorkspace(t, A.owner, "다른 곳");
  const otherFolder = await node(A.owner, other.id, { title: "남의 폴더", boardType: "FOLDER" });
  await api.fails(409, "todo.move_invalid", "POST", `board/${w.id}`, A.owner, { title: "x", parentId: otherFolder.id });
  const tree = await api.ok<TodoBoardNode[]>(200, "GET", `workspace/${w.id}/boards`, A.owner);
  expect(tree.map((n) => [n.title, n.childCount, n.children.map((c) => c.title)])).toEqual([["기획", 1, ["요구사항"]], ["운영", 0, []]]);
  expect(tree[0].children[0]).toMatchObject({ id: inside.id, parentId: folder.id });
  // A folder has no entry.
  await api.fails(404, "todo.board_not_found", "GET", `board/${folder.id}`, A.owner);
  // The workspace list counts boards, not folders.
  const listed = (await api.ok<TodoWorkspace[]>(200, "GET", "workspace", A.owner)).find((x) => x.id === w.id)!;
  expect(listed.boardCount).toBe(2);
});

test("rename (201), move within the tree, delete a folder with its boards", async () => {
  const w = await makeWorkspace(t, A.owner, "이동");
  const f = await node(A.owner, w.id, { title: "폴더", boardType: "FOLDER" });
  const g = await node(A.owner, w.id, { title: "폴더2", boardType: "FOLDER" });
  const a = await node(A.owner, w.id, { title: "A" });
  const b = await node(A.owner, w.id, { title: "B" });
  const renamed = await api.ok<TodoBoardNode>(201, "PUT", `board/${a.id}/title`, A.owner, { title: "A2" });
  expect(renamed).toMatchObject({ id: a.id, title: "A2" });
  await api.fails(400, "common.validation", "PUT", `board/${a.id}/title`, A.owner, { title: "" });

  const titles = (tree: TodoBoardNode[]) => tree.map((n) => n.children.length ? `${n.title}[${n.children.map((c) => c.title).join(",")}]` : n.title);
  let tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${b.id}/move/${f.id}/BEFORE`, A.owner);
  expect(titles(tree)).toEqual(["B", "폴더", "폴더2", "A2"]);
  tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${b.id}/move/${f.id}/INSIDE`, A.owner);
  expect(titles(tree)).toEqual(["폴더[B]", "폴더2", "A2"]);
  tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${a.id}/move/${b.id}/BEFORE`, A.owner);
  expect(titles(tree)).toEqual(["폴더[A2,B]", "폴더2"]);
  tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${a.id}/move/${b.id}/AFTER`, A.owner);
  expect(titles(tree)).toEqual(["폴더[B,A2]", "폴더2"]);
  tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${b.id}/move/0/INSIDE`, A.owner);
  expect(titles(tree)).toEqual(["폴더[A2]", "폴더2", "B"]);
  tree = await api.ok<TodoBoardNode[]>(200, "PUT", `board/${g.id}/move/${f.id}/BEFORE`, A.owner);
  expect(titles(tree)).toEqual(["폴더2", "폴더[A2]", "B"]);
  // Only the moved row changed its key.
  const [{ n }] = await t.db.sql<{ n: string }[]>`select count(distinct sort_order) as n from todo_boards where workspace_id = ${w.id}`;
  expect(Number(n)).toBe(4);

  await api.fails(409, "todo.move_invalid", "PUT", `board/${g.id}/move/${f.id}/INSIDE`, A.owner); // a folder into a folder
  await api.fails(409, "todo.move_invalid", "PUT", `board/${g.id}/move/${a.id}/BEFORE`, A.owner); // beside a board in a folder
  await api.fails(409, "todo.move_invalid", "PUT", `board/${b.id}/move/${b.id}/AFTER`, A.owner); // itself
  await api.fails(409, "todo.move_invalid", "PUT", `board/${b.id}/move/${a.id}/INSIDE`, A.owner); // into a board
  await api.fails(409, "todo.move_invalid", "PUT", `board/${b.id}/move/0/BEFORE`, A.owner);
  const elsewhere = await node(A.owner, ws.id, { title: "다른 워크스페이스" });
  await api.fails(409, "todo.move_invalid", "PUT", `board/${b.id}/move/${elsewhere.id}/BEFORE`, A.owner);
  const bBoard = await node(B.owner, bWs.id, { title: "B 보드" });
  await api.fails(404, "todo.board_not_found", "PUT", `board/${b.id}/move/${bBoard.id}/BEFORE`, A.owner);
  await api.fails(404, "todo.board_not_found", "PUT", `board/${bBoard.id}/move/0/INSIDE`, A.owner);
  await api.fails(400, "common.validation", "PUT", `board/${b.id}/move/${f.id}/UNDER`, A.owner);

  await api.fails(404, "todo.board_not_found", "DELETE", `board/${f.id}`, B.owner);
  await api.fails(403, "todo.not_follower", "DELETE", `board/${f.id}`, A.other);
  await api.ok(204, "DELETE", `board/${f.id}`, A.owner);
  expect(titles(await api.ok<TodoBoardNode[]>(200, "GET", `workspace/${w.id}/boards`, A.owner))).toEqual(["폴더2", "B"]);
  await api.fails(404, "todo.board_not_found", "GET", `board/${a.id}`, A.owner);
});

test("a workspace holds at most BOARDS_MAX nodes: 409 todo.boards_max", async () => {
  const w = await makeWorkspace(t, A.owner, "가득");
  await t.db.sql`insert into todo_boards (company_id, workspace_id, board_type, title, sort_order, created_at, updated_at)
    select ${A.co.companyId}, ${w.id}, 'FOLDER', 'f' || n, 'a' || lpad(n::text, 4, '0'), now(), now() from generate_series(1, ${BOARDS_MAX}) n`;
  await api.fails(409, "todo.boards_max", "POST", `board/${w.id}`, A.owner, { title: "하나 더" });
});

test("followers only: 403 todo.not_follower; another company 404; the module switched off 403", async () => {
  const { node: b } = await makeBoard(t, A.owner, ws.id, "권한");
  await api.fails(403, "todo.not_follower", "GET", `workspace/${ws.id}/boards`, A.other);
  await api.fails(403, "todo.not_follower", "GET", `board/${b.id}`, A.other);
  await api.fails(403, "todo.not_follower", "POST", `board/${ws.id}`, A.other, { title: "x" });
  await api.fails(403, "todo.not_follower", "PUT", `board/${b.id}/title`, A.other, { title: "x" });
  await api.fails(404, "todo.workspace_not_found", "GET", `workspace/${ws.id}/boards`, B.owner);
  await api.fails(404, "todo.workspace_not_found", "POST", `board/${ws.id}`, B.owner, { title: "x" });
  await api.fails(404, "todo.board_not_found", "GET", `board/${b.id}`, B.owner);
  await api.fails(404, "todo.board_not_found", "PUT", `board/${b.id}/title`, B.owner, { title: "x" });
  await api.fails(404, "todo.board_not_found", "GET", "board/1e3", A.owner);
  await api.fails(404, "todo.board_not_found", "GET", "board/99999999", A.owner);
  await setCompany(t, A.admin, { useToDo: false });
  try {
    await api.fails(403, "todo.disabled", "GET", `board/${b.id}`, A.owner);
  } finally {
    await setCompany(t, A.admin, { useToDo: true });
  }
});

test("organUserList: the workspace's followers with their main organisation; organId narrows to it and below", async () => {
  const part = await A.co.org("기획1파트", A.organs.plan);
  const r = await t.call("POST", "/api/admin/users", {
    token: A.admin.token,
    json: { loginId: "choi", accountName: "최파트", password: "Sh4re!pass", organIds: [part], requestPasswordChange: false },
  });
  expect(r.status).toBe(201);
  const w = await makeWorkspace(t, A.follower, "사람들");
  await follow(t, A.owner, w.id);
  await follow(t, A.other, w.id);
  await t.db.sql`insert into todo_workspace_users (workspace_id, user_id, company_id, created_at) values (${w.id}, ${r.body.id}, ${A.co.companyId}, now())`;
  const { node: b, entry } = await makeBoard(t, A.owner, w.id);
  expect(entry.organUserList).toEqual([
    { id: A.owner.id, name: "김소유", email: A.owner.email, organName: "기획팀" },
    { id: A.other.id, name: "박개발", email: A.other.email, organName: "개발팀" },
    { id: A.follower.id, name: "이팔로", email: A.follower.email, organName: "기획팀" },
    { id: r.body.id, name: "최파트", email: `choi@${A.co.domain}`, organName: "기획1파트" },
  ]);
  const plan = await api.ok<BoardEntry>(200, "GET", `board/${b.id}?organId=${A.organs.plan}`, A.owner);
  expect(plan.organUserList.map((u) => u.name)).toEqual(["김소유", "이팔로", "최파트"]);
  const sub = await api.ok<BoardEntry>(200, "GET", `board/${b.id}?organId=${part}`, A.owner);
  expect(sub.organUserList.map((u) => u.name)).toEqual(["최파트"]);
  const foreign = await api.ok<BoardEntry>(200, "GET", `board/${b.id}?organId=${B.organs.plan}`, A.owner);
  expect(foreign.organUserList).toEqual([]);
  await api.fails(400, "common.validation", "GET", `board/${b.id}?organId=abc`, A.owner);
});
