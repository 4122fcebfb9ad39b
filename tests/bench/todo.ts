// To-do benchmark (issue 30; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/todo.ts [samples=200]
// A company of 41 people; a workspace the viewer (its owner) and 40 colleagues follow; one board made through
// the API with a column of every type (STATUS with 3 labels, PERSON, two TIMELINEs, NUMBER, TEXT, LINK, CHECK,
// CREATED_LOG) and 20 groups, then 5,000 top-level items (250 a group) and 500 sub-items (two under every
// 20th item) written in bulk with SQL, every cell type filled on most items (fractional keys as the server makes
// them: generateNKeysBetween; todo-seed.ts, shared with work-browser.ts). Timed in-process through the whole app,
// as the server answers them:
//   GET board/{id} (the entry: header, 20 groups, the first 50 items of each, people, filters; target under
//   30 ms p95), GET board/{id}/group/{g}/items?after= (a group's next page), the entry filtered by STATUS IS
//   완료 and PERSON IS me, and PUT item/{id}/move (BEFORE a random item of a random group, so across groups too),
//   with the rows each move wrote counted from their xmin (the moved row only: 1).
// Writes /tmp/bench-running (this process's pid) while it runs, so other work waits.
import { eq, sql as dsql } from "drizzle-orm";
import { buildApp } from "../../server/app.ts";
import { todoBoards } from "../../db/schema/todo.ts";
import type { Caller } from "../../server/lib/context.ts";
import { firstItemPages, firstPagesSql } from "../../server/modules/todo/items/pages.ts";
import { headerOf } from "../../server/modules/todo/items/present.ts";
import type { FilterRow } from "../../shared/todo/boards.ts";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { call, timedGets, tokenOf } from "./calendar-seed.ts";
import { type BenchEnv, runBench, stats } from "./support.ts";
import { GROUPS, PEOPLE, seedTodoBoard } from "./todo-seed.ts";

const [SAMPLES = 200] = Deno.args.map(Number);

await runBench("todo", run);

async function run(bench: BenchEnv) {
  const { deps } = bench;
  const sql = deps.sql;
  const app = buildApp({ ...deps, webDir: null });
  const t0 = performance.now();
  const { boardId, groupIds, adminId, companyId: c, viewer, token, rand } = await seedTodoBoard(deps, app);
  const node = { id: boardId };
  const admin = { id: adminId };
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
