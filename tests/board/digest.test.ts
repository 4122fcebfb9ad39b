// The daily digest (digest/job.ts): from 08:00 (Seoul) each day, one mail to each person with
// board_user_configs.digest on, over real SMTP on loopback, in their language, telling what others did since
// their last digest: new posts in boards they follow, mentions of them, replies and reactions to their posts
// grouped per post, must-read posts they have not read; nothing when nothing happened; once a day even with
// two passes at once; nothing of boards they may not read or of another company.
import { beforeAll, describe, expect, test } from "vitest";
import type { Reply } from "../../shared/board/replies.ts";
import { digestBoundary, sendDigests } from "../../server/modules/board/digest/job.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardCast, type BoardCompany } from "./support.ts";

const t = await createTestApp();
let A: BoardCompany, B: BoardCompany;
let api: Awaited<ReturnType<typeof boardCast>>["api"];

/** An instant in Seoul (UTC+9). */
const seoul = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);

async function board(co: BoardCompany, name: string, o: { visibility?: "PUBLIC" | "PRIVATE"; organs?: number[] } = {}) {
  const now = t.clock.now().toISOString();
  const [b] = await t.db.sql<{ id: string }[]>`
    insert into boards (company_id, name, visibility, created_at, updated_at)
    values (${co.co.companyId}, ${name}, ${o.visibility ?? "PUBLIC"}, ${now}, ${now}) returning id`;
  for (const organ of o.organs ?? []) {
    await t.db.sql`insert into board_members (board_id, company_id, organ_id, privilege) values (${b.id}, ${co.co.companyId}, ${organ}, 'WRITE')`;
  }
  return Number(b.id);
}

async function post(co: BoardCompany, boardId: number, userId: number, title: string, mustRead = false) {
  const now = t.clock.now().toISOString();
  const [p] = await t.db.sql<{ id: string }[]>`
    insert into board_posts (company_id, board_id, user_id, title, content, text, must_read, created_at, updated_at)
    values (${co.co.companyId}, ${boardId}, ${userId}, ${title}, ${`<p>${title}</p>`}, ${title}, ${mustRead}, ${now}, ${now}) returning id`;
  return Number(p.id);
}

async function digestOn(co: BoardCompany, userId: number, last: Date | null) {
  await t.db.sql`
    insert into board_user_configs (user_id, company_id, digest, last_digest_at) values (${userId}, ${co.co.companyId}, true, ${last?.toISOString() ?? null})
    on conflict (user_id) do update set digest = true, last_digest_at = excluded.last_digest_at`;
}

const follow = (co: BoardCompany, userId: number, boardId: number) =>
  t.db.sql`insert into board_user_states (board_id, user_id, company_id, following) values (${boardId}, ${userId}, ${co.co.companyId}, true)`;

/** Runs the digest at a Seoul time; answers the mails it sent. */
async function runAt(date: string, time: string) {
  t.clock.set(seoul(date, time));
  const before = t.smtp.messages.length;
  const sent = await sendDigests(t.deps);
  const mails = t.smtp.messages.slice(before);
  expect(mails).toHaveLength(sent);
  return mails;
}

let open: number, notices: number, sales: number;
let salesReport: number, mustRead: number;

beforeAll(async () => {
  // Everyone signs in at 09:50, shortly before the day's news (access tokens expire on the same clock).
  t.clock.set(seoul("2026-06-01", "09:50"));
  ({ api, A, B } = await boardCast(t, "digest"));
  // 최개발 asks for the digest himself (PUT config); the job's next pass only notes since when (no mail).
  expect((await api.ok(200, "PUT", "config", A.dev, { digest: true })).digest).toBe(true);
  expect(await runAt("2026-06-01", "09:55")).toEqual([]);
  const [dev] = await t.db.sql<{ last_digest_at: Date }[]>`select last_digest_at from board_user_configs where user_id = ${A.dev.id}`;
  expect(new Date(dev.last_digest_at).toISOString()).toBe(seoul("2026-06-01", "09:55").toISOString());
  await t.db.sql`update users set language_type = 'en' where id = ${A.dev.id}`;
  open = await board(A, "자유게시판");
  notices = await board(A, "공지");
  sales = await board(A, "영업팀", { visibility: "PRIVATE", organs: [A.organs.sales] });
  await follow(A, A.sales.id, open);
  await follow(A, A.sales.id, sales);
  await follow(A, A.dev.id, sales); // 최개발 follows a board he may not read (any longer)
  t.clock.set(seoul("2026-06-01", "07:00"));
  await post(A, open, A.dev.id, "지난 글"); // before the last digest
  // The last digests: 2026-06-01 08:00.
  for (const u of [A.sales, A.salesPart]) await digestOn(A, u.id, seoul("2026-06-01", "08:00"));
  await digestOn(B, B.sales.id, seoul("2026-06-01", "08:00"));

  // The day's news, 10:00.
  t.clock.set(seoul("2026-06-01", "10:00"));
  await post(A, open, A.dev.id, "주간 회의록 공유");
  await post(A, open, A.manager.id, "점심 메뉴 추천");
  await post(A, open, A.sales.id, "내가 쓴 글"); // his own: not news to him
  await post(A, notices, A.manager.id, "팔로우하지 않은 게시판의 글");
  await post(A, sales, A.manager.id, "영업팀 주간 목표");
  salesReport = await post(A, open, A.sales.id, "영업 보고");
  await api.ok<Reply>(201, "POST", "reply", A.dev, { postId: salesReport, replyContent: "Looks good" });
  await api.ok<Reply>(201, "POST", "reply", A.manager, { postId: salesReport, replyContent: `@[이영업](user:${A.sales.id}) 수고했어요` });
  await api.ok<Reply>(201, "POST", "reply", A.sales, { postId: salesReport, replyContent: "감사합니다" }); // his own
  for (const [who, feelType] of [[A.dev, "LIKE"], [A.manager, "CELEBRATE"], [A.salesPart, "LIKE"], [A.admin, "COOL"], [A.sales, "LIKE"]] as const) {
    await api.ok(200, "PUT", "feeling", who, { postId: salesReport, feelType });
  }
  mustRead = await post(A, notices, A.manager.id, "보안 교육 필독", true);
  await api.ok(200, "PUT", `post/${mustRead}/view`, A.salesPart);
  // 최개발's post gets a reply from 박파트.
  const devPost = await post(A, notices, A.dev.id, "Deploy notes");
  await api.ok<Reply>(201, "POST", "reply", A.salesPart, { postId: devPost, replyContent: "확인" });
  // Company B's news reach nobody in A.
  await post(B, await board(B, "B 게시판"), B.dev.id, "B 회사 글");
});

