// The to-do benchmarks' board (tests/bench/todo.ts, work-browser.ts): a company of 41 people; a workspace the
// viewer (its owner) and 40 colleagues follow; one board made through the API with a column of every type
// (STATUS with 3 labels, PERSON, two TIMELINEs, NUMBER, TEXT, LINK, CHECK, CREATED_LOG) and 20 groups, then 5,000
// top-level items (250 a group) and 500 sub-items (two under every 20th item) written in bulk with SQL, every
// cell type filled on most items (fractional keys as the server makes them: generateNKeysBetween). A database
// kept in BENCH_DIR is reused (seeding is skipped when the viewer is there; the random source is then fresh).
import { generateNKeysBetween } from "fractional-indexing";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import type { buildApp } from "../../server/app.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { call, PASSWORD, tokenOf } from "./calendar-seed.ts";

export { PASSWORD };
export const DOMAIN = "todo-bench.test";
export const GROUPS = 20;
export const PER_GROUP = 250;
export const PEOPLE = 40;
export const BOARD_TITLE = "2025 출시 계획";

type App = ReturnType<typeof buildApp>;

export interface TodoSeed {
  workspaceId: number;
  boardId: number;
  /** The board's groups in order. */
  groupIds: number[];
  adminId: number;
  companyId: number;
  /** The viewer's user name (boss@DOMAIN, the workspace's owner). */
  viewer: string;
  token: string;
  /** The random source after seeding (todo.ts draws its moves from it, as before the split). */
  rand: () => number;
  /** False when a kept database already held the board. */
  seeded: boolean;
}

