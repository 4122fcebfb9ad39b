// The boards' journey of issue 28's "Done when", in Korean, across the parts built separately: 김매니저 (영업팀
// 팀장) keeps a board private to 영업팀 and its sub-teams, with an address and an incoming filter for a partner's
// domain, and posts a must-read notice with two files, an inline image and a link; 이영업 sees it unread in the
// side pane and on 전체 게시물's notice panel, opens it (the link's preview card from the og call, read
// server-side from a loopback page), reacts and replies mentioning 박파트; 박파트 finds it in 나를 언급한 글 and
// answers mentioning 이영업; a partner's mail over SMTP becomes a post that says where it came from; 김매니저 sees
// who has not read the notice and reminds them; a post written in the popup editor opened from the side pane
// shows in the main window with the success text. Screenshots: test-results/e2e/board-journey/.
import { Buffer } from "node:buffer";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { BoardFile, Post, PostSummary } from "../../shared/board/posts.ts";
import type { Reply } from "../../shared/board/replies.ts";
import type { Page as Paged } from "../../shared/paging.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { login } from "../support/test-app.ts";
import { boardApi, boardCompany, setBoards } from "../board/support.ts";
import { PW } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";

// The og call reads the partner's page from loopback: private hosts are allowed in this app only.
const e = await startE2E("board-journey", { OG_ALLOW_PRIVATE_HOSTS: "true" });
const A = await boardCompany(e.t, "board-journey.test");
await setBoards(e.t, A.admin, true);
const api = boardApi(e.t);
const { manager: kim, sales: lee } = A;

// A fourth member of 영업팀 who never opens the notice.
const newcomer = await e.t.call("POST", "/api/admin/users", {
  token: A.admin.token,
  json: { loginId: "jung", accountName: "정신입", password: PW, organIds: [A.organs.sales], requestPasswordChange: false },
});
expect(newcomer.status).toBe(201);
await login(e.t, `jung@${A.co.domain}`, PW);

// A 2x2 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

