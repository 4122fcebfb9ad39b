// Flow benchmark (issue 30; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/flow.ts [samples=200]
// A company of 31 people; the viewer's project (made through the API, with 30 colleagues JOINED) has 10 groups
// and 10,000 top-level tasks (1,000 a group) plus 500 subtasks, written in bulk with SQL as the server writes
// them: fractional keys from generateNKeysBetween per group (LIST) and per status (KANBAN), numbering, the
// title's search vector (tasks/rules.ts titleVector), 1–2 assignees each (the viewer on about one in twelve),
// requesters in turn, statuses and priorities mixed, and start/due days spread over four months around today
// (a fifth without days). Three more projects of the viewer hold 300 tasks each. Timed in-process through the
// whole app, as the server answers them (target: a first page under 30 ms p95):
//   projects/{p}/tasks/initial LIST (150 tasks lane after lane, every lane's count) and KANBAN (5 lanes of 50), a
//   lane's page (LIST: the first lane's second, the others' first), tasks/initial for all with filterId my, the project filtered by statuses +
//   THIS_WEEK + the search word 회의, and PUT tasks/{t}/move/LIST and /KANBAN (BEFORE a random task, so across
//   groups and statuses), with the rows each move wrote counted from their xmin.
// Writes /tmp/bench-running (this process's pid) while it runs, so other work waits.
import { generateNKeysBetween } from "fractional-indexing";
import { eq, sql as dsql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import type { Caller } from "../../server/lib/context.ts";
import { boardStatement, filtersOf, projectBoard } from "../../server/modules/flow/tasks/lists.ts";
import { titleVector } from "../../server/modules/flow/tasks/rules.ts";
import { TASK_STATUSES } from "../../shared/flow/constants.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import { type TaskBoard, type TaskGroup, taskQuery } from "../../shared/flow/tasks.ts";
import { call, PASSWORD, timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench, stats } from "./support.ts";

const [SAMPLES = 200] = Deno.args.map(Number);
const DOMAIN = "flow-bench.test";
const GROUPS = 10;
const PER_GROUP = 1000;
const PEOPLE = 30;
const MARK = "/tmp/bench-running";
const WORDS = ["회의", "보고서", "검토", "디자인", "시안", "배포", "테스트", "고객", "견적", "계약", "일정", "예산", "교육", "채용", "점검", "release", "review", "API"];
const ENDS = ["작성", "준비", "정리", "확인", "요청", "공유", "수정"];

await Deno.writeTextFile(MARK, String(Deno.pid));
const bench = await openBench("flow", { keepDir: Deno.env.get("BENCH_DIR") });
try {
  await run();
} finally {
  await bench.close();
  await Deno.remove(MARK).catch(() => {});
}
Deno.exit(0);

/** A small deterministic random source, so every run seeds the same project. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function run() {
  const { deps } = bench;
  const sql = deps.sql;
  const app = buildApp({ ...deps, webDir: null });
  const rand = rng(30);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const t0 = performance.now();

  const viewerName = `boss@${DOMAIN}`;
  let [adminRow] = await deps.db.select().from(users).where(eq(users.username, viewerName));
  if (!adminRow) {
    const { admin: made } = await createCompanyWithAdmin(deps, {
      name: "Flow bench", domain: DOMAIN, admin: { loginId: "boss", name: "김대표", password: PASSWORD },
    });
    [adminRow] = await deps.db.select().from(users).where(eq(users.id, made.id));
    const NAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
    await deps.db.insert(users).values(Array.from({ length: PEOPLE }, (_, i) => ({
      companyId: adminRow.companyId, username: `user${i}@${DOMAIN}`, accountName: `${NAMES[i % 10]}사원${i}`, displayName: `${NAMES[i % 10]}사원${i}`,
      totalQuota: 10 * 1024 ** 3, passwordHash: adminRow.passwordHash,
    })));
  }
  const admin = { id: adminRow.id };
  const c = adminRow.companyId;
  const people = (await deps.db.select().from(users).where(eq(users.companyId, c))).filter((u) => u.id !== admin.id);
  const viewer = `boss@${DOMAIN}`;
  const token = await tokenOf(deps, viewer);
  const everyone = [admin.id, ...people.map((p) => p.id)];
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);

  /** A project of the viewer with every colleague JOINED, `groups` groups and `perGroup` tasks in each. */
  async function seedProject(title: string, groups: number, perGroup: number, subtasks: number): Promise<{ p: FlowProject }> {
    const p = await call<FlowProject>(app, token, "POST", "/api/flow/projects", { title });
    await sql`insert into flow_members ${sql(people.map((u) => ({
      project_id: p.id, user_id: u.id, company_id: c, authority: "MEMBER", state: "JOINED", requested_at: now.toISOString(), joined_at: now.toISOString(),
    })))}`;
    for (let g = 1; g < groups; g++) await call(app, token, "POST", `/api/flow/projects/${p.id}/groups`, { title: `${g}단계` });
    const groupIds = (await call<TaskGroup[]>(app, token, "GET", `/api/flow/projects/${p.id}/groups`)).map((g) => g.id);
    const n = groups * perGroup;
    const statuses = Array.from({ length: n }, () => pick(TASK_STATUSES));
    const kanbanKeys = new Map(TASK_STATUSES.map((s) => [s, generateNKeysBetween(null, null, statuses.filter((x) => x === s).length)]));
    const rows: Record<string, unknown>[] = [];
    const assignees: { task: number; user: number }[] = [];
    let k = 0;
    for (const groupId of groupIds) {
      for (const key of generateNKeysBetween(null, null, perGroup)) {
        const status = statuses[k];
        const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(ENDS)} ${k + 1}`;
        const dated = rand() >= 0.2;
        const start = Math.floor(rand() * 120) - 60;
        rows.push({
          company_id: c, project_id: p.id, group_id: groupId, title, content: "", status, priority: pick(["URGENT", "HIGH", "NORMAL", "NORMAL", "LOW"]),
          progress: Math.floor(rand() * 100), start_date: dated && rand() < 0.8 ? day(start) : null, due_date: dated ? day(start + Math.floor(rand() * 14)) : null,
          completed_at: status === "COMPLETED" ? now.toISOString() : null, list_sort_order: key, kanban_sort_order: kanbanKeys.get(status)!.shift()!,
          registration_order: k + 1, search_vector: titleVector(title), requester_id: everyone[k % everyone.length],
          created_at: new Date(today - (n - k) * 60_000).toISOString(), updated_at: now.toISOString(),
        });
        k++;
      }
    }
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await sql<{ id: string }[]>`
        insert into flow_tasks (company_id, project_id, group_id, title, content, status, priority, progress, start_date, due_date, completed_at,
                                list_sort_order, kanban_sort_order, registration_order, search_vector, requester_id, created_at, updated_at)
        select company_id, project_id, group_id, title, content, status, priority, progress, start_date::date, due_date::date, completed_at::timestamptz,
               list_sort_order, kanban_sort_order, registration_order, search_vector::tsvector, requester_id, created_at::timestamptz, updated_at::timestamptz
          from json_populate_recordset(null::record, ${JSON.stringify(rows.slice(i, i + 500))}::json)
            as x(company_id bigint, project_id bigint, group_id bigint, title text, content text, status text, priority text, progress int,
                 start_date text, due_date text, completed_at text, list_sort_order text, kanban_sort_order text, registration_order bigint,
                 search_vector text, requester_id bigint, created_at text, updated_at text)
        returning id`;
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    for (const id of ids) {
      const first = everyone[1 + Math.floor(rand() * PEOPLE)];
      assignees.push({ task: id, user: rand() < 1 / 12 ? admin.id : first });
      if (rand() < 0.4) assignees.push({ task: id, user: everyone[1 + Math.floor(rand() * PEOPLE)] });
    }
    const uniq = [...new Map(assignees.map((a) => [`${a.task}:${a.user}`, a])).values()];
    for (let i = 0; i < uniq.length; i += 2000) {
      await sql`insert into flow_task_assignees ${sql(uniq.slice(i, i + 2000).map((a) => ({ task_id: a.task, user_id: a.user, company_id: c, project_id: p.id })))}`;
    }
    // Subtasks: two under each of the first tasks of every tenth.
    const parents = ids.filter((_, i) => i % 10 === 0).slice(0, subtasks / 2);
    const [s1, s2] = generateNKeysBetween(null, null, 2);
    let reg = n;
    const subs = parents.flatMap((parent) => [s1, s2].map((key) => ({
      company_id: c, project_id: p.id, group_id: rows[ids.indexOf(parent)].group_id, parent_id: parent, title: `하위 업무 ${++reg}`,
      status: "REQUESTED", list_sort_order: key, kanban_sort_order: key, registration_order: reg, search_vector: titleVector(`하위 업무 ${reg}`),
      requester_id: admin.id, created_at: now.toISOString(), updated_at: now.toISOString(),
    })));
    for (let i = 0; i < subs.length; i += 500) {
      await sql`
        insert into flow_tasks (company_id, project_id, group_id, parent_id, title, status, list_sort_order, kanban_sort_order, registration_order,
                                search_vector, requester_id, created_at, updated_at)
        select company_id, project_id, group_id, parent_id, title, status, list_sort_order, kanban_sort_order, registration_order, search_vector::tsvector,
               requester_id, created_at::timestamptz, updated_at::timestamptz
          from json_populate_recordset(null::record, ${JSON.stringify(subs.slice(i, i + 500))}::json)
            as x(company_id bigint, project_id bigint, group_id bigint, parent_id bigint, title text, status text, list_sort_order text,
                 kanban_sort_order text, registration_order bigint, search_vector text, requester_id bigint, created_at text, updated_at text)`;
    }
    if (parents.length) await sql`update flow_tasks set sub_cnt = 2 where id = any(${parents}::bigint[])`;
    await sql`update flow_projects set task_seq = ${reg} where id = ${p.id}`;
    return { p };
  }

  const [kept] = await sql<{ id: string }[]>`select id from flow_projects where company_id = ${c} and title = '신제품 출시'`;
  let p: FlowProject;
  if (kept) {
    p = await call<FlowProject>(app, token, "GET", `/api/flow/projects/${kept.id}`);
    console.log("seeded database kept from an earlier run");
  } else {
    ({ p } = await seedProject("신제품 출시", GROUPS, PER_GROUP, 500));
    for (const title of ["영업 관리", "사내 행사", "인프라 점검"]) await seedProject(title, 3, 100, 0);
  }
  for (const table of ["flow_tasks", "flow_task_assignees", "flow_groups", "flow_members", "flow_projects", "users"]) await sql`vacuum analyze ${sql(table)}`;
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
