// The boards' frame and lists in a real browser (issue 28): a company's boards and posts made through the API;
// 이영업 sees the side pane (special folders with unread counts, the tree of a group, a board and its
// sub-board, walked with the arrow keys), the notice panel of 전체 게시물, a board's feed and list (the switch
// remembered in his board config) and its pages; 김매니저 moves, marks and deletes selected posts, restores,
// moves, deletes for good and empties the trash, and takes a post off the notices; an unknown, a forbidden and
// a malformed board address go to /board with the validation notice, a special folder's name works; the same
// screens in English at phone width (the drawer) and in Indonesian. Screenshots under test-results/e2e/board-lists/.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { type Lang, strings } from "./support/walk-i18n.ts";
import { boardApi, boardCompany, makeBoard, makePost } from "../board/support.ts";
import type { Post } from "../../shared/board/posts.ts";
import type { BoardConfig } from "../../shared/board/config.ts";
import type { BoardTree } from "../../shared/board/boards.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("board-lists");
const B = await boardCompany(e.t, "board-lists.test");
const api = boardApi(e.t);
const { manager: kim, sales: lee } = B;

const group = await makeBoard(e.t, kim, { name: "영업본부", boardType: "GROUP" });
const salesBoard = await makeBoard(e.t, kim, { name: "영업팀 게시판", parentId: group.id });
const partBoard = await makeBoard(e.t, kim, { name: "영업1파트 자료실", parentId: salesBoard.id });
const free = await makeBoard(e.t, kim, { name: "자유게시판" });
const devOnly = await makeBoard(e.t, kim, {
  name: "개발팀 비공개",
  visibility: "PRIVATE",
  members: { users: [], organs: [{ organId: B.organs.dev, includeChildren: true, privilege: "WRITE" }] },
});
const tag = await api.ok<{ id: number }>(201, "POST", "config/tag", kim, { name: "긴급", color: "#e03131" });

const minutes: Post[] = [];
for (let i = 1; i <= 12; i++) {
  e.t.clock.advance(1000);
  minutes.push(await makePost(e.t, kim, { boardId: free.id, title: `주간 회의록 ${i}`, content: `<p>${i}주차 회의 내용을 공유합니다. 다음 회의는 월요일입니다.</p>` }));
}
e.t.clock.advance(1000);
const notice = await makePost(e.t, kim, { boardId: salesBoard.id, title: "4분기 영업 목표 공지", isNotice: true });
e.t.clock.advance(1000);
await makePost(e.t, kim, { boardId: salesBoard.id, title: "신규 거래처 방문 보고", tagIds: [tag.id] });
e.t.clock.advance(1000);
await makePost(e.t, lee, { boardId: free.id, title: "점심 메뉴 추천" });
e.t.clock.advance(1000);
await makePost(e.t, kim, { boardId: free.id, title: "사내 동호회 회원 모집", isNotice: true });
const titled = (n: number) => minutes[n - 1];

