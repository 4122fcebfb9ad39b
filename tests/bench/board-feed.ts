// Boards benchmark (issue 28; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/board-feed.ts [posts=100000] [replies=1000000] [samples=200]
// A company of 100 users in 5 departments with 5 boards: one big public board (60% of the posts), three more
// public ones and a private one of the viewer's department. Posts, replies and files are written in bulk with SQL
// (generate_series) from texts made beforehand out of a Korean business vocabulary with a few English words,
// words drawn with Zipf-like frequencies (회의, 공유, 일정 are everywhere, 예산안 and budget are rarer), each text
// stored with its search vector from server/modules/board/search/vectors.ts, so the gram index holds what
// real boards would hold. One post of the big board (its newest) has 5,000 replies with their children; the
// other replies spread over all posts, a fifth of them children; rows are written in time order, as a live board
// appends them (top-level replies, then the children). The viewer has read half of the posts; a third
// have reactions, a tenth tags, a fifth files. Then the feed's first page (the big board and every board, -1),
// a post with its first reply page, and searches of posts, replies and all are timed in-process through the
// whole app (targets: feed and post + replies under 20 ms p95, search under 100 ms p95).
// BENCH_DIR keeps the seeded database for the next run; BENCH_SEED_ONLY=1 stops after seeding.
import { eq } from "drizzle-orm";
import { organizationMembers, organizations, users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { fileVector, postVector, replyVector } from "../../server/modules/board/search/vectors.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench, stats } from "./support.ts";

const [POSTS = 100_000, REPLIES = 1_000_000, SAMPLES = 200] = Deno.args.map(Number);
const DOMAIN = "board-bench.test";
const PASSWORD = "Passw0rd!";
const USERS = 100;
const HOT_REPLIES = 5000;

const bench = await openBench("board", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const sql = deps.sql;
const app = buildApp({ ...deps, webDir: null });
const viewer = `viewer@${DOMAIN}`;

/** A small deterministic random source, so every run seeds the same texts. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const rand = rng(28);

// Ranked by how often they are used (Zipf-like: the word of rank k about 1/(k+2) as often as the first).
const VOCABULARY = (
  "회의 공유 일정 확인 부탁드립니다 진행 관련 업무 보고 요청 팀 프로젝트 검토 내용 자료 회의록 안내 변경 " +
  "결과 고객 담당자 의견 개선 준비 다음 주간 연차 참석 완료 사항 계획 정리 문의 일정표 영업 개발 점검 " +
  "report 월간 분기 실적 목표 교육 신청 승인 제출 마감 기한 이번 지난 오늘 내일 오전 오후 장소 회의실 " +
  "시스템 서버 배포 테스트 오류 수정 기능 요구사항 설계 문서 정책 규정 복지 휴가 출장 경비 정산 구매 " +
  "계약 견적 제안서 발표 워크숍 채용 면접 신입 입사 퇴사 인사 조직 개편 예산안 비용 절감 매출 성장 " +
  "meeting update schedule budget release review customer 피드백 설문 행사 송년회 체육대회 동호회 공지 필독 " +
  "보안 점검표 백업 네트워크 장애 대응 매뉴얼 가이드 온보딩 협업 도구 메신저 메일 캘린더 결재 품의 지출 " +
  "거래처 미팅 방문 전시회 홍보 마케팅 캠페인 브랜드 디자인 시안 촬영 영상 콘텐츠 블로그 뉴스레터"
).split(/\s+/);
const WEIGHTS = VOCABULARY.map((_, k) => 1 / (k + 2));
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);
function word(): string {
  let x = rand() * TOTAL_WEIGHT;
  for (let k = 0; k < VOCABULARY.length; k++) if ((x -= WEIGHTS[k]) <= 0) return VOCABULARY[k];
  return VOCABULARY.at(-1)!;
}
const words = (n: number) => Array.from({ length: n }, word).join(" ");
const ENDINGS = ["입니다.", "합니다.", "드립니다.", "바랍니다.", "했습니다.", "예정입니다."];
function sentences(n: number): string {
  return Array.from({ length: n }, () => `${words(4 + Math.floor(rand() * 6))} ${ENDINGS[Math.floor(rand() * ENDINGS.length)]}`).join(" ");
}

const TITLES = 3000;
const TEXTS = 2000;
const REPLY_TEXTS = 5000;
const FILE_NAMES = 500;

async function seed() {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Board bench", domain: DOMAIN, admin: { loginId: "boss", name: "관리자", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const c = adminRow.companyId;
  const organs = await deps.db.insert(organizations).values(Array.from({ length: 5 }, (_, i) => ({ companyId: c, name: `부서 ${i}`, sortOrder: i })))
    .returning();
  const NAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
  const people = await deps.db.insert(users).values(Array.from({ length: USERS }, (_, i) => ({
    companyId: c, username: i === 0 ? viewer : `user${i}@${DOMAIN}`, accountName: `${NAMES[i % 10]}사원${i}`, displayName: `${NAMES[i % 10]}사원${i}`,
    totalQuota: 10 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  }))).returning();
  await deps.db.insert(organizationMembers).values(people.map((u, p) => ({ companyId: c, organId: organs[p % 5].id, userId: u.id })));
  const userIds = `{${people.map((u) => u.id).join(",")}}`;

  const boards = await sql<{ id: string }[]>`
    insert into boards (company_id, name, description, visibility, sort_order, created_by, created_at, updated_at)
    select ${c}, name, name || ' 게시판', vis, ord, ${admin.id}, now(), now()
      from (values ('전사 게시판', 'PUBLIC', 0), ('자유 게시판', 'PUBLIC', 1), ('개발 소식', 'PUBLIC', 2), ('부서 0 게시판', 'PRIVATE', 3),
                   ('행사 안내', 'PUBLIC', 4)) v(name, vis, ord)
    returning id`;
  const boardIds = boards.map((b) => Number(b.id));
  await sql`insert into board_members (board_id, company_id, organ_id, privilege) values (${boardIds[3]}, ${c}, ${organs[0].id}, 'WRITE')`;
  await sql`insert into board_managers (board_id, company_id, user_id) select unnest(${`{${boardIds.join(",")}}`}::bigint[]), ${c}, ${admin.id}`;

  // The texts, with their vectors, in work tables the bulk inserts draw from.
  await sql`create table bench_titles (i int primary key, title text, vec tsvector)`;
  await sql`create table bench_texts (i int primary key, content text, text text, vec tsvector)`;
  await sql`create table bench_replies (i int primary key, content text, vec tsvector)`;
  await sql`create table bench_files (i int primary key, name text, vec tsvector)`;
  const put = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 1000) await sql`insert into ${sql(table)} ${sql(rows.slice(i, i + 1000) as Record<string, string>[])}`;
  };
  await put("bench_titles", Array.from({ length: TITLES }, (_, i) => {
    const title = `${words(2 + Math.floor(rand() * 4))} ${["안내", "공유", "요청", "보고", "건"][i % 5]}`;
    // A title's vector alone (weight A); the text's is added in SQL (weight B).
    return { i, title, vec: postVector(title, "") };
  }));
  await put("bench_texts", Array.from({ length: TEXTS }, (_, i) => {
    const paragraphs = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => sentences(2 + Math.floor(rand() * 5)));
    const text = paragraphs.join("\n");
    return { i, content: paragraphs.map((p) => `<p>${p}</p>`).join(""), text, vec: postVector("", text) };
  }));
  await put("bench_replies", Array.from({ length: REPLY_TEXTS }, (_, i) => {
    const text = sentences(1 + Math.floor(rand() * 3));
    return { i, content: text, vec: replyVector(text) };
  }));
  await put("bench_files", Array.from({ length: FILE_NAMES }, (_, i) => {
    const name = `${words(1 + Math.floor(rand() * 3))}_${i}.${["pdf", "xlsx", "docx", "pptx", "hwp"][i % 5]}`;
    return { i, name, vec: fileVector(name) };
  }));

  // Posts: every 10 minutes from 2024-01-01; 60% in the big board, 10% in each of the others.
  const boardArr = `{${boardIds.join(",")}}`;
  await sql`
    insert into board_posts (company_id, board_id, user_id, title, content, text, search_vector, read_count, created_at, updated_at)
    select ${c},
           (${boardArr}::bigint[])[case when g % 10 < 6 then 1 else g % 10 - 4 end],
           (${userIds}::bigint[])[1 + (g * 7) % ${USERS}],
           t.title, x.content, x.text, t.vec || x.vec, g % 37,
           timestamptz '2024-01-01 00:00:00+00' + g * interval '10 minutes',
           timestamptz '2024-01-01 00:00:00+00' + g * interval '10 minutes'
      from generate_series(1, ${POSTS}) g
      join bench_titles t on t.i = (g::bigint * 7919) % ${TITLES}
      join bench_texts x on x.i = (g::bigint * 104729) % ${TEXTS}
     order by g`;
  const [{ first }] = await sql<{ first: string }[]>`select min(id) as first from board_posts where company_id = ${c}`;
  const p0 = Number(first);
  // The hot post: the big board's newest.
  const [{ hot }] = await sql<{ hot: string }[]>`select max(id) as hot from board_posts where board_id = ${boardIds[0]}`;
  console.log(`posts: ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // Top-level replies (80%): the hot post's first, then the rest spread over all posts; a reply comes
  // 1..1000 minutes after its post.
  const top = Math.round(REPLIES * 0.8);
  const hotTop = Math.round(HOT_REPLIES * 0.8);
  await sql`
    insert into board_replies (company_id, post_id, user_id, content, search_vector, created_at, updated_at)
    select ${c}, post_id, (${userIds}::bigint[])[1 + (g * 13) % ${USERS}], r.content, r.vec, at, at
      from (select g,
                   case when g <= ${hotTop} then ${hot}::bigint else ${p0} + (g::bigint * 2654435761) % ${POSTS} end as post_id
              from generate_series(1, ${top}) g) s
      join bench_replies r on r.i = (g * 31) % ${REPLY_TEXTS}
      cross join lateral (select timestamptz '2024-01-01 00:00:00+00' + (post_id - ${p0} + 1) * interval '10 minutes'
                                 + (1 + g % 1000) * interval '1 minute' as at) a
     order by at`;
  // Children (20%): under every fourth top-level reply, a minute or more after it.
  await sql`
    insert into board_replies (company_id, post_id, parent_id, user_id, content, search_vector, created_at, updated_at)
    select ${c}, p.post_id, p.id, (${userIds}::bigint[])[1 + (p.id * 17) % ${USERS}], r.content, r.vec,
           p.created_at + interval '1 minute', p.created_at + interval '1 minute'
      from (select id, post_id, created_at from board_replies where company_id = ${c} and parent_id is null order by id) p
      join bench_replies r on r.i = (p.id * 7) % ${REPLY_TEXTS}
     where p.id % 4 = 0
     order by p.created_at`;
  console.log(`replies: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await sql`
    update board_posts p set reply_count = c.n, top_reply_count = c.top
      from (select post_id, count(*) as n, count(*) filter (where parent_id is null) as top from board_replies group by post_id) c
     where c.post_id = p.id`;
  await sql`
    update board_replies r set child_count = c.n
      from (select parent_id, count(*) as n from board_replies where parent_id is not null group by parent_id) c
     where c.parent_id = r.id`;

  // Reads (the viewer read every other post), reactions (a third of the posts, up to 3 people), tags, files.
  await sql`insert into board_post_reads (post_id, user_id, read_at) select id, ${people[0].id}, created_at from board_posts where company_id = ${c} and id % 2 = 0`;
  await sql`
    insert into board_feelings (post_id, user_id, feel_type, created_at)
    select p.id, (${userIds}::bigint[])[1 + (p.id + k * 31) % ${USERS}], (array['LIKE','CELEBRATE','COOL','CHEER_UP'])[1 + (p.id + k) % 4], p.created_at
      from board_posts p cross join generate_series(0, 2) k
     where p.company_id = ${c} and p.id % 3 = 0 and k <= p.id % 3
    on conflict do nothing`;
  await sql`update board_posts p set feel_count = f.n from (select post_id, count(*) as n from board_feelings group by post_id) f where f.post_id = p.id`;
  const tags = await sql<{ id: string }[]>`
    insert into board_tags (company_id, name, color, created_at)
    select ${c}, name, '#1c7ed6', now() from unnest(array['기획','인사','개발','영업','행사','보안','교육','공지','긴급','참고']) name returning id`;
  await sql`
    insert into board_post_tags (post_id, tag_id)
    select id, (${`{${tags.map((t) => t.id).join(",")}}`}::bigint[])[1 + (id / 10) % 10] from board_posts where company_id = ${c} and id % 10 = 0`;
  await sql`
    insert into board_files (company_id, uploader_id, post_id, name, size, content_type, blob_key, search_vector, created_at)
    select ${c}, p.user_id, p.id, f.name, 10000 + p.id % 100000, 'application/octet-stream', 'sha256/bench' || p.id, f.vec, p.created_at
      from board_posts p join bench_files f on f.i = p.id % ${FILE_NAMES}
     where p.company_id = ${c} and p.id % 5 = 0`;
  await sql`update board_posts p set file_count = 1 where p.company_id = ${c} and p.id % 5 = 0`;
  for (const table of ["bench_titles", "bench_texts", "bench_replies", "bench_files"]) await sql`drop table ${sql(table)}`;
  console.log(`seeded ${POSTS} posts, ${REPLIES} replies in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
if (existing) console.log("seeded database kept from an earlier run");
else await seed();
for (const table of ["board_posts", "board_replies", "board_files", "board_post_reads", "board_feelings", "board_post_tags"]) {
  await sql`vacuum analyze ${sql(table)}`;
}
if (Deno.env.get("BENCH_SEED_ONLY") === "1") {
  await bench.close();
  Deno.exit(0);
}

const [{ big }] = await sql<{ big: string }[]>`select b.id as big from boards b join users u on u.company_id = b.company_id
  where u.username = ${viewer} and b.name = '전사 게시판'`;
const [{ hot, n }] = await sql<{ hot: string; n: string }[]>`
  select p.id as hot, p.reply_count as n from board_posts p where p.board_id = ${big} order by p.reply_count desc limit 1`;
const counts = await sql<{ what: string; n: string }[]>`
  select 'posts' as what, count(*) as n from board_posts union all select 'replies', count(*) from board_replies
  union all select 'files', count(*) from board_files union all select 'big board posts', count(*) from board_posts where board_id = ${big}`;
console.log(`${counts.map((r) => `${r.what}: ${r.n}`).join(", ")}; hot post ${hot} with ${n} replies`);

const total = (bodies: Uint8Array[]) => {
  const first = JSON.parse(new TextDecoder().decode(bodies[0]));
  if ("totalElements" in first) return `totalElements ${first.totalElements}`;
  const parts = ["posts", "replies", "files"].filter((k) => first[k]?.content).map((k) => `${k} ${first[k].totalElements}`);
  return parts.length ? parts.join(", ") : `id ${first.id}`;
};
// A token per measured group: a whole run outlasts one access token.
const timed = async (label: string, paths: string[], target: number) =>
  await timedGets(app, await tokenOf(deps, viewer), label, paths, target, SAMPLES, total);

await timed("post/list big board page 0 (CARD)", [`/api/board/post/list?id=${big}`], 20);
await timed("post/list big board page 0 (LIST, 100 chars)", [`/api/board/post/list?id=${big}&contentSize=100`], 20);
await timed("post/list id=-1 (every board) page 0", ["/api/board/post/list?id=-1"], 20);
await timed("post/list big board page 500", [`/api/board/post/list?id=${big}&page=500`], 20);
await timed(`post/${hot}`, [`/api/board/post/${hot}`], 20);
await timed(`reply/list?postId=${hot} (${n} replies) page 0`, [`/api/board/reply/list?postId=${hot}`], 20);

// The post and its first reply page as the browser asks them: both at once.
{
  const paths = [`/api/board/post/${hot}`, `/api/board/reply/list?postId=${hot}`];
  const token = await tokenOf(deps, viewer);
  const get = async (p: string) => await (await app.request(p, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
  for (let i = 0; i < 20; i++) await Promise.all(paths.map(get));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await Promise.all(paths.map(get));
    times.push(performance.now() - t);
  }
  const s = stats(times);
  console.log(`post + reply/list together: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms` +
    `  (target p95 < 20 ms: ${s.p95 < 20 ? "met" : "NOT met"}; ${SAMPLES} calls)`);
}

const KEYWORDS = (Deno.env.get("BENCH_KEYWORDS") ?? "회의,회의록,연차,예산안,report,budget,송년회 일정,뉴스레터,없는낱말").split(",");
for (const type of ["post", "reply", "all"]) {
  for (const k of KEYWORDS) {
    await timed(`search/${type} ${k}`, [`/api/board/search/${type}?keyword=${encodeURIComponent(k)}`], 100);
  }
}
const [{ tag }] = await sql<{ tag: string }[]>`select min(t.id) as tag from board_tags t join boards b on b.company_id = t.company_id where b.id = ${big}`;
await timed("search/post tags only", [`/api/board/search/post?tags=${tag}`], 100);
await timed("search/post writer", [`/api/board/search/post?keyword=${encodeURIComponent("김사원1")}&searchType=WRITER`], 100);

await bench.close();
Deno.exit(0);
