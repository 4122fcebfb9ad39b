// To-do benchmark (issue 30; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/todo.ts [samples=200]
// A company of 41 people; a workspace the viewer (its owner) and 40 colleagues follow; one board made through
// the API with a column of every type (STATUS with 3 labels, PERSON, two TIMELINEs, NUMBER, TEXT, LINK, CHECK,
// CREATED_LOG) and 20 groups, then 5,000 top-level items (250 a group) and 500 sub-items (two under every
// 20th item) written in bulk with SQL, every cell type filled on most items (fractional keys as the server makes
// them: generateNKeysBetween). Timed in-process through the whole app, as the server answers them:
//   GET board/{id} (the entry: header, 20 groups, the first 50 items of each, people, filters; target under
//   30 ms p95), GET board/{id}/group/{g}/items?after= (a group's next page), the entry filtered by STATUS IS
//   완료 and PERSON IS me, and PUT item/{id}/move (BEFORE a random item of a random group, so across groups too),
//   with the rows each move wrote counted from their xmin (the moved row only: 1).
// Writes /tmp/bench-running (this process's pid) while it runs, so other work waits.
import { generateNKeysBetween } from "fractional-indexing";
import { eq, sql as dsql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { todoBoards } from "../../db/schema/todo.ts";
import type { Caller } from "../../server/lib/context.ts";
import { firstItemPages, firstPagesSql } from "../../server/modules/todo/items/pages.ts";
import { headerOf } from "../../server/modules/todo/items/present.ts";
import type { FilterRow } from "../../shared/todo/boards.ts";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { call, PASSWORD, timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench, stats } from "./support.ts";

const [SAMPLES = 200] = Deno.args.map(Number);
const DOMAIN = "todo-bench.test";
const GROUPS = 20;
const PER_GROUP = 250;
const PEOPLE = 40;
const MARK = "/tmp/bench-running";

await Deno.writeTextFile(MARK, String(Deno.pid));
const bench = await openBench("todo");
try {
  await run();
} finally {
  await bench.close();
  await Deno.remove(MARK).catch(() => {});
}
Deno.exit(0);

/** A small deterministic random source, so every run seeds the same board. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function run() {
  const { deps } = bench;
  const sql = deps.sql;
  const app = buildApp({ ...deps, webDir: null });
  const rand = rng(30);
  const t0 = performance.now();

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
  const viewer = `boss@${DOMAIN}`;
  const token = await tokenOf(deps, viewer);

  const ws = await call<TodoWorkspace>(app, token, "POST", "/api/todo/workspace", { title: "출시 준비", emoji: "🚀", color: "#579bfc" });
  await sql`insert into todo_workspace_users ${sql(people.map((p) => ({ workspace_id: ws.id, user_id: p.id, company_id: c, created_at: new Date().toISOString() })))}`;
  const node = await call<TodoBoardNode>(app, token, "POST", `/api/todo/board/${ws.id}`, {
    title: "2025 출시 계획",
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
  const [{ n, top }] = await sql<{ n: string; top: string }[]>`
    select count(*) as n, count(*) filter (where parent_id is null) as top from todo_items where board_id = ${node.id}`;
  console.log(`seeded a board of ${top} top-level items and ${Number(n) - Number(top)} sub-items in ${GROUPS} groups, ${PEOPLE + 1} followers, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const describe = (bodies: Uint8Array[]) => {
    const first = JSON.parse(new TextDecoder().decode(bodies[0]));
    if ("groups" in first) return `${first.items.length} items of ${first.groups.length} groups, ${first.organUserList.length} people`;
    return `${first.items.length} items, more ${first.more}`;
  };
  const timed = async (label: string, paths: string[], target: number) =>
    await timedGets(app, await tokenOf(deps, viewer), label, paths, target, SAMPLES, describe);

  await timed("GET board/{id} (the entry, no filter)", [`/api/todo/board/${node.id}?filterId=0`], 30);
  const entry = await call<BoardEntry>(app, token, "GET", `/api/todo/board/${node.id}?filterId=0`);
  const nextPages = groupIds.map((g) => {
    const last = entry.items.filter((i) => i.groupId === g).at(-1)!;
    return `/api/todo/board/${node.id}/group/${g}/items?after=${encodeURIComponent(last.sortOrder)}&filterId=0`;
  });
  await timed("GET board/{id}/group/{g}/items?after= (a group's second page of 50)", nextPages, 30);
  const filters = encodeURIComponent(JSON.stringify([
    { column: "status", condition: "IS", values: ["완료"] },
    { column: "person", condition: "IS", values: ["me"] },
  ]));
  await timed("GET board/{id}?filters= (STATUS IS 완료 and PERSON IS me)", [`/api/todo/board/${node.id}?filters=${filters}`], 30);

  // The items' part of the entry alone (items/pages.ts firstItemPages: its one statement and shaping the rows).
  const caller: Caller = {
    deps, ip: "127.0.0.1", userAgent: "bench",
    auth: { userId: admin.id, companyId: c, username: viewer, role: "ROLE_ADMIN", isHr: false, sessionId: "bench", actorUserId: null },
  };
  const [boardRow] = await deps.db.select().from(todoBoards).where(eq(todoBoards.id, node.id));
  const header = headerOf(boardRow.header);
  const meDone: FilterRow[] = [{ column: "status", condition: "IS", values: ["완료"] }, { column: "person", condition: "IS", values: ["me"] }];
  for (const [label, filter] of [["no filter", []], ["STATUS IS 완료 and PERSON IS me", meDone]] as [string, FilterRow[]][]) {
    const ts: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const t = performance.now();
      await firstItemPages(deps.db, caller, boardRow, header, filter);
      if (i >= 20) ts.push(performance.now() - t);
    }
    const q = stats(ts);
    console.log(`firstItemPages in-process (${label}): p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  max ${q.max.toFixed(1)} ms`);
    if (Deno.env.get("BENCH_EXPLAIN") === "1") {
      const plan = await deps.db.execute<{ "QUERY PLAN": string }>(dsql`explain (analyze, buffers) ${firstPagesSql(caller, boardRow, header, filter)}`);
      console.log(plan.map((r) => `    ${r["QUERY PLAN"]}`).join("\n"));
    }
  }

  // Moves: a random top-level item BEFORE a random top-level item of a random group; the rows each wrote are
  // the rows whose xmin is the move's transaction.
  const tops = (await sql<{ id: string }[]>`select id from todo_items where board_id = ${node.id} and parent_id is null`).map((r) => Number(r.id));
  const moveToken = await tokenOf(deps, viewer);
  const times: number[] = [];
  const written: number[] = [];
  const xmins = async () => new Map((await sql<{ id: string; x: string }[]>`select id, xmin::text as x from todo_items where board_id = ${node.id}`).map((r) => [r.id, r.x]));
  const COUNTED = 10;
  for (let i = 0; i < SAMPLES + 20; i++) {
    const id = tops[Math.floor(rand() * tops.length)];
    let target = tops[Math.floor(rand() * tops.length)];
    while (target === id) target = tops[Math.floor(rand() * tops.length)];
    const count = i >= 20 && i < 20 + COUNTED;
    const before = count ? await xmins() : null;
    const t = performance.now();
    const moved = await call<TodoItem>(app, moveToken, "PUT", `/api/todo/item/${id}/move`, { boardId: node.id, targetItemId: target, position: "BEFORE" });
    const ms = performance.now() - t;
    if (i >= 20) times.push(ms);
    if (before) {
      const after = await xmins();
      // A moved parent carries its sub-items' group_id: those rows are written too when it changes group.
      const subRows = (await sql<{ n: string }[]>`select count(*) as n from todo_items where parent_id = ${moved.id}`)[0].n;
      let changed = 0;
      for (const [rid, x] of after) if (before.get(rid) !== x) changed++;
      written.push(changed);
      if (changed !== 1) console.log(`  move of ${id} wrote ${changed} rows (${subRows} sub-items)`);
    }
  }
  const s = stats(times);
  console.log(`PUT item/{id}/move (BEFORE a random item, any group): p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms` +
    `  (${SAMPLES} moves; rows written by ${COUNTED} counted moves: ${written.join(", ")})`);
}
