// The flow benchmarks' projects (tests/bench/flow.ts, work-browser.ts): a company of 31 people; the viewer's
// project (made through the API, with 30 colleagues JOINED) has 10 groups and 10,000 top-level tasks (1,000 a
// group) plus 500 subtasks, written in bulk with SQL as the server writes them: fractional keys from
// generateNKeysBetween per group (LIST) and per status (KANBAN), numbering, the title's search vector
// (tasks/rules.ts titleVector), 1–2 assignees each (the viewer on about one in twelve), requesters in turn,
// statuses and priorities mixed, and start/due days spread over four months around today (a fifth without days).
// Three more projects of the viewer hold 300 tasks each. A database kept in BENCH_DIR is reused (the projects are
// not seeded again when the big one is there; the random source is then fresh).
import { generateNKeysBetween } from "fractional-indexing";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import type { buildApp } from "../../server/app.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { titleVector } from "../../server/modules/flow/tasks/rules.ts";
import { TASK_STATUSES } from "../../shared/flow/constants.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { TaskGroup } from "../../shared/flow/tasks.ts";
import { call, PASSWORD, tokenOf } from "./calendar-seed.ts";

export { PASSWORD };
export const DOMAIN = "flow-bench.test";
export const GROUPS = 10;
export const PER_GROUP = 1000;
export const PEOPLE = 30;
/** The big project's title; the three small ones. */
export const PROJECT_TITLE = "신제품 출시";
export const SMALL_PROJECTS = ["영업 관리", "사내 행사", "인프라 점검"];
const WORDS = ["회의", "보고서", "검토", "디자인", "시안", "배포", "테스트", "고객", "견적", "계약", "일정", "예산", "교육", "채용", "점검", "release", "review", "API"];
const ENDS = ["작성", "준비", "정리", "확인", "요청", "공유", "수정"];

type App = ReturnType<typeof buildApp>;

export interface FlowSeed {
  /** The project of 10,000 tasks. */
  p: FlowProject;
  adminId: number;
  companyId: number;
  /** The viewer's user name (boss@DOMAIN, every project's master). */
  viewer: string;
  token: string;
  /** The random source after seeding (flow.ts draws its moves from it, as before the split). */
  rand: () => number;
}

/** A small deterministic random source, so every run seeds the same project. */
export function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export async function seedFlowProjects(deps: AppDeps, app: App): Promise<FlowSeed> {
  const sql = deps.sql;
  const rand = rng(30);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

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

  const [kept] = await sql<{ id: string }[]>`select id from flow_projects where company_id = ${c} and title = ${PROJECT_TITLE}`;
  let p: FlowProject;
  if (kept) {
    p = await call<FlowProject>(app, token, "GET", `/api/flow/projects/${kept.id}`);
    console.log("seeded database kept from an earlier run");
  } else {
    ({ p } = await seedProject(PROJECT_TITLE, GROUPS, PER_GROUP, 500));
    for (const title of SMALL_PROJECTS) await seedProject(title, 3, 100, 0);
  }
  for (const table of ["flow_tasks", "flow_task_assignees", "flow_groups", "flow_members", "flow_projects", "users"]) await sql`vacuum analyze ${sql(table)}`;
  return { p, adminId: admin.id, companyId: c, viewer, token, rand };
}