async function open(loginId: string, path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, B.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();

describe("board lists", () => {
  test("the side pane, the notice panel, a board's feed and list, its pages", async () => {
    const p = await open("lee", "/board");
    await p.waitForURL(/#\/board\/all$/);
    await p.getByRole("heading", { level: 1, name: /^전체 게시물/ }).waitFor();
    const side = p.getByRole("navigation", { name: "게시판 메뉴" });
    await side.getByRole("button", { name: "글쓰기", exact: true }).waitFor();
    for (const f of ["전체 게시물", "내가 쓴 글", "나를 언급한 글", "공지", "휴지통"]) {
      await side.getByRole("link", { name: new RegExp(`^${f}`) }).first().waitFor();
    }
    // The tree's unread counts: 김매니저's 12 minutes, the notice and the report (at least) for 전체 게시물.
    const tree = await api.ok<BoardTree>(200, "GET", "list", lee);
    const allUnread = tree.boards.find((b) => b.id === -1)!.unreadCount;
    expect(allUnread).toBeGreaterThanOrEqual(15);
    await expect(side.getByRole("link", { name: /^전체 게시물/ }).textContent()).resolves.toContain(`읽지 않은 글 ${allUnread}개`);
    await side.getByRole("link", { name: "숨긴 게시판", exact: true }).waitFor();
    await side.getByRole("link", { name: "게시판 설정", exact: true }).waitFor();
    const panel = p.getByRole("region", { name: "공지사항" });
    await panel.getByRole("link", { name: "4분기 영업 목표 공지", exact: true }).waitFor();
    const report = p.getByRole("listitem").filter({ has: p.getByRole("link", { name: "신규 거래처 방문 보고", exact: true }) });
    await report.getByRole("list", { name: "태그" }).getByText("긴급", { exact: true }).waitFor();
    await report.getByText("읽지 않음", { exact: true }).waitFor();
    await look(p, "ko-all");

    // The tree by keyboard: ↓ from the group to its board, ← folds the board, → unfolds it, ← ← back to the group.
    const groupButton = side.getByRole("button", { name: "영업본부", exact: true });
    await expect(groupButton.getAttribute("aria-expanded")).resolves.toBe("true");
    const salesLink = side.getByRole("link", { name: /^영업팀 게시판/ });
    await expect(salesLink.textContent()).resolves.toContain("읽지 않은 글 2개");
    await groupButton.focus();
    await p.keyboard.press("ArrowDown");
    await expect.poll(() => salesLink.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press("ArrowLeft");
    await expect.poll(() => side.getByRole("link", { name: "영업1파트 자료실", exact: true }).count()).toBe(0);
    await p.keyboard.press("ArrowRight");
    await side.getByRole("link", { name: "영업1파트 자료실", exact: true }).waitFor();
    await p.keyboard.press("ArrowLeft");
    await p.keyboard.press("ArrowLeft");
    await expect.poll(() => groupButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press("Enter");
    await expect.poll(() => groupButton.getAttribute("aria-expanded")).toBe("false");
    await p.keyboard.press("Enter");
    await side.getByRole("link", { name: /^영업팀 게시판/ }).waitFor();

    // 자유게시판 as a feed: its notice first, then 10 of its 13 other posts; then the second page.
    await side.getByRole("link", { name: /^자유게시판/ }).click();
    await p.getByRole("heading", { level: 1, name: /^자유게시판/ }).waitFor();
    await p.getByText("자유게시판 게시판", { exact: true }).waitFor();
    await p.getByRole("button", { name: "구독", exact: true }).waitFor();
    const feed = p.getByRole("list", { name: "게시물", exact: true });
    await feed.getByRole("link", { name: "주간 회의록 12", exact: true }).waitFor();
    await expect(feed.locator(":scope > li").count()).resolves.toBe(11);
    await expect(feed.locator(":scope > li").first().getByRole("link").first().textContent()).resolves.toBe("사내 동호회 회원 모집");
    await feed.locator(":scope > li").first().getByText("공지", { exact: true }).waitFor();
    await feed.getByText("12주차 회의 내용을 공유합니다. 다음 회의는 월요일입니다.", { exact: true }).waitFor();
    await look(p, "ko-feed");
    await p.getByRole("navigation", { name: "페이지" }).getByRole("button", { name: "2 페이지", exact: true }).click();
    await feed.getByRole("link", { name: "주간 회의록 1", exact: true }).waitFor();
    await expect(feed.locator(":scope > li").count()).resolves.toBe(3);
    expect(decodeURIComponent(p.url())).toContain(`#/board/${free.id}/{"page":2}`);

    // The list view: a table; the choice is kept in the board config, so the board opens as a list again.
    await p.getByRole("button", { name: "목록형", exact: true }).click();
    const table = p.getByRole("table", { name: /^자유게시판/ });
    await table.getByRole("link", { name: "주간 회의록 1", exact: true }).waitFor();
    await expect.poll(async () => (await api.ok<BoardConfig>(200, "GET", "config", lee)).viewType, { timeout: 5000 }).toBe("LIST");
    await p.goto(`${e.base}/#/board/${free.id}`);
    await table.getByRole("link", { name: "주간 회의록 12", exact: true }).waitFor();
    await expect(table.getByRole("row").count()).resolves.toBe(12);
    await expect(p.getByRole("button", { name: "목록형", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true");
    await look(p, "ko-list");
  });

  test("selected posts are moved, marked and deleted; the trash restores, moves, deletes for good and empties", async () => {
    const p = await open("kim", `/board/${free.id}`);
    const feed = p.getByRole("list", { name: "게시물", exact: true });
    await feed.getByRole("link", { name: "주간 회의록 12", exact: true }).waitFor();
    await p.getByRole("checkbox", { name: "주간 회의록 12 선택", exact: true }).check();
    await p.getByRole("checkbox", { name: "주간 회의록 11 선택", exact: true }).check();
    await p.getByText("2개 선택됨", { exact: true }).waitFor();
    const bar = p.getByRole("toolbar", { name: "선택한 게시물" });
    await bar.getByRole("button", { name: "이동", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "게시물 이동" });
    await dialog.getByRole("button", { name: /이동할 게시판/ }).click();
    // Only boards: the group is not offered, nor the board the posts are in.
    await expect(p.getByRole("option").allTextContents()).resolves.toEqual(["영업팀 게시판", "영업1파트 자료실", "개발팀 비공개"]);
    await p.getByRole("option", { name: "영업팀 게시판", exact: true }).click();
    await look(p, "ko-move-dialog");
    await dialog.getByRole("button", { name: "이동", exact: true }).click();
    await snack(p, "게시물을 이동했습니다.");
    await expect.poll(() => feed.getByRole("link", { name: "주간 회의록 12", exact: true }).count(), { timeout: 5000 }).toBe(0);
    const moved = await api.ok<Post>(200, "GET", `post/${titled(12).id}`, kim);
    expect(moved.boardId).toBe(salesBoard.id);

    // 이영업's post, unread for 김매니저, marked read.
    const lunchCard = feed.getByRole("listitem").filter({ has: p.getByRole("link", { name: "점심 메뉴 추천", exact: true }) });
    await lunchCard.getByText("읽지 않음", { exact: true }).waitFor();
    await p.getByRole("checkbox", { name: "점심 메뉴 추천 선택", exact: true }).check();
    await bar.getByRole("button", { name: "읽음 표시", exact: true }).click();
    await snack(p, "읽음으로 표시했습니다.");
    await expect.poll(() => lunchCard.getByText("읽지 않음", { exact: true }).count(), { timeout: 5000 }).toBe(0);

    await p.getByRole("checkbox", { name: "주간 회의록 10 선택", exact: true }).check();
    await bar.getByRole("button", { name: "삭제", exact: true }).click();
    const ask = p.getByRole("dialog", { name: "게시물 삭제" });
    await ask.getByText("선택한 게시물 1개를 삭제하시겠습니까? 삭제한 게시물은 휴지통으로 이동합니다.", { exact: true }).waitFor();
    await ask.getByRole("button", { name: "삭제", exact: true }).click();
    await snack(p, "게시물을 삭제했습니다.");
    await expect.poll(() => feed.getByRole("link", { name: "주간 회의록 10", exact: true }).count(), { timeout: 5000 }).toBe(0);

    // The trash: when and by whom; restore.
    await p.getByRole("navigation", { name: "게시판 메뉴" }).getByRole("link", { name: /^휴지통/ }).click();
    await p.getByRole("heading", { level: 1, name: /^휴지통/ }).waitFor();
    const trash = p.getByRole("table", { name: "휴지통" });
    const row = trash.getByRole("row").filter({ hasText: "주간 회의록 10" });
    await row.getByRole("cell", { name: "김매니저" }).first().waitFor();
    await expect(trash.getByRole("columnheader").allTextContents()).resolves.toEqual(["선택", "제목", "게시판", "작성자", "삭제일", "삭제한 사람"]);
    await look(p, "ko-trash");
    await p.getByRole("checkbox", { name: "주간 회의록 10 선택", exact: true }).check();
    await p.getByRole("button", { name: "복원", exact: true }).click();
    await snack(p, "게시물을 복원했습니다.");
    await p.getByText("휴지통이 비어 있습니다.", { exact: true }).waitFor();

    // Three more in the trash: one moved to a board (board.144), one deleted for good (147), then the trash emptied.
    for (const n of [9, 8, 7]) await api.ok(200, "DELETE", `post/${titled(n).id}`, kim);
    await p.reload();
    await trash.getByRole("row").filter({ hasText: "주간 회의록 7" }).waitFor();
    await p.getByRole("checkbox", { name: "주간 회의록 9 선택", exact: true }).check();
    await p.getByRole("toolbar", { name: "선택한 게시물" }).getByRole("button", { name: "이동", exact: true }).click();
    await p.getByRole("dialog", { name: "게시물 이동" }).getByRole("button", { name: /이동할 게시판/ }).click();
    await p.getByRole("option", { name: "영업1파트 자료실", exact: true }).click();
    await p.getByRole("dialog", { name: "게시물 이동" }).getByRole("button", { name: "이동", exact: true }).click();
    await snack(p, "선택한 게시물을 이동했습니다.");
    await expect.poll(async () => (await api.ok<Post>(200, "GET", `post/${titled(9).id}`, kim)).boardId, { timeout: 5000 }).toBe(partBoard.id);

    await p.getByRole("checkbox", { name: "주간 회의록 8 선택", exact: true }).check();
    await p.getByRole("button", { name: "영구 삭제", exact: true }).click();
    const forever = p.getByRole("dialog", { name: "영구 삭제" });
    await forever.getByText("선택한 게시물 1개를 영구 삭제하시겠습니까? 삭제한 게시물은 복원할 수 없습니다.", { exact: true }).waitFor();
    await forever.getByRole("button", { name: "영구 삭제", exact: true }).click();
    await snack(p, "선택한 게시물을 영구 삭제했습니다.");
    await expect.poll(() => trash.getByRole("row").filter({ hasText: "주간 회의록 8" }).count(), { timeout: 5000 }).toBe(0);
    await api.fails(404, "board.post_not_found", "GET", `post/${titled(8).id}`, kim);

    await p.getByRole("button", { name: "휴지통 비우기", exact: true }).click();
    await p.getByRole("dialog", { name: "휴지통 비우기" }).getByRole("button", { name: "휴지통 비우기", exact: true }).click();
    await snack(p, "휴지통을 비웠습니다. 게시물 1개를 영구 삭제했습니다.");
    await p.getByText("휴지통이 비어 있습니다.", { exact: true }).waitFor();

    // The notice folder: unticking 공지 takes the post off the notices.
    await p.getByRole("navigation", { name: "게시판 메뉴" }).getByRole("link", { name: /^공지/ }).click();
    await p.getByRole("heading", { level: 1, name: /^공지/ }).waitFor();
    const flag = p.getByRole("checkbox", { name: "4분기 영업 목표 공지 공지 여부", exact: true });
    await expect(flag.isChecked()).resolves.toBe(true);
    await look(p, "ko-notice-folder");
    await flag.click();
    await snack(p, "공지를 해제했습니다.");
    await expect.poll(() => flag.count(), { timeout: 5000 }).toBe(0);
    await p.getByRole("link", { name: "사내 동호회 회원 모집", exact: true }).waitFor();
    expect((await api.ok<Post>(200, "GET", `post/${notice.id}`, kim)).isNotice).toBe(false);
  });

  test("an unknown, forbidden or malformed board goes to /board with the notice; a special folder's name works", async () => {
    const p = await open("lee", "/board/my");
    await p.getByRole("heading", { level: 1, name: /^내가 쓴 글/ }).waitFor();
    await p.getByRole("link", { name: "점심 메뉴 추천", exact: true }).waitFor();
    for (const path of ["/board/999999", `/board/${devOnly.id}`, "/board/abc", `/board/${group.id}`]) {
      await p.goto(`${e.base}/#/board/mention`);
      await p.getByRole("heading", { level: 1, name: /^나를 언급한 글/ }).waitFor();
      await p.goto(`${e.base}/#${path}`);
      await p.waitForURL(/#\/board\/all$/);
      await snack(p, "존재하지 않거나 접근 권한이 없는 게시판입니다.");
    }
    await p.getByRole("heading", { level: 1, name: /^전체 게시물/ }).waitFor();
  });

  async function walk(lng: Lang, width: number) {
    const tr = strings(lng);
    const phone = width < 600;
    await speak(e, lee, lng, "이영업");
    const p = await open("lee", "/board/all", width);
    await p.getByRole("heading", { level: 1, name: new RegExp(`^${tr("board:folder.all")}`) }).waitFor();
    await p.getByRole("region", { name: tr("board:notices.title") }).waitFor();
    await look(p, `${lng}-${width}-all`);
    if (phone) {
      await p.getByRole("button", { name: tr("board:side.open"), exact: true }).click();
      const drawer = p.getByRole("dialog", { name: tr("board:side.label") });
      await drawer.getByRole("link", { name: /^영업팀 게시판/ }).waitFor();
      await look(p, `${lng}-${width}-drawer`);
      await drawer.getByRole("link", { name: /^자유게시판/ }).click();
      await drawer.waitFor({ state: "detached" });
    } else {
      await p.getByRole("navigation", { name: tr("board:side.label") }).getByRole("link", { name: /^자유게시판/ }).click();
    }
    await p.getByRole("heading", { level: 1, name: /^자유게시판/ }).waitFor();
    await p.getByRole("button", { name: tr("board:list.views.CARD"), exact: true }).click();
    await p.getByRole("list", { name: tr("board:list.posts"), exact: true }).getByRole("link", { name: "점심 메뉴 추천", exact: true }).waitFor();
    await look(p, `${lng}-${width}-feed`);
    await p.getByRole("button", { name: tr("board:list.views.LIST"), exact: true }).click();
    await p.getByRole("table").getByRole("link", { name: "점심 메뉴 추천", exact: true }).waitFor();
    await look(p, `${lng}-${width}-list`);
    await p.context().close();
  }

  test("in English at phone width (the drawer) and in Indonesian", async () => {
    await walk("en", 390);
    await walk("id", 1280);
  });
});
