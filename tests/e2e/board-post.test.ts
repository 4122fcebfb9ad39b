// The post page of the boards in a real browser (issue 28; /board/view/{postId}/{actionObj}): 김매니저 posts a
// must-read notice with two files (an image and a text) and a mention of 이영업 through the API; 이영업 opens it —
// the read count, the content (mention, link in a new tab, table), the image preview, a file saved through the
// API; he reacts (chooses, replaces, removes; who reacted), replies with an @mention picked from the list and a
// file, answers a reply, edits and deletes his answer, sends with Ctrl+Enter while a Korean syllable is still
// being composed (CDP Input.imeSetComposition); a deleted reply with answers shows as blind. 김매니저 sees who has
// read it and who has not and reminds the rest (then the too-soon refusal); a reply written in another browser
// appears without a reload; the page at phone width; an unknown post goes back to the list with the reason; the
// page in ko, en and id. Screenshots: test-results/e2e/board-post/.
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { Post } from "../../shared/board/posts.ts";
import type { BoardFile } from "../../shared/board/posts.ts";
import type { Feelings, Reply } from "../../shared/board/replies.ts";
import type { Page as Paged } from "../../shared/paging.ts";
import { boardTopic, REPLY_PAGE_SIZE } from "../../shared/board/constants.ts";
import { boardApi, boardCompany, makeBoard, makePost, setBoards } from "../board/support.ts";
import { PW } from "../share/share-helpers.ts";
import { downloadText, seriousViolations, startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { signIn } from "./support/mail.ts";
import type { Lang } from "./support/walk-i18n.ts";

const e = await startE2E("board-post");
const A = await boardCompany(e.t, "board-post.test");
await setBoards(e.t, A.admin, true);
const api = boardApi(e.t);
const hub = e.t.deps.realtime.hub;

// A 2x2 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const NOTES = "3월 영업 전략 회의 자료\n1. 지난 분기 실적\n2. 신규 거래처\n";

async function upload(who: { token: string }, name: string, bytes: Uint8Array | string, type: string): Promise<BoardFile> {
  const form = new FormData();
  form.append("file", new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name, { type }));
  const res = await e.t.app.request("/api/board/file", { method: "POST", headers: { authorization: `Bearer ${who.token}` }, body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body as BoardFile;
}

const board = await makeBoard(e.t, A.manager, { name: "영업팀 공지" });
const image = await upload(A.manager, "매출 도표.png", PNG, "image/png");
const notes = await upload(A.manager, "회의자료.txt", NOTES, "text/plain");
const CONTENT = `<h2>회의 안내</h2><p><span data-type="mention" data-id="${A.sales.id}">@이영업</span> 님, 자료를 미리 확인해 주세요.</p>` +
  `<ul><li>일시: 3월 10일 오후 2시</li><li>장소: 3층 대회의실</li></ul>` +
  `<table><tbody><tr><th>항목</th><th>목표</th></tr><tr><td>신규 거래처</td><td>5곳</td></tr></tbody></table>` +
  `<blockquote>고객이 먼저입니다.</blockquote><p><a href="https://example.com/plan">영업 계획서</a></p>`;
const post = await makePost(e.t, A.manager, {
  boardId: board.id, title: "3월 영업 전략 회의 안내", content: CONTENT, isNotice: true, mustRead: true, fileIds: [image.id, notes.id],
});
// A second post with a page and one more of top-level replies, the first of them with a page and one more of
// answers (REPLY_PAGE_SIZE 10), and a second board it is moved to.
const weekly = await makePost(e.t, A.manager, { boardId: board.id, title: "주간 업무 공유" });
const archive = await makeBoard(e.t, A.manager, { name: "영업 자료실" });
const tops: Reply[] = [];
for (let i = 1; i <= REPLY_PAGE_SIZE + 1; i++) tops.push(await api.ok<Reply>(201, "POST", "reply", A.sales, { postId: weekly.id, replyContent: `의견 ${i}` }));
for (let i = 1; i <= REPLY_PAGE_SIZE + 1; i++) await api.ok<Reply>(201, "POST", "reply", A.dev, { postId: weekly.id, parentId: tops[0].id, replyContent: `답변 ${i}` });
const viewPath = (postId: number) => `/#/board/view/${postId}/${encodeURIComponent(JSON.stringify({ boardId: board.id, viewType: "LIST", page: 1 }))}`;

const opened: Page[] = [];
async function open(loginId: string, path: string, opts: { width?: number; height?: number } = {}): Promise<Page> {
  const { page } = await e.newPage(opts);
  opened.push(page);
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, A.co.domain, PW);
  await page.goto(`${e.base}${path}`);
  return page;
}
// Each test's browsers close after it, passed or not (their realtime subscriptions with them).
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.context().close()));
});

