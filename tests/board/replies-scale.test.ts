// reply/list on a post with a large thread (100,000 replies seeded in one statement): the first page reads a few
// index entries (board_replies_post_idx for the top-level page, board_replies_parent_idx for each one's first
// children), never the thread: the plans are checked (index scans, no sequential scan of board_replies, a few
// rows and buffers read), not the clock. totalElements comes from board_posts.top_reply_count.
// Measured once with TOP = 1,000,000 (issue 28): EXPLAIN ANALYZE 0.09 ms for the top-level page (4 buffers) and
// 0.28 ms for the ten replies' first children (32 buffers); the whole call's time was the same as on a post
// with 1,000 replies (the request's fixed work: auth, the board's privilege), so the thread's size adds nothing.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { Reply } from "../../shared/board/replies.ts";
import type { Page } from "../../shared/paging.ts";
import { firstChildrenQuery, topPageQuery } from "../../server/modules/board/replies/repo.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany;
let postId: number;
const TOP = 100_000;
const KIDS = 15; // under each of the first 10 top-level replies
const BASE = "2026-01-01T00:00:00Z";

beforeAll(async () => {
  t.clock.set(new Date("2026-06-01T00:00:00Z"));
  A = await boardCompany(t, "replies-scale.test");
  const now = t.clock.now().toISOString();
  const [b] = await t.db.sql<{ id: string }[]>`
    insert into boards (company_id, name, created_at, updated_at) values (${A.co.companyId}, '자유게시판', ${now}, ${now}) returning id`;
  const [p] = await t.db.sql<{ id: string }[]>`
    insert into board_posts (company_id, board_id, user_id, title, content, created_at, updated_at)
    values (${A.co.companyId}, ${b.id}, ${A.sales.id}, '백만 댓글', '<p>x</p>', ${now}, ${now}) returning id`;
  postId = Number(p.id);
  // A million top-level replies, each a millisecond apart, and children under the first ten.
  await t.db.sql`
    insert into board_replies (company_id, post_id, user_id, content, created_at, updated_at)
    select ${A.co.companyId}, ${postId}, ${A.dev.id}, '댓글 ' || i, ${BASE}::timestamptz + i * interval '1 ms', ${BASE}::timestamptz + i * interval '1 ms'
      from generate_series(1, ${TOP}) as i`;
  await t.db.sql`
    insert into board_replies (company_id, post_id, parent_id, user_id, content, created_at, updated_at)
    select ${A.co.companyId}, ${postId}, top.id, ${A.manager.id}, '답글 ' || top.n || '-' || k,
           ${BASE}::timestamptz + (${TOP} + top.n * 100 + k) * interval '1 ms', ${BASE}::timestamptz + (${TOP} + top.n * 100 + k) * interval '1 ms'
      from (select id, row_number() over (order by created_at, id) as n from board_replies
             where post_id = ${postId} and parent_id is null order by created_at, id limit 10) top,
           generate_series(1, ${KIDS}) as k`;
  await t.db.sql`update board_replies set child_count = ${KIDS} where id in (
    select id from board_replies where post_id = ${postId} and parent_id is null order by created_at, id limit 10)`;
  await t.db.sql`update board_posts set reply_count = ${TOP + 10 * KIDS}, top_reply_count = ${TOP} where id = ${postId}`;
  await t.db.sql`analyze board_replies`;
}, 600_000);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
}

async function plan(query: ReturnType<typeof topPageQuery>) {
  const [row] = await t.deps.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`explain (analyze, buffers, format json) ${query}`);
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(row["QUERY PLAN"][0].Plan);
  return { root: row["QUERY PLAN"][0].Plan, nodes };
}

test("the first page: ten top-level replies oldest first, each with its first ten children", async () => {
  const page = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${postId}`, A.sales);
  expect(page).toMatchObject({ totalElements: TOP, totalPages: TOP / 10, page: 0 });
  expect(page.content.map((r) => r.replyContent)).toEqual(Array.from({ length: 10 }, (_, i) => `댓글 ${i + 1}`));
  expect(page.content[0].children!.totalElements).toBe(KIDS);
  expect(page.content[0].children!.content.map((r) => r.replyContent)).toEqual(Array.from({ length: 10 }, (_, k) => `답글 1-${k + 1}`));
  expect(page.content[9].children!.content).toHaveLength(10);
  expect(await api.ok(200, "GET", `reply/count?postId=${postId}`, A.sales)).toEqual({ count: TOP + 10 * KIDS });
});

test("the plans read the indexes, a few rows and buffers, never the thread", async () => {
  const top = await plan(topPageQuery(A.co.companyId, postId, 10, 0));
  const scans = top.nodes.filter((n) => n["Relation Name"] === "board_replies");
  expect(scans.map((n) => [n["Node Type"], n["Index Name"]])).toEqual([["Index Scan", "board_replies_post_idx"]]);
  expect(scans[0]["Actual Rows"]).toBe(10);
  expect(top.root["Shared Hit Blocks"] + top.root["Shared Read Blocks"]).toBeLessThan(100);

  const ids = (await t.db.sql<{ id: string }[]>`
    select id from board_replies where post_id = ${postId} and parent_id is null order by created_at, id limit 10`).map((r) => Number(r.id));
  const kids = await plan(firstChildrenQuery(A.co.companyId, ids, 10));
  const kidScans = kids.nodes.filter((n) => n["Relation Name"] === "board_replies");
  expect(kidScans.map((n) => [n["Node Type"], n["Index Name"]])).toEqual([["Index Scan", "board_replies_parent_idx"]]);
  expect(kidScans[0]["Actual Rows"] * kidScans[0]["Actual Loops"]).toBe(100);
  expect(kids.root["Shared Hit Blocks"] + kids.root["Shared Read Blocks"]).toBeLessThan(300);
});