// The partner's web page, with Open Graph tags and an image.
const site = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
  const path = new URL(req.url).pathname;
  if (path === "/og.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
  if (path !== "/catalog") return new Response("not here", { status: 404 });
  return new Response(
    `<!doctype html><html><head><meta charset="utf-8"><title>카탈로그</title>
      <meta property="og:title" content="2025 제품 카탈로그">
      <meta property="og:description" content="신제품과 가격표를 한눈에 확인하세요.">
      <meta property="og:image" content="/og.png">
      <meta property="og:site_name" content="파트너상사"></head><body>카탈로그</body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );
});
const siteUrl = `http://127.0.0.1:${site.addr.port}/catalog`;
// partner.example sends from loopback (SPF pass).
const smtp = await listen(e.t.deps, localResolver({ "partner.example": ["v=spf1 ip4:127.0.0.1 -all"] }));
afterAll(async () => {
  await site.shutdown();
});

async function upload(name: string, bytes: Uint8Array | string, type: string, inline = false): Promise<BoardFile> {
  const form = new FormData();
  form.append("file", new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name, { type }));
  const res = await e.t.app.request(`/api/board/file${inline ? "?inline=true" : ""}`, {
    method: "POST",
    headers: { authorization: `Bearer ${kim.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return await res.json() as BoardFile;
}

// 김매니저's department board: 영업팀 and its sub-teams may write; an address and the partner's domain as a filter.
const board = await api.ok<BoardDetail>(201, "POST", "", kim, {
  name: "영업팀 게시판",
  description: "영업팀 공지와 자료",
  visibility: "PRIVATE",
  members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
});
await api.ok(200, "PUT", `${board.id}/mail/address`, kim, { localPart: "sales" });
await api.ok(201, "POST", `${board.id}/mail/filter`, kim, { direction: "IN", classifier: "DOMAIN", content: "partner.example" });

const inline = await upload("조직도.png", PNG, "image/png", true);
const plan = await upload("상반기 계획.txt", "상반기 영업 계획\n", "text/plain");
const prices = await upload("단가표.png", PNG, "image/png");
const notice = await api.ok<Post>(201, "POST", "post", kim, {
  boardId: board.id,
  title: "상반기 영업 계획 공유 (필독)",
  content: `<p>이번 상반기 영업 계획입니다. 모두 확인해 주세요.</p><p><img data-file-id="${inline.id}"></p>` +
    `<p>거래처 카탈로그: <a href="${siteUrl}">파트너상사 카탈로그</a></p>`,
  isNotice: true,
  mustRead: true,
  fileIds: [plan.id, prices.id],
});

const postPath = (postId: number) => `/board/view/${postId}/${encodeURIComponent(JSON.stringify({ boardId: board.id }))}`;
const opened: Page[] = [];
async function open(loginId: string, path: string): Promise<Page> {
  const { page } = await e.newPage();
  opened.push(page);
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, A.co.domain, PW, path);
  return page;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.context().close()));
});
async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}
const side = (p: Page) => p.getByRole("navigation", { name: "게시판 메뉴" });
const replyList = (p: Page) => p.getByRole("list", { name: "댓글 목록" });

describe("a department board's must-read notice", () => {
  test("이영업: unread in the side pane and the notice panel, the post with its link preview, a reaction and a reply", async () => {
    const p = await open("lee", "/board/all");
    const boardLink = side(p).getByRole("link", { name: /^영업팀 게시판/ });
    await expect.poll(() => boardLink.textContent(), { timeout: 5000 }).toContain("읽지 않은 글 1개");
    const panel = p.getByRole("region", { name: "공지사항" });
    await panel.getByRole("link", { name: "상반기 영업 계획 공유 (필독)", exact: true }).click();
    await p.getByRole("heading", { level: 1, name: "상반기 영업 계획 공유 (필독)" }).waitFor();

    // The first external link's preview: the partner page's og tags, its image loaded from the partner.
    const preview = p.getByRole("complementary", { name: "링크 미리보기" });
    const card = preview.getByRole("link");
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toBe("파트너상사2025 제품 카탈로그신제품과 가격표를 한눈에 확인하세요.");
    expect(await card.getAttribute("href")).toBe(siteUrl);
    expect(await card.getAttribute("target")).toBe("_blank");
    await expect.poll(() => preview.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 5000 }).toBe(2);
    await p.getByRole("region", { name: "첨부파일 2개" }).waitFor();
    await look(p, "ko-notice");

    // Read: the side pane's count goes.
    await expect.poll(() => boardLink.textContent(), { timeout: 5000 }).not.toContain("읽지 않은 글");

    await p.getByRole("region", { name: "공감" }).getByRole("button", { name: /^좋아요 \d+$/ }).click();
    await expect.poll(async () => (await api.ok<Post>(200, "GET", `post/${notice.id}`, lee)).feelCount, { timeout: 5000 }).toBe(1);

    const box = p.getByRole("combobox", { name: "댓글 쓰기" });
    await box.click();
    await box.pressSequentially("확인했습니다. @박");
    await p.getByRole("listbox", { name: "언급할 동료" }).getByRole("option", { name: /^박파트/ }).waitFor();
    await box.press("Enter");
    await box.pressSequentially("님도 확인 부탁드려요.");
    await box.press("Control+Enter");
    await replyList(p).getByRole("group", { name: "이영업님의 댓글" }).filter({ hasText: "확인했습니다." }).waitFor();
  });

  test("박파트 finds it among the mentions and answers 이영업 with a mention", async () => {
    const p = await open("park", "/board/mention");
    await p.getByRole("link", { name: "상반기 영업 계획 공유 (필독)" }).first().click();
    await p.getByRole("heading", { level: 1, name: "상반기 영업 계획 공유 (필독)" }).waitFor();
    const reply = replyList(p).getByRole("group", { name: "이영업님의 댓글" }).filter({ hasText: "확인했습니다." });
    await reply.getByRole("button", { name: "답글", exact: true }).click();
    const answerBox = p.getByRole("combobox", { name: "이영업님의 댓글에 답글 쓰기" });
    await answerBox.pressSequentially("@이영");
    await p.getByRole("listbox", { name: "언급할 동료" }).getByRole("option", { name: /^이영업/ }).waitFor();
    await answerBox.press("Enter");
    await answerBox.pressSequentially("님 확인했어요.");
    await answerBox.press("Control+Enter");
    await p.getByRole("list", { name: "이영업님의 댓글에 달린 답글" }).getByRole("group", { name: "박파트님의 댓글" }).waitFor();
    await look(p, "ko-replies");
    // 이영업 finds it among his mentions too.
    const mentions = await api.ok<Paged<PostSummary>>(200, "GET", "post/list?id=-3", lee);
    expect(mentions.content.map((s) => s.id)).toContain(notice.id);
    const [top] = (await api.ok<Paged<Reply>>(200, "GET", `reply/list?postId=${notice.id}`, kim)).content;
    expect(top.children?.content.map((r) => r.mentions.map((m) => m.id))).toEqual([[lee.id]]);
  });

  test("a partner's mail becomes a post through the board's filter and says where it came from", async () => {
    const raw = await compose({
      from: "최대리 <choi@partner.example>",
      to: `sales@${A.co.domain}`,
      subject: "3월 견적서 송부",
      text: "안녕하세요. 3월 견적서를 보내드립니다.",
      attachments: [{ filename: "견적서.txt", content: Buffer.from("품목,수량\n복합기,2\n") }],
      messageId: "<quote-march@partner.example>",
    });
    const sent = await sendRaw(smtp.port, { from: "choi@partner.example", to: [`sales@${A.co.domain}`] }, raw);
    expect(sent.ok, sent.response).toBe(true);
    let mailPost: PostSummary | undefined;
    await expect.poll(async () => {
      mailPost = (await api.ok<Paged<PostSummary>>(200, "GET", `post/list?id=${board.id}`, lee)).content.find((s) => s.title === "3월 견적서 송부");
      return mailPost?.mailFrom;
    }, { timeout: 10_000 }).toBe("choi@partner.example");

    const p = await open("lee", `/board/${board.id}`);
    await p.getByRole("link", { name: "3월 견적서 송부" }).first().click();
    await p.getByRole("heading", { level: 1, name: "3월 견적서 송부" }).waitFor();
    await p.getByText("메일로 받은 글 (choi@partner.example)", { exact: true }).waitFor();
    await p.getByRole("region", { name: "첨부파일 1개" }).getByText("견적서.txt", { exact: true }).waitFor();
    await look(p, "ko-mail-post");
  });

  test("김매니저 sees who has not read the notice and reminds them", async () => {
    const p = await open("kim", postPath(notice.id));
    await p.getByRole("toolbar", { name: "게시물 작업" }).getByRole("button", { name: "읽음 확인" }).click();
    const dialog = p.getByRole("dialog", { name: "읽음 확인" });
    await dialog.getByRole("tab", { name: "안 읽음 1" }).click();
    expect(await dialog.getByRole("tabpanel").getByRole("listitem").allTextContents()).toEqual(["정신입"]);
    await dialog.getByRole("tab", { name: "읽음 3" }).click();
    // Each reader with the time they read it.
    const read = await dialog.getByRole("tabpanel").getByRole("listitem").allTextContents();
    expect(read.map((r) => r.split(" ")[0]).sort()).toEqual(["김매니저", "박파트", "이영업"].sort());
    await dialog.getByRole("button", { name: "다시 알림" }).click();
    await dialog.getByRole("status").getByText("읽지 않은 1명에게 다시 알렸습니다.").waitFor();
    await look(p, "ko-read-list");
  });

  test("the popup editor opened from the side pane: the saved post and its success text in the main window", async () => {
    const p = await open("lee", `/board/${board.id}`);
    const [popup] = await Promise.all([
      p.context().waitForEvent("page"),
      side(p).getByRole("button", { name: "새 창에서 글쓰기", exact: true }).click(),
    ]);
    popup.setDefaultTimeout(15_000);
    await popup.getByRole("textbox", { name: "제목" }).fill("거래처 방문 일정");
    await popup.locator(".ProseMirror").click();
    await popup.keyboard.type("다음 주 화요일에 방문합니다.");
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "등록", exact: true }).click();
    await closed;
    await p.getByRole("heading", { level: 1, name: "거래처 방문 일정" }).waitFor();
    await p.getByRole("status").getByText("게시물을 등록했습니다.", { exact: true }).waitFor();
    const shown = await api.ok<Paged<PostSummary>>(200, "GET", `post/list?id=${board.id}`, lee);
    expect(shown.content.some((s) => s.title === "거래처 방문 일정" && s.userId === lee.id)).toBe(true);
    await look(p, "ko-popup-saved");
  });
});