const replyList = (p: Page) => p.getByRole("list", { name: "댓글 목록" });
const replyBy = (p: Page, name: string, text: string) => replyList(p).getByRole("group", { name: `${name}님의 댓글` }).filter({ hasText: text });
const topReplies = () => api.ok<Paged<Reply>>(200, "GET", `reply/list?postId=${post.id}`, A.manager);

describe("a colleague reads the post and joins in", () => {
  test("the post: read count, content, files", async () => {
    const p = await open("lee", viewPath(post.id));
    await p.getByRole("heading", { level: 1, name: "3월 영업 전략 회의 안내" }).waitFor();
    // Opening it marks it read: the server counts 이영업 and the page shows the server's count.
    await expect.poll(async () => (await api.ok<Post>(200, "GET", `post/${post.id}`, A.sales)).seen, { timeout: 10_000 }).toBe(true);
    const { readCount } = await api.ok<Post>(200, "GET", `post/${post.id}`, A.sales);
    expect(readCount).toBeGreaterThanOrEqual(1);
    await expect.poll(() => p.locator(".bv-meta").textContent(), { timeout: 5000 }).toContain(`조회 ${readCount}`);
    const head = p.locator(".bv-head");
    await expect.poll(() => head.locator(".bv-badge").allTextContents()).toEqual(["공지", "필독"]);
    await expect.poll(() => head.locator(".bv-author").textContent()).toBe("김매니저");
    const where = p.getByRole("navigation", { name: "게시물 위치" });
    expect(await where.getByRole("link", { name: "영업팀 공지", exact: true }).getAttribute("href")).toBe(`/#/board/${board.id}`);
    const back = await where.getByRole("link", { name: "‹ 목록으로" }).getAttribute("href");
    expect(decodeURIComponent(back ?? "")).toBe(`/#/board/${board.id}/{"viewType":"LIST"}`);

    const content = p.getByRole("region", { name: "본문" });
    await content.getByRole("heading", { name: "회의 안내" }).waitFor();
    expect(await content.locator(".bv-mention").textContent()).toBe("@이영업");
    const link = content.getByRole("link", { name: "영업 계획서" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    expect(await content.getByRole("cell", { name: "5곳" }).count()).toBe(1);

    const files = p.getByRole("region", { name: "첨부파일 2개" });
    const preview = files.getByRole("img", { name: "매출 도표.png 미리보기" });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 5000 }).toBe(2);
    const [download] = await Promise.all([p.waitForEvent("download"), files.getByRole("button", { name: "회의자료.txt 저장" }).click()]);
    expect(download.suggestedFilename()).toBe("회의자료.txt");
    expect(await downloadText(download)).toBe(NOTES);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "ko-post");
  });

  test("reactions: choose, replace, remove, and who reacted", async () => {
    const p = await open("lee", viewPath(post.id));
    const feel = p.getByRole("region", { name: "공감" });
    const like = feel.getByRole("button", { name: /^좋아요 \d+$/ });
    const cheer = feel.getByRole("button", { name: /^축하해요 \d+$/ });
    await expect.poll(() => like.textContent()).toContain("좋아요 0");
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => like.textContent()).toContain("좋아요 1");
    await cheer.click(); // replaces the like
    await expect.poll(() => cheer.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => like.textContent()).toContain("좋아요 0");
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    const mine = await api.ok<Feelings>(200, "GET", `feeling?postId=${post.id}`, A.sales);
    expect(mine.feelType).toBe("CELEBRATE");
    expect(mine.feelCount).toBe(1);

    await feel.getByRole("button", { name: "공감한 사람 1명" }).click();
    const who = p.getByRole("dialog", { name: "공감한 사람" });
    await who.getByRole("heading", { name: /축하해요 1/ }).waitFor();
    expect(await who.getByRole("listitem").allTextContents()).toEqual(["이영업"]);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "ko-who-reacted");
    await p.keyboard.press("Escape");
    await who.waitFor({ state: "detached" });

    await cheer.click(); // removes it
    await expect.poll(() => cheer.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(async () => (await api.ok<Feelings>(200, "GET", `feeling?postId=${post.id}`, A.sales)).feelCount, { timeout: 5000 }).toBe(0);
    await like.click(); // and likes it in the end
    await expect.poll(() => like.textContent()).toContain("좋아요 1");
  });

  test("replies: a mention from the list, a file, an answer, edit and delete, Ctrl+Enter", async () => {
    const p = await open("lee", viewPath(post.id));
    const box = p.getByRole("combobox", { name: "댓글 쓰기" });
    await box.click();
    await box.pressSequentially("자료 확인했습니다. @김");
    const picker = p.getByRole("listbox", { name: "언급할 동료" });
    await expect.poll(() => picker.getByRole("option").allTextContents(), { timeout: 5000 }).toEqual([expect.stringMatching(/^김매니저/)]);
    await e.shot(p, "ko-mention-picker");
    await box.press("Enter"); // chooses the colleague, no new line
    await expect.poll(() => box.inputValue()).toBe("자료 확인했습니다. @김매니저 ");
    await box.pressSequentially("님 감사합니다.");
    await box.press("Enter"); // a new line, not a send
    await box.pressSequentially("회의 때 뵙겠습니다.");
    const [chooser] = await Promise.all([p.waitForEvent("filechooser"), p.getByRole("button", { name: "파일 첨부" }).first().click()]);
    await chooser.setFiles({ name: "질문 목록.txt", mimeType: "text/plain", buffer: Buffer.from("질문 1\n질문 2\n") });
    await p.getByText("질문 목록.txt", { exact: true }).waitFor();
    await e.shot(p, "ko-composer");
    await box.press("Control+Enter");
    const first = replyBy(p, "이영업", "자료 확인했습니다.");
    await first.waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await first.locator(".bv-mention").textContent()).toBe("@김매니저");
    await first.getByText("질문 목록.txt", { exact: true }).waitFor();
    await p.getByRole("heading", { name: "댓글 1" }).waitFor();
    const stored = (await topReplies()).content[0];
    expect(stored.replyContent).toBe(`자료 확인했습니다. @[김매니저](user:${A.manager.id}) 님 감사합니다.\n회의 때 뵙겠습니다.`);
    expect(stored.mentions.map((m) => m.id)).toEqual([A.manager.id]);
    expect(stored.attach?.name).toBe("질문 목록.txt");

    // An answer to the reply, sent with Ctrl+Enter.
    await first.getByRole("button", { name: "답글", exact: true }).click();
    const answerBox = p.getByRole("combobox", { name: "이영업님의 댓글에 답글 쓰기" });
    await answerBox.fill("장소가 바뀌면 알려 주세요.");
    await answerBox.press("Control+Enter");
    const answers = p.getByRole("list", { name: "이영업님의 댓글에 달린 답글" });
    const answer = answers.getByRole("group", { name: "이영업님의 댓글" }).filter({ hasText: "장소가 바뀌면" });
    await answer.waitFor();
    await answerBox.waitFor({ state: "detached" });

    // Edit the answer.
    e.t.clock.advance(60_000);
    await answer.getByRole("button", { name: "수정", exact: true }).click();
    const editBox = p.getByRole("combobox", { name: "댓글 수정" });
    await expect.poll(() => editBox.inputValue()).toBe("장소가 바뀌면 알려 주세요.");
    await editBox.fill("장소나 시간이 바뀌면 알려 주세요.");
    await p.getByRole("button", { name: "저장", exact: true }).click();
    const edited = answers.getByRole("group", { name: "이영업님의 댓글" }).filter({ hasText: "장소나 시간이 바뀌면" });
    await edited.waitFor();
    await edited.getByText("(수정됨)").waitFor();
    await e.shot(p, "ko-replies");

    // Delete it (a question first).
    await edited.getByRole("button", { name: "삭제", exact: true }).click();
    await p.getByRole("dialog").filter({ hasText: "댓글을 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await edited.waitFor({ state: "detached" });
    expect((await topReplies()).content[0].children?.totalElements).toBe(0);

    // Ctrl+Enter while "요" is still being composed by a Korean IME (chromium's order: keydown Enter with
    // isComposing, then compositionend when the IME commits): the reply goes once the composition has ended —
    // the page's own log shows the commit before the call — with the syllable, once, and the box is left empty.
    await p.evaluate(() => {
      const w = globalThis as unknown as { imeLog: string[] };
      w.imeLog = [];
      document.addEventListener("compositionend", () => w.imeLog.push("compositionend"), true);
      const send = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        if (init?.method === "POST" && String(input).includes("/api/board/reply")) w.imeLog.push("POST reply");
        return send(input, init);
      };
    });
    const cdp = await p.context().newCDPSession(p);
    await box.click();
    await box.pressSequentially("안녕하세");
    await cdp.send("Input.imeSetComposition", { text: "요", selectionStart: 1, selectionEnd: 1 });
    await expect.poll(() => box.inputValue()).toBe("안녕하세요");
    await box.press("Control+Enter");
    await cdp.send("Input.insertText", { text: "요" }); // the IME commits the syllable
    await replyBy(p, "이영업", "안녕하세요").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await p.evaluate(() => (globalThis as unknown as { imeLog: string[] }).imeLog)).toEqual(["compositionend", "POST reply"]);
    await p.getByRole("heading", { name: "댓글 2" }).waitFor();
    const texts = (await topReplies()).content.map((r) => r.replyContent);
    expect(texts.filter((t) => t.startsWith("안녕하세"))).toEqual(["안녕하세요"]);
    expect(await seriousViolations(p)).toEqual([]);
  });

  test("a deleted reply that has answers shows as blind", async () => {
    const top = await api.ok<Reply>(201, "POST", "reply", A.dev, { postId: post.id, replyContent: "개발팀도 참석해도 될까요?" });
    await api.ok<Reply>(201, "POST", "reply", A.manager, { postId: post.id, parentId: top.id, replyContent: "네, 함께해요." });
    const p = await open("choi", viewPath(post.id));
    const mine = replyBy(p, "최개발", "개발팀도 참석해도 될까요?");
    await mine.getByRole("button", { name: "삭제", exact: true }).click();
    await p.getByRole("dialog").filter({ hasText: "댓글을 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await mine.waitFor({ state: "detached" });
    await replyList(p).getByText("삭제된 댓글입니다.").waitFor();
    await p.getByRole("list", { name: "최개발님의 댓글에 달린 답글" }).getByText("네, 함께해요.").waitFor();
    await e.shot(p, "ko-blind-reply");
  });
});

