// Flow benchmark (issue 30; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/flow.ts [samples=200]
// A company of 31 people; the viewer's project (made through the API, with 30 colleagues JOINED) has 10 groups
// and 10,000 top-level tasks (1,000 a group) plus 500 subtasks, written in bulk with SQL as the server writes
// them: fractional keys from generateNKeysBetween per group (LIST) and per status (KANBAN), numbering, the
// title's search vector (tasks/rules.ts titleVector), 1–2 assignees each (the viewer on about one in twelve),
// requesters in turn, statuses and priorities mixed, and start/due days spread over four months around today
// (a fifth without days). Three more projects of the viewer hold 300 tasks each (flow-seed.ts, shared with
// work-browser.ts). Timed in-process through the whole app, as the server answers them (target: a first page
// under 30 ms p95):
//   projects/{p}/tasks/initial LIST (150 tasks lane after lane, every lane's count) and KANBAN (5 lanes of 50), a
//   lane's page (LIST: the first lane's second, the others' first), tasks/initial for all with filterId my, the project filtered by statuses +
//   THIS_WEEK + the search word 회의, and PUT tasks/{t}/move/LIST and /KANBAN (BEFORE a random task, so across
//   groups and statuses), with the rows each move wrote counted from their xmin.
// Writes /tmp/bench-running (this process's pid) while it runs, so other work waits.
import { sql as dsql } from "drizzle-orm";
import { buildApp } from "../../server/app.ts";
import type { Caller } from "../../server/lib/context.ts";
import { boardStatement, filtersOf, projectBoard } from "../../server/modules/flow/tasks/lists.ts";
import { type TaskBoard, taskQuery } from "../../shared/flow/tasks.ts";
import { call, timedGets, tokenOf } from "./calendar-seed.ts";
import { GROUPS, PEOPLE, seedFlowProjects } from "./flow-seed.ts";
import { type BenchEnv, runBench, stats } from "./support.ts";

const [SAMPLES = 200] = Deno.args.map(Number);

await runBench("flow", run, { keepDir: Deno.env.get("BENCH_DIR") });