describe("the daily digest", () => {
  test("not before 08:00 Seoul of the next day", async () => {
    expect(digestBoundary(seoul("2026-06-02", "07:59")).toISOString()).toBe(seoul("2026-06-01", "08:00").toISOString());
    expect(digestBoundary(seoul("2026-06-02", "08:00")).toISOString()).toBe(seoul("2026-06-02", "08:00").toISOString());
    expect(await runAt("2026-06-01", "23:00")).toEqual([]);
    expect(await runAt("2026-06-02", "07:59")).toEqual([]);
  });

  test("one mail to each person with news, in their language; two passes at once send each once", async () => {
    t.clock.set(seoul("2026-06-02", "08:05"));
    const before = t.smtp.messages.length;
    const [a, b] = await Promise.all([sendDigests(t.deps), sendDigests(t.deps)]);
    const mails = t.smtp.messages.slice(before);
    expect(mails).toHaveLength(a + b);
    // 이영업 and 최개발; 박파트 read the must-read and nothing else happened to him; B's 이영업 had no news.
    expect(mails.map((m) => m.to[0]).sort()).toEqual([A.sales.username, A.dev.username].sort());

    const ko = mails.find((m) => m.to.includes(A.sales.username))!;
    expect(ko.subject).toBe("[게시판] 오늘의 게시판 소식");
    const lines = ko.text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("http"));
    expect(lines).toEqual([
      "이영업님, 지난 소식 이후 게시판에 새로운 소식이 있습니다.",
      "■ 팔로우한 게시판의 새 게시글 3건",
      "· 주간 회의록 공유 - 최개발 (자유게시판)",
      "· 점심 메뉴 추천 - 김매니저 (자유게시판)",
      "· 영업팀 주간 목표 - 김매니저 (영업팀)",
      "■ 나를 언급한 글 1건",
      "· 영업 보고 - 김매니저님이 언급 (자유게시판)",
      "■ 내 게시글의 새 댓글",
      "· '영업 보고'에 댓글 2개",
      "■ 내 게시글의 반응",
      "· '영업 보고'에 반응 4개",
      "■ 읽지 않은 필독 게시글 1건",
      "· 보안 교육 필독 - 김매니저 (공지)",
      "게시판 열기: http://localhost:8080/#/board",
    ]);
    expect(ko.text).toContain(`http://localhost:8080/#/board/view/${salesReport}/${encodeURIComponent(JSON.stringify({ boardId: open }))}`);

    const en = mails.find((m) => m.to.includes(A.dev.username))!;
    expect(en.subject).toBe("[Boards] Your daily board digest");
    expect(en.text).toContain("New replies to your posts\n· 1 new reply on 'Deploy notes'");
    expect(en.text).toContain("1 must-read post you have not read\n· 보안 교육 필독 - 김매니저 (공지)");
    // He follows 영업팀 but may not read it: its post is not told.
    expect(en.text).not.toContain("영업팀 주간 목표");
    expect(en.text).not.toContain("new posts in boards you follow");

    const [row] = await t.db.sql<{ last_digest_at: Date }[]>`select last_digest_at from board_user_configs where user_id = ${A.salesPart.id}`;
    expect(new Date(row.last_digest_at).toISOString()).toBe(seoul("2026-06-02", "08:05").toISOString());
  });

  test("later that day nothing; the next day only what is new since (here: the must-read still unread)", async () => {
    expect(await runAt("2026-06-02", "18:00")).toEqual([]);
    const next = await runAt("2026-06-03", "08:00");
    expect(next.map((m) => m.to[0]).sort()).toEqual([A.sales.username, A.dev.username].sort());
    const ko = next.find((m) => m.to.includes(A.sales.username))!;
    expect(ko.text).not.toContain("팔로우한 게시판");
    expect(ko.text).not.toContain("반응");
    expect(ko.text).toContain("■ 읽지 않은 필독 게시글 1건");
  });

  test("nothing happened: no mail", async () => {
    await t.db.sql`insert into board_post_reads (post_id, user_id, read_at) values (${mustRead}, ${A.sales.id}, now()), (${mustRead}, ${A.dev.id}, now())`;
    expect(await runAt("2026-06-04", "08:00")).toEqual([]);
    // Digest off: nothing either, even with news.
    await t.db.sql`update board_user_configs set digest = false where user_id = ${A.sales.id}`;
    t.clock.set(seoul("2026-06-04", "12:00"));
    await post(A, open, A.dev.id, "새 소식");
    expect(await runAt("2026-06-05", "08:00")).toEqual([]);
  });
});
