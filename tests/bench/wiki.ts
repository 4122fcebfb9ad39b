// Wiki benchmark (issue 29; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/wiki.ts [docs=20000] [samples=200]
// A company of 60 people in 6 organisations (two of them sub-teams) with a wiki of 20,000 documents: 30 at the
// top, each new one under a random document of depth 1–4 (so the tree is 3–5 deep where most documents are),
// written in bulk with SQL from texts made beforehand out of a Korean handbook vocabulary with a few English
// words (Zipf-like frequencies: 회의, 공유, 일정 are everywhere, 예산안 and budget rarer), 1–3 KB each, stored as the
// documents' writer stores them (content/store.ts contentOf: the schema's HTML and its plain text; docVector:
// the title's lexemes as A, the text's as B). Some sub-trees have permissions of their own: two top-level
// documents only for another department, one for the viewer's department with sub-teams, and 40 deeper sub-trees
// for a person or an organisation (about a fifth of them reach the viewer). The viewer (ROLE_USER) has read 500
// documents and has 20 favourites. Timed in-process through the whole app: open a document (GET docs/{id}, the
// page every click shows), the tree's first level (GET docs/summaries), a level deeper, search with a two-syllable
// Korean word and with Latin words, recent and favourites (targets: open and first level under 20 ms p95, search
// under 100 ms p95).
// BENCH_DIR keeps the seeded database for the next run; BENCH_SEED_ONLY=1 stops after seeding.
import { eq } from "drizzle-orm";
import { organizationMembers, organizations, users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { contentOf, docVector } from "../../server/modules/wiki/content/store.ts";
import { timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench } from "./support.ts";

const [DOCS = 20_000, SAMPLES = 200] = Deno.args.map(Number);
const DOMAIN = "wiki-bench.test";
const PASSWORD = "Passw0rd!";
const USERS = 60;
const TOP = 30;
const MAX_DEPTH = 5;

const bench = await openBench("wiki", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const sql = deps.sql;
const app = buildApp({ ...deps, webDir: null });
const viewer = `viewer@${DOMAIN}`;

/** A small deterministic random source, so every run seeds the same wiki. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const rand = rng(29);
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

// Ranked by how often they are used (the word of rank k about 1/(k+2) as often as the first).
const VOCABULARY = (
  "회의 공유 일정 확인 업무 절차 안내 관련 진행 담당자 팀 프로젝트 검토 내용 자료 회의록 변경 기준 정책 " +
  "규정 가이드 매뉴얼 온보딩 신규 입사자 계정 권한 신청 승인 결재 보고 요청 작성 방법 예시 템플릿 양식 " +
  "release 배포 서버 시스템 테스트 오류 장애 대응 점검 보안 백업 네트워크 개발 환경 설정 설치 API 문서 " +
  "설계 요구사항 기능 개선 품질 고객 영업 계약 견적 제안서 거래처 미팅 방문 마케팅 캠페인 브랜드 디자인 " +
  "교육 신입 채용 면접 인사 평가 복지 휴가 연차 출장 경비 정산 구매 지출 품의 예산안 비용 매출 목표 실적 " +
  "분기 월간 주간 연간 계획 review meeting budget schedule customer update onboarding 체크리스트 FAQ " +
  "문의 답변 참고 링크 첨부 용어 정의 조직 개편 역할 책임 협업 도구 메신저 메일 캘린더 위키 게시판 드라이브 " +
  "송년회 워크숍 동호회 행사 공지 필독 사내 규칙 근무 재택 출근 퇴근 시간 장소 회의실 예약 비품 주차"
).split(/\s+/);
const WEIGHTS = VOCABULARY.map((_, k) => 1 / (k + 2));
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);
function word(): string {
  let x = rand() * TOTAL_WEIGHT;
  for (let k = 0; k < VOCABULARY.length; k++) if ((x -= WEIGHTS[k]) <= 0) return VOCABULARY[k];
  return VOCABULARY.at(-1)!;
}
const words = (n: number) => Array.from({ length: n }, word).join(" ");
const ENDINGS = ["입니다.", "합니다.", "하세요.", "바랍니다.", "했습니다.", "예정입니다.", "참고하세요."];
const sentence = () => `${words(4 + Math.floor(rand() * 6))} ${pick(ENDINGS)}`;

const TITLES = 4000;
const TEXTS = 800;

/** An HTML text of about 1–3 KB: headings, paragraphs, a list. */
function html(): string {
  const parts: string[] = [];
  const sections = 3 + Math.floor(rand() * 4);
  for (let s = 0; s < sections; s++) {
    parts.push(`<h2>${words(2 + Math.floor(rand() * 2))}</h2>`);
    parts.push(`<p>${Array.from({ length: 3 + Math.floor(rand() * 6) }, sentence).join(" ")}</p>`);
    if (rand() < 0.4) parts.push(`<ul>${Array.from({ length: 3 }, () => `<li><p>${words(3)}</p></li>`).join("")}</ul>`);
  }
  return parts.join("");
}

interface Node {
  i: number;
  id: number;
  parent: number; // index, -1 at the top
  depth: number;
  sort: number;
  path: string;
  aclFrom: number | null;
  children: number;
}

async function seed() {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Wiki bench", domain: DOMAIN, admin: { loginId: "boss", name: "관리자", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const c = adminRow.companyId;
  const names = ["경영지원팀", "영업팀", "개발팀", "마케팅팀", "영업1파트", "개발1파트"];
  const organs: { id: number }[] = [];
  for (const [k, name] of names.entries()) {
    const parentId: number | null = k === 4 ? organs[1].id : k === 5 ? organs[2].id : null;
    organs.push((await deps.db.insert(organizations).values({ companyId: c, name, parentId, sortOrder: k }).returning())[0]);
  }
  const NAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
  const people = await deps.db.insert(users).values(Array.from({ length: USERS }, (_, i) => ({
    companyId: c, username: i === 0 ? viewer : `user${i}@${DOMAIN}`, accountName: `${NAMES[i % 10]}사원${i}`,
    displayName: `${NAMES[i % 10]}사원${i}`, totalQuota: 10 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  }))).returning();
  // The viewer is in 개발1파트 (under 개발팀).
  await deps.db.insert(organizationMembers).values(people.map((u, p) => ({ companyId: c, organId: organs[p === 0 ? 5 : p % 6].id, userId: u.id })));
  const userIds = people.map((u) => u.id);

  // The texts, as the writer stores them, in work tables the bulk insert draws from.
  await sql`create table bench_titles (i int primary key, title text, vec tsvector)`;
  await sql`create table bench_texts (i int primary key, html text, plain text, vec tsvector)`;
  const put = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 500) await sql`insert into ${sql(table)} ${sql(rows.slice(i, i + 500) as Record<string, string>[])}`;
  };
  await put("bench_titles", Array.from({ length: TITLES }, (_, i) => {
    const title = `${words(1 + Math.floor(rand() * 3))} ${["안내", "가이드", "회의록", "정리", "절차", "FAQ", "계획"][i % 7]}`;
    return { i, title, vec: docVector(title, "") };
  }));
  let bytes = 0;
  await put("bench_texts", Array.from({ length: TEXTS }, (_, i) => {
    const c = contentOf(html());
    bytes += new TextEncoder().encode(c.html).byteLength;
    return { i, html: c.html, plain: c.plain, vec: docVector("", c.plain) };
  }));
  console.log(`texts: ${((performance.now() - t0) / 1000).toFixed(0)} s, HTML ${(bytes / TEXTS / 1024).toFixed(1)} KB on average`);

  // The tree: ids reserved first so paths are written with the rows.
  const ids = (await sql<{ id: string }[]>`select nextval('wiki_docs_id_seq') as id from generate_series(1, ${DOCS})`).map((r) => Number(r.id));
  const nodes: Node[] = [];
  const open: number[] = []; // documents a new one may go under (depth < MAX_DEPTH)
  for (let i = 0; i < DOCS; i++) {
    const parent = i < TOP ? -1 : pick(open);
    const p = parent >= 0 ? nodes[parent] : null;
    const depth = p ? p.depth + 1 : 1;
    const n: Node = { i, id: ids[i], parent, depth, sort: p ? p.children++ : i, path: p ? `${p.path}/${ids[i]}` : String(ids[i]), aclFrom: null, children: 0 };
    nodes.push(n);
    if (depth < MAX_DEPTH) open.push(i);
  }
  // Permissions of their own: tops 1 and 2 for 영업팀 only, top 3 for 개발팀 with its sub-teams (the viewer's),
  // and 40 deeper documents for a person or an organisation.
  const perms: { doc: number; user: number | null; organ: number | null; level: string; children: boolean }[] = [];
  const restricted = new Set<number>();
  const restrict = (i: number, rows: Omit<(typeof perms)[number], "doc">[]) => {
    restricted.add(i);
    for (const r of rows) perms.push({ doc: ids[i], ...r });
  };
  restrict(1, [{ user: null, organ: organs[1].id, level: "WRITE", children: true }, { user: userIds[1], organ: null, level: "OWNER", children: true }]);
  restrict(2, [{ user: null, organ: organs[1].id, level: "READ", children: false }, { user: userIds[7], organ: null, level: "OWNER", children: true }]);
  restrict(3, [{ user: null, organ: organs[2].id, level: "WRITE", children: true }, { user: userIds[2], organ: null, level: "OWNER", children: true }]);
  const deeper = nodes.filter((n) => n.depth >= 2 && n.depth <= 3 && n.i > 100);
  for (let k = 0; k < 40; k++) {
    let n = pick(deeper);
    while (restricted.has(n.i)) n = pick(deeper);
    const who = k % 5 === 0 ? { user: userIds[0], organ: null } : k % 2 ? { user: null, organ: organs[k % 4].id } : { user: userIds[1 + k], organ: null };
    restrict(n.i, [{ ...who, level: "READ", children: true }, { user: userIds[50 + (k % 9)], organ: null, level: "OWNER", children: true }]);
  }
  for (const n of nodes) n.aclFrom = restricted.has(n.i) ? n.id : n.parent >= 0 ? nodes[n.parent].aclFrom : null;

  await sql`create table bench_tree (i int primary key, id bigint, parent_id bigint, depth int, sort int, path text, acl_from bigint, creator bigint)`;
  await put("bench_tree", nodes.map((n) => ({
    i: n.i, id: n.id, parent_id: n.parent >= 0 ? nodes[n.parent].id : null, depth: n.depth, sort: n.sort, path: n.path,
    acl_from: n.aclFrom, creator: userIds[1 + (n.i * 7) % (USERS - 1)],
  })));
  // Documents made every 20 minutes from 2025-01-01 in tree order (a parent before its children); a third were
  // changed later.
  await sql`
    insert into wiki_docs (id, company_id, parent_id, type, status, title, text, plain, search_vector, sort_order, path, depth, acl_from,
                           created_by, updated_by, created_at, updated_at)
    select b.id, ${c}, b.parent_id, 'document', 'PUBLISHED', t.title, x.html, x.plain, t.vec || x.vec, b.sort, b.path, b.depth, b.acl_from,
           b.creator, b.creator, timestamptz '2025-01-01 00:00:00+00' + b.i * interval '20 minutes',
           timestamptz '2025-01-01 00:00:00+00' + b.i * interval '20 minutes' + case when b.i % 3 = 0 then (b.i % 5000) * interval '7 minutes' else interval '0' end
      from bench_tree b
      join bench_titles t on t.i = (b.i::bigint * 7919) % ${TITLES}
      join bench_texts x on x.i = (b.i::bigint * 104729) % ${TEXTS}
     order by b.i`;
  await sql`insert into wiki_permissions ${sql(perms.map((p) => ({
    company_id: c, doc_id: p.doc, user_id: p.user, organ_id: p.organ, access_level: p.level, include_children: p.children,
  })))}`;
  // The viewer's reads (500 documents over the last months) and favourites (20).
  await sql`
    insert into wiki_reads (user_id, doc_id, company_id, read_at)
    select ${userIds[0]}, id, ${c}, timestamptz '2026-06-01 00:00:00+00' + (id % 500) * interval '1 hour'
      from wiki_docs where company_id = ${c} and id % 40 = 7`;
  await sql`
    insert into wiki_favorites (company_id, user_id, doc_id, sort_order, created_at)
    select ${c}, ${userIds[0]}, id, row_number() over (order by id), now() from wiki_docs where company_id = ${c} and id % 1000 = 11`;
  for (const table of ["bench_titles", "bench_texts", "bench_tree"]) await sql`drop table ${sql(table)}`;
  console.log(`seeded ${DOCS} documents, ${perms.length} permission rows on ${restricted.size} documents in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
if (existing) console.log("seeded database kept from an earlier run");
else await seed();
for (const table of ["wiki_docs", "wiki_permissions", "wiki_reads", "wiki_favorites", "users", "organizations", "organization_members"]) {
  await sql`vacuum analyze ${sql(table)}`;
}
if (Deno.env.get("BENCH_SEED_ONLY") === "1") {
  await bench.close();
  Deno.exit(0);
}

const [{ company }] = await sql<{ company: string }[]>`select company_id as company from users where username = ${viewer}`;
const shape = await sql<{ depth: number; n: string; restricted: string }[]>`
  select depth, count(*) as n, count(*) filter (where acl_from is not null) as restricted from wiki_docs where company_id = ${company} group by depth order by depth`;
console.log(`documents by depth: ${shape.map((r) => `${r.depth}: ${r.n} (${r.restricted} under permissions)`).join(", ")}`);

// Documents to open: readable ones at every depth, some with many children, some under permissions.
const token = await tokenOf(deps, viewer);
const targets = await sql<{ id: string }[]>`
  select d.id from wiki_docs d where d.company_id = ${company} and (d.id % 97 = 0 or d.parent_id is null) order by d.id limit 400`;
const openable: string[] = [];
for (const { id } of targets) {
  const r = await app.request(`/api/wiki/docs/${id}/summary`, { headers: { authorization: `Bearer ${token}` } });
  await r.body?.cancel();
  if (r.status === 200) openable.push(id);
}
const [{ big }] = await sql<{ big: string }[]>`
  select d.id as big from wiki_docs d where d.company_id = ${company} and d.parent_id is null and d.acl_from is null
   order by (select count(*) from wiki_docs c where c.parent_id = d.id) desc limit 1`;
console.log(`opening ${openable.length} readable documents of ${targets.length} sampled`);

const describe = (bodies: Uint8Array[]) => {
  const first = JSON.parse(new TextDecoder().decode(bodies[0]));
  if ("totalElements" in first) return `totalElements ${first.totalElements}`;
  if (Array.isArray(first)) return `${first.length} items`;
  if ("children" in first) return `e.g. ${first.children.length} children, ${first.breadcrumbs.length} crumbs`;
  return `${first.documents?.length ?? 0} documents`;
};
// A token per measured group: a whole run outlasts one access token.
const timed = async (label: string, paths: string[], target: number) =>
  await timedGets(app, await tokenOf(deps, viewer), label, paths, target, SAMPLES, describe);

await timed("docs/{id} (open a document)", openable.map((id) => `/api/wiki/docs/${id}`), 20);
await timed("docs/{id}?trackRecent=true", openable.map((id) => `/api/wiki/docs/${id}?trackRecent=true`), 20);
await timed("docs/summaries (top level)", ["/api/wiki/docs/summaries"], 20);
await timed(`docs/summaries?parentId=${big} (the biggest top-level document)`, [`/api/wiki/docs/summaries?parentId=${big}`], 20);
const KEYWORDS = (Deno.env.get("BENCH_KEYWORDS") ?? "회의,공유,예산안,회의록,review,budget,release,송년회 일정,없는낱말").split(",");
for (const type of ["all", "title"]) {
  for (const k of KEYWORDS) await timed(`docs/search?type=${type} ${k}`, [`/api/wiki/docs/search?keyword=${encodeURIComponent(k)}&type=${type}`], 100);
}
await timed("users/recent", ["/api/wiki/users/recent"], 20);
await timed("users/favorites", ["/api/wiki/users/favorites"], 20);

await bench.close();
Deno.exit(0);