async function run(bench: BenchEnv) {
  const { deps } = bench;
  const sql = deps.sql;
  const app = buildApp({ ...deps, webDir: null });
  const t0 = performance.now();
  const { p, adminId, companyId: c, viewer, token, rand } = await seedFlowProjects(deps, app);
  const admin = { id: adminId };
  const [{ n, top }] = await sql<{ n: string; top: string }[]>`
    select count(*) as n, count(*) filter (where parent_id is null) as top from flow_tasks where project_id = ${p.id}`;
  console.log(`seeded a project of ${top} top-level tasks and ${Number(n) - Number(top)} subtasks in ${GROUPS} groups, ${PEOPLE + 1} members, and 3 more projects of 300 tasks, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const describe = (bodies: Uint8Array[]) => {
    const first = JSON.parse(new TextDecoder().decode(bodies[0]));
    if ("lanes" in first) return `${first.lanes.reduce((s: number, l: { tasks: unknown[] }) => s + l.tasks.length, 0)} tasks in ${first.lanes.length} lanes of ${first.totalCount}`;
    return `${first.tasks.length} tasks, more ${first.more}`;
  };
  const timed = async (label: string, paths: string[], target: number) =>
    await timedGets(app, await tokenOf(deps, viewer), label, paths, target, SAMPLES, describe);

  const P = `/api/flow/projects/${p.id}/tasks`;
  await timed("projects/{p}/tasks/initial LIST (150 tasks, lane after lane, and the 10 groups' counts)", [`${P}/initial?viewType=LIST`], 30);
  await timed("projects/{p}/tasks/initial KANBAN (5 statuses, 50 each)", [`${P}/initial?viewType=KANBAN`], 30);
  const board = await call<TaskBoard>(app, token, "GET", `${P}/initial?viewType=LIST`);
  await timed("projects/{p}/tasks?groupId=[&after=] (a group's page of 150: the first's second, the others' first)",
    board.lanes.map((l) => `${P}?viewType=LIST&groupId=${l.groupId}${l.after ? `&after=${encodeURIComponent(l.after)}` : ""}`), 30);
  const kanban = await call<TaskBoard>(app, token, "GET", `${P}/initial?viewType=KANBAN`);
  await timed("projects/{p}/tasks?status=&after= (a status's second page of 50)",
    kanban.lanes.map((l) => `${P}?viewType=KANBAN&status=${l.status}&after=${encodeURIComponent(l.after!)}`), 30);
  await timed("tasks/initial?filterId=my LIST (all projects, assigned to me)", ["/api/flow/tasks/initial?filterId=my&viewType=LIST"], 30);
  await timed("tasks/initial?filterId=my KANBAN", ["/api/flow/tasks/initial?filterId=my&viewType=KANBAN"], 30);
  await timed("projects/{p}/tasks/initial?statuses=REQUESTED,IN_PROGRESS&rangeType=THIS_WEEK&title=회의",
    [`${P}/initial?viewType=LIST&statuses=REQUESTED,IN_PROGRESS&rangeType=THIS_WEEK&title=${encodeURIComponent("회의")}`], 30);
  await timed("projects/{p}/tasks/initial?title=release (a Latin word)", [`${P}/initial?viewType=LIST&title=release`], 30);

  // The statement alone (tasks/lists.ts boardStatement: run through the driver, rows not shaped), to tell the
  // database's share from the shaping and the JSON.
  const caller: Caller = {
    deps, ip: "127.0.0.1", userAgent: "bench",
    auth: { userId: admin.id, companyId: c, username: viewer, role: "ROLE_ADMIN", isHr: false, sessionId: "bench", actorUserId: null },
  };
  const cases: [string, number | null, Record<string, string>][] = [
    ["project LIST", p.id, { viewType: "LIST" }],
    ["project KANBAN", p.id, { viewType: "KANBAN" }],
    ["all my LIST", null, { viewType: "LIST", filterId: "my" }],
    ["all my KANBAN", null, { viewType: "KANBAN", filterId: "my" }],
    ["project LIST statuses+THIS_WEEK+회의", p.id, { viewType: "LIST", statuses: "REQUESTED,IN_PROGRESS", rangeType: "THIS_WEEK", title: "회의" }],
  ];
  for (const [label, projectId, raw] of cases) {
    const q = taskQuery.parse(raw);
    const { statement } = boardStatement(caller, projectId, q, await filtersOf(deps.db, caller, q));
    const ts: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const t = performance.now();
      await deps.db.execute(statement);
      if (i >= 20) ts.push(performance.now() - t);
    }
    const q2 = stats(ts);
    console.log(`the statement alone (${label}): p50 ${q2.p50.toFixed(1)} ms  p95 ${q2.p95.toFixed(1)} ms  max ${q2.max.toFixed(1)} ms`);
    if (Deno.env.get("BENCH_EXPLAIN") === "1") {
      const plan = await deps.db.execute<{ "QUERY PLAN": string }>(dsql`explain (analyze, buffers) ${statement}`);
      console.log(plan.map((r) => `    ${r["QUERY PLAN"]}`).join("\n"));
    }
  }

  // The whole service call in-process (no HTTP) and the JSON of its answer, for the project's LIST.
  {
    const q = taskQuery.parse({ viewType: "LIST" });
    const ts: number[] = [];
    const js: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const t = performance.now();
      const b = await projectBoard(caller, p.id, q);
      const t2 = performance.now();
      JSON.stringify(b);
      if (i >= 20) {
        ts.push(t2 - t);
        js.push(performance.now() - t2);
      }
    }
    const a = stats(ts);
    const j = stats(js);
    console.log(`projectBoard in-process (LIST): p50 ${a.p50.toFixed(1)} ms  p95 ${a.p95.toFixed(1)} ms; its JSON: p50 ${j.p50.toFixed(1)} ms  p95 ${j.p95.toFixed(1)} ms`);
  }

  // Moves: a random top-level task BEFORE a random top-level task (any group or status); the rows each wrote are
  // the rows whose xmin changed.
  const tops = (await sql<{ id: string }[]>`select id from flow_tasks where project_id = ${p.id} and parent_id is null`).map((r) => Number(r.id));
  const xmins = async () => new Map((await sql<{ id: string; x: string }[]>`select id, xmin::text as x from flow_tasks where project_id = ${p.id}`).map((r) => [r.id, r.x]));
  const COUNTED = 10;
  for (const view of ["LIST", "KANBAN"]) {
    const moveToken = await tokenOf(deps, viewer);
    const times: number[] = [];
    const written: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const id = tops[Math.floor(rand() * tops.length)];
      let target = tops[Math.floor(rand() * tops.length)];
      while (target === id) target = tops[Math.floor(rand() * tops.length)];
      const count = i >= 20 && i < 20 + COUNTED;
      const before = count ? await xmins() : null;
      const t = performance.now();
      await call(app, moveToken, "PUT", `${P}/${id}/move/${view}`, { targetId: target, position: "BEFORE" });
      const ms = performance.now() - t;
      if (i >= 20) times.push(ms);
      if (before) {
        const after = await xmins();
        let changed = 0;
        for (const [rid, x] of after) if (before.get(rid) !== x) changed++;
        written.push(changed);
      }
    }
    const s = stats(times);
    console.log(`PUT tasks/{t}/move/${view} (BEFORE a random task): p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms` +
      `  (${SAMPLES} moves; rows written by ${COUNTED} counted moves: ${written.join(", ")})`);
  }
}