describe("the author and the others", () => {
  test("replies and answers a page at a time", async () => {
    const p = await open("lee", viewPath(weekly.id));
    const threads = replyList(p).locator(":scope > li");
    await expect.poll(() => threads.count(), { timeout: 5000 }).toBe(REPLY_PAGE_SIZE);
    const answers = p.getByRole("list", { name: "이영업님의 댓글에 달린 답글" }).getByRole("group", { name: "최개발님의 댓글" });
    expect(await answers.count()).toBe(REPLY_PAGE_SIZE);
    await p.getByRole("button", { name: "답글 더보기 (1)" }).click();
    await answers.filter({ hasText: "답변 11" }).waitFor();
    expect(await answers.count()).toBe(REPLY_PAGE_SIZE + 1);
    await p.getByRole("button", { name: "댓글 더보기 (1)" }).click();
    await replyBy(p, "이영업", "의견 11").waitFor();
    expect(await threads.count()).toBe(REPLY_PAGE_SIZE + 1);
    expect(await p.getByRole("button", { name: /더보기/ }).count()).toBe(0);
  });

  test("the author opens the editor, moves the post to another board, then deletes it", async () => {
    const p = await open("kim", viewPath(weekly.id));
    const actions = p.getByRole("toolbar", { name: "게시물 작업" });
    // Edit leads to the editor of this post (write/{"boardId","postId"}).
    await actions.getByRole("button", { name: "수정" }).click();
    await p.waitForURL(/#\/board\/write\//);
    expect(JSON.parse(decodeURIComponent(p.url().split("#/board/write/")[1]))).toEqual({ boardId: board.id, postId: weekly.id });
    await p.goBack();
    await p.getByRole("heading", { level: 1, name: "주간 업무 공유" }).waitFor();
    await actions.getByRole("button", { name: "이동" }).click();
    const dialog = p.getByRole("dialog", { name: "게시물 이동" });
    await dialog.getByRole("button", { name: /옮길 게시판/ }).click();
    await p.getByRole("option", { name: "영업 자료실", exact: true }).click();
    await dialog.getByRole("button", { name: "이동", exact: true }).click();
    await p.getByText("'영업 자료실' 게시판으로 옮겼습니다.").waitFor();
    await p.getByRole("navigation", { name: "게시물 위치" }).getByRole("link", { name: "영업 자료실", exact: true }).waitFor();
    expect((await api.ok<Post>(200, "GET", `post/${weekly.id}`, A.manager)).boardId).toBe(archive.id);

    await actions.getByRole("button", { name: "삭제" }).click();
    await p.getByRole("dialog").filter({ hasText: "게시물을 휴지통으로 옮기시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await p.waitForURL(new RegExp(`#/board/${archive.id}$`));
    await p.getByText("게시물을 삭제했습니다.").waitFor();
    expect((await api.ok<Post>(200, "GET", `post/${weekly.id}`, A.manager)).deletedTimeMillis).not.toBeNull();
  });

  test("the author sees who has not read it and reminds them", async () => {
    const p = await open("kim", viewPath(post.id));
    await p.getByRole("toolbar", { name: "게시물 작업" }).getByRole("button", { name: "읽음 확인" }).click();
    const dialog = p.getByRole("dialog", { name: "읽음 확인" });
    const readers = await api.ok<{ readList: { name: string }[]; notReadList: { name: string }[] }>(200, "GET", `post/${post.id}/readers`, A.manager);
    const read = readers.readList.map((r) => r.name);
    const notRead = readers.notReadList.map((r) => r.name);
    expect(read).toContain("이영업");
    expect(notRead).toContain("박파트");
    await dialog.getByRole("tab", { name: `읽음 ${read.length}` }).waitFor();
    expect(await dialog.getByRole("tabpanel").getByRole("listitem").count()).toBe(read.length);
    await dialog.getByRole("tabpanel").getByText("이영업").waitFor();
    await dialog.getByRole("tab", { name: `안 읽음 ${notRead.length}` }).click();
    await dialog.getByRole("tabpanel").getByText("박파트").waitFor();
    expect((await dialog.getByRole("tabpanel").getByRole("listitem").allTextContents()).sort()).toEqual([...notRead].sort());
    await dialog.getByRole("button", { name: "다시 알림" }).click();
    await dialog.getByRole("status").getByText(`읽지 않은 ${notRead.length}명에게 다시 알렸습니다.`).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "ko-read-list");
    await dialog.getByRole("button", { name: "다시 알림" }).click();
    await dialog.getByText(/^조금 전에 알림을 보냈습니다\./).waitFor();
    await dialog.getByRole("button", { name: "닫기" }).click();

    // The notice toggle: off, then on again.
    const actions = p.getByRole("toolbar", { name: "게시물 작업" });
    await actions.getByRole("button", { name: "공지 해제" }).click();
    await p.getByText("공지를 해제했습니다.").waitFor();
    await expect.poll(() => p.locator(".bv-head .bv-badge").allTextContents()).toEqual(["필독"]);
    await actions.getByRole("button", { name: "공지로 등록" }).click();
    await p.getByText("공지로 등록했습니다.").waitFor();
    await expect.poll(() => p.locator(".bv-head .bv-badge").allTextContents()).toEqual(["공지", "필독"]);
  });

  test("a reply written in another browser appears without a reload", async () => {
    const kim = await open("kim", viewPath(post.id));
    await kim.getByRole("heading", { level: 1, name: "3월 영업 전략 회의 안내" }).waitFor();
    const park = await open("park", viewPath(post.id));
    const box = park.getByRole("combobox", { name: "댓글 쓰기" });
    await expect.poll(() => hub.subscriberCount(boardTopic(A.co.companyId)), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await box.fill("영업1파트는 전원 참석합니다.");
    await park.getByRole("button", { name: "등록", exact: true }).click();
    await replyBy(kim, "박파트", "영업1파트는 전원 참석합니다.").waitFor({ timeout: 10_000 });
    await e.shot(kim, "ko-realtime-reply");
  });

  test("at phone width", async () => {
    const p = await open("lee", viewPath(post.id), { width: 390, height: 844 });
    await p.getByRole("heading", { level: 1, name: "3월 영업 전략 회의 안내" }).waitFor();
    await replyList(p).waitFor();
    expect(await overflowing(p, ".bv-page")).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "ko-phone");
  });

  test("an unknown post goes back to the list with the reason", async () => {
    const p = await open("lee", viewPath(99_999_999));
    await p.waitForURL(new RegExp(`#/board/${board.id}/`));
    await p.getByText("게시물이 존재하지 않습니다.").waitFor();
  });
});

describe("in English and Indonesian", () => {
  const texts = (lng: Lang) => JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/board/view.json`, import.meta.url), "utf8"));
  for (const lng of ["en", "id"] as const) {
    test(lng, async () => {
      const tr = texts(lng);
      await speak(e, A.salesPart, lng, "박파트");
      const p = await open("park", viewPath(post.id));
      await p.getByRole("heading", { level: 1, name: "3월 영업 전략 회의 안내" }).waitFor();
      await p.getByRole("region", { name: tr.feelings }).getByRole("button", { name: new RegExp(`^${tr.feel.LIKE} \\d+$`) }).waitFor();
      await p.getByRole("combobox", { name: tr.replyLabel }).waitFor();
      await p.getByRole("list", { name: tr.replyList }).waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await e.shot(p, `${lng}-post`);
    });
  }
});