/** A small deterministic random source, so every run seeds the same board. */
export function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export async function seedTodoBoard(deps: AppDeps, app: App): Promise<TodoSeed> {
  const sql = deps.sql;
  const rand = rng(30);
  const viewer = `boss@${DOMAIN}`;

  const [kept] = await deps.db.select().from(users).where(eq(users.username, viewer));
  if (kept) {
    const token = await tokenOf(deps, viewer);
    const [b] = await sql<{ id: string; workspace_id: string }[]>`
      select id, workspace_id from todo_boards where company_id = ${kept.companyId} and title = ${BOARD_TITLE} order by id limit 1`;
    const entry = await call<BoardEntry>(app, token, "GET", `/api/todo/board/${b.id}?filterId=0`);
    return {
      workspaceId: Number(b.workspace_id), boardId: Number(b.id), groupIds: entry.groups.map((g) => g.id), adminId: kept.id,
      companyId: kept.companyId, viewer, token, rand, seeded: false,
    };
  }

  const { admin } = await createCompanyWithAdmin(deps, {
    name: "To-do bench", domain: DOMAIN, admin: { loginId: "boss", name: "김대표", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const c = adminRow.companyId;
  const NAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
  const people = await deps.db.insert(users).values(Array.from({ length: PEOPLE }, (_, i) => ({
    companyId: c, username: `user${i}@${DOMAIN}`, accountName: `${NAMES[i % 10]}사원${i}`, displayName: `${NAMES[i % 10]}사원${i}`,
    totalQuota: 10 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  }))).returning();
  const token = await tokenOf(deps, viewer);

  const ws = await call<TodoWorkspace>(app, token, "POST", "/api/todo/workspace", { title: "출시 준비", emoji: "🚀", color: "#579bfc" });
  await sql`insert into todo_workspace_users ${sql(people.map((p) => ({ workspace_id: ws.id, user_id: p.id, company_id: c, created_at: new Date().toISOString() })))}`;
  const node = await call<TodoBoardNode>(app, token, "POST", `/api/todo/board/${ws.id}`, {
    title: BOARD_TITLE,
    boardType: "BOARD",
    header: [
      { value: "title", type: "TITLE" },
      { value: "status", type: "STATUS", name: "상태", options: [{ label: "진행 중", color: "#fdab3d" }, { label: "완료", color: "#00c875" }, { label: "막힘", color: "#e2445c" }] },
      { value: "person", type: "PERSON", name: "담당자" },
      { value: "timeline", type: "TIMELINE", name: "일정", connectedColumn: "status" },
      { value: "number", type: "NUMBER", name: "예산" },
      { value: "text", type: "TEXT", name: "메모" },
      { value: "link", type: "LINK", name: "링크" },
      { value: "check", type: "CHECK", name: "확인" },
      { value: "created", type: "CREATED_LOG" },
      { value: "timeline2", type: "TIMELINE", name: "예비 일정" },
      { value: "additional", type: "ADDITIONAL" },
    ],
    groups: Array.from({ length: GROUPS }, (_, g) => ({ title: `${g + 1}주차` })),
  });
  const entry0 = await call<BoardEntry>(app, token, "GET", `/api/todo/board/${node.id}?filterId=0`);
  const groupIds = entry0.groups.map((g) => g.id);
  if (groupIds.length !== GROUPS) throw new Error(`expected ${GROUPS} groups, got ${groupIds.length}`);
  await sql`delete from todo_items where board_id = ${node.id}`;

  // The items: cells of every type on most of them.
  const STATUS = ["진행 중", "완료", "막힘"];
  const everyone = [admin.id, ...people.map((p) => p.id)];
  const rows: Record<string, unknown>[] = [];
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const cells = (k: number) => {
    const out: Record<string, unknown> = {};
    if (k % 7 !== 0) out.status = STATUS[Math.floor(rand() * 3)];
    if (k % 5 !== 0) out.person = [everyone[Math.floor(rand() * everyone.length)], ...(rand() < 0.3 ? [everyone[Math.floor(rand() * everyone.length)]] : [])];
    if (k % 4 !== 0) {
      const s = Math.floor(rand() * 300);
      out.timeline = { start: day(s), end: day(s + Math.floor(rand() * 14)) };
    }
    if (k % 3 !== 0) out.number = Math.round(rand() * 100_000) / 10;
    if (k % 2 === 0) out.text = `회의 메모 ${k}: 일정 확인 후 공유`;
    if (k % 6 === 0) out.link = { url: `https://docs.example.com/plan/${k}`, text: "기획서" };
    if (k % 2 === 1) out.check = rand() < 0.5;
    return out;
  };
  let k = 0;
  for (const groupId of groupIds) {
    const keys = generateNKeysBetween(null, null, PER_GROUP);
    for (const key of keys) {
      k++;
      rows.push({
        company_id: c, board_id: node.id, group_id: groupId, parent_id: null, sort_order: key, title: `할 일 ${k}`,
        cells: JSON.stringify(cells(k)), created_by: everyone[k % everyone.length],
        created_at: new Date(Date.UTC(2025, 0, 1) + k * 60_000).toISOString(), updated_at: new Date(Date.UTC(2025, 0, 1) + k * 60_000).toISOString(),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await sql`
      insert into todo_items (company_id, board_id, group_id, parent_id, sort_order, title, cells, created_by, created_at, updated_at)
      select company_id, board_id, group_id, parent_id, sort_order, title, cells::jsonb, created_by, created_at::timestamptz, updated_at::timestamptz
        from json_populate_recordset(null::record, ${JSON.stringify(part)}::json)
          as x(company_id bigint, board_id bigint, group_id bigint, parent_id bigint, sort_order text, title text, cells text, created_by bigint, created_at text, updated_at text)`;
  }
  // Two sub-items under every 20th item.
  const parents = await sql<{ id: string; group_id: string }[]>`
    select id, group_id from todo_items where board_id = ${node.id} and parent_id is null and id % 20 = 0 order by id`;
  const [k1, k2] = generateNKeysBetween(null, null, 2);
  const subs = parents.flatMap((p, i) => [k1, k2].map((key, j) => ({
    company_id: c, board_id: node.id, group_id: Number(p.group_id), parent_id: Number(p.id), sort_order: key, title: `하위 ${i}-${j}`,
    cells: JSON.stringify(cells(i * 2 + j)), created_by: admin.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  })));
  for (let i = 0; i < subs.length; i += 500) {
    await sql`
      insert into todo_items (company_id, board_id, group_id, parent_id, sort_order, title, cells, created_by, created_at, updated_at)
      select company_id, board_id, group_id, parent_id, sort_order, title, cells::jsonb, created_by, created_at::timestamptz, updated_at::timestamptz
        from json_populate_recordset(null::record, ${JSON.stringify(subs.slice(i, i + 500))}::json)
          as x(company_id bigint, board_id bigint, group_id bigint, parent_id bigint, sort_order text, title text, cells text, created_by bigint, created_at text, updated_at text)`;
  }
  await sql`update todo_items p set sub_cnt = 2 where p.board_id = ${node.id} and p.parent_id is null and p.id % 20 = 0`;
  for (const table of ["todo_items", "todo_groups", "todo_boards", "todo_workspace_users", "users"]) await sql`vacuum analyze ${sql(table)}`;
  return { workspaceId: ws.id, boardId: node.id, groupIds, adminId: admin.id, companyId: c, viewer, token, rand, seeded: true };
}
