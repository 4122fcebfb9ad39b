// The messenger in the browser (issue 31): two colleagues, each in their own browser, kim in Korean and lee in
// English. Kim creates a public channel from the floating window, lee finds it and joins; kim mentions lee and
// sends a file, the per-message "1" falls when lee reads, lee replies in a thread, kim edits and deletes his own
// message and types Korean through the IME (CDP Input.imeSetComposition: the Enter pressed while composing sends
// exactly once, with the last syllable); Kim sees Lee typing, Lee's link gets its preview card (a page served
// here, private hosts allowed for this app), Kim pastes a picture that shows inline in its proportions, a Korean
// two-syllable word and an English one find messages whose hits open the room at them; the window's opacity stays
// across a reload; Kim renames the channel, Lee mutes and hides it and Kim's next message brings it back; Lee shows
// online in the direct conversation; at phone width the window fills the screen; Lee's last look is in Indonesian,
// where Lee leaves the channel, gets a browser notification of Kim's message while the page is hidden (an init
// script records each Notification and lets the test set document.hidden) and goes offline when the page closes;
// axe-clean in each state.
// Screenshots: test-results/e2e/messenger/.
import { afterAll, describe, expect } from "vitest";
import type { Page } from "playwright-core";
import type { MessagePage, RoomSummary } from "../../shared/messenger/api.ts";
import { OPACITY_STORAGE_KEY } from "../../shared/messenger/constants.ts";
import { journeySteps, seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, speak } from "./support/books.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { koreanIme } from "./support/ime.ts";

// Link previews of a page on this machine: the app may fetch private addresses here (never in production).
// Debian's full chromium: the headless shell has no Notification API (support/browser.ts).
const e = await startE2E("messenger", { OG_ALLOW_PRIVATE_HOSTS: "true" }, { fullBrowser: true });
const ogPage = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () =>
  new Response(`<html><head><meta property="og:title" content="출시 계획"><meta property="og:description" content="3분기 일정"></head></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  }));
afterAll(() => ogPage.shutdown());
const co = await mailCompany(e, "messenger-e2e.test");
await apiAs(e, co.admin)("PUT", "/api/admin/company", { useMessenger: true, useTeamChat: true });
const kim = await co.member("kim");
const lee = await co.member("lee");
await speak(e, kim, "ko", "김민수");
await speak(e, lee, "en", "Lee Seoyeon");
const asKim = apiAs(e, kim);

async function open(loginId: string) {
  const { context, page } = await e.newPage();
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, co.domain, USER_PASSWORD);
  return { context, page };
}

async function clean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const A = await open("kim");
const B = await open("lee");
// Lee's browser may notify; each Notification made is recorded, and the page's hidden state is the test's to set
// (from Lee's next page load on).
await B.context.grantPermissions(["notifications"]);
await B.context.addInitScript(`
  const Real = window.Notification;
  window.__notes = [];
  window.Notification = class extends Real {
    constructor(title, options) {
      window.__notes.push({ title, body: options && options.body });
      super(title, options);
    }
  };
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => !!window.__hidden });
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (window.__hidden ? "hidden" : "visible") });
`);
const a = A.page;
const b = B.page;

/** A test of the journey; when it fails, both browsers' screens are kept. */
const step = journeySteps(e, { "failed-kim": a, "failed-lee": b });

let channelId = 0;
const win = (p: Page) => p.locator("#messenger-window");
const row = (p: Page, text: string) => win(p).locator("li[data-message-id]", { hasText: text });

describe("messenger", () => {
  step("kim creates a public channel, lee joins; a mention and a file; the '1' falls when lee reads", async () => {

    // Kim opens the window from the top bar and creates a public channel.
    await a.getByRole("button", { name: "메신저", exact: true }).click();
    await win(a).getByRole("listbox", { name: "대화 목록" }).waitFor();
    await win(a).getByRole("button", { name: "새 대화" }).click();
    await a.getByRole("menuitem", { name: "새 채널 만들기" }).click();
    const dialog = a.getByRole("dialog", { name: "새 채널" });
    await dialog.getByRole("textbox", { name: "이름" }).fill("영업팀 채널");
    await dialog.getByRole("textbox", { name: "설명" }).fill("영업 관련 공지와 대화");
    await e.shot(a, "ko-new-channel");
    await clean(a);
    await dialog.getByRole("button", { name: "채널 만들기" }).click();
    await win(a).getByRole("heading", { name: "# 영업팀 채널" }).waitFor();
    const rooms = await asKim<RoomSummary[]>("GET", "/api/messenger/rooms");
    channelId = rooms.find((r) => r.name === "영업팀 채널")!.id;

    // Lee browses the public channels and joins.
    await b.getByRole("button", { name: "Messenger", exact: true }).click();
    await win(b).getByRole("button", { name: "New conversation" }).click();
    await b.getByRole("menuitem", { name: "Browse public channels" }).click();
    await win(b).getByRole("button", { name: "Join 영업팀 채널" }).click();
    await win(b).getByRole("heading", { name: "# 영업팀 채널" }).waitFor();
    await win(b).getByRole("button", { name: "Back to conversations" }).click();
    await win(b).getByRole("listbox", { name: "Conversations" }).waitFor();

    // Kim mentions Lee (picked from the member list) while Lee is on the list: the "1" shows on Kim's side.
    const box = win(a).getByRole("textbox", { name: /영업팀 채널에 메시지 보내기/ });
    await box.click();
    await box.pressSequentially("@Lee");
    await win(a).getByRole("option", { name: /Lee Seoyeon/ }).waitFor();
    await a.keyboard.press("Enter");
    await box.pressSequentially("회의 자료 확인 부탁해요");
    // Typed straight after the pick: the caret stays after the name (it once went back over the first syllable).
    await expect.poll(() => box.inputValue()).toBe("@Lee Seoyeon 회의 자료 확인 부탁해요");
    await a.keyboard.press("Enter");
    const first = row(a, "회의 자료 확인 부탁해요");
    await first.getByTestId("message-unread").filter({ hasText: "1" }).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");

    // A file, sent with the message.
    await win(a).locator(".msg-composer input[type=file]").setInputFiles({ name: "견적서.txt", mimeType: "text/plain", buffer: Buffer.from("견적 내용") });
    await win(a).getByText("견적서.txt").waitFor();
    await expect.poll(() => win(a).getByRole("button", { name: "전송" }).isEnabled()).toBe(true);
    await win(a).getByRole("button", { name: "전송" }).click();
    await row(a, "견적서.txt").getByRole("button", { name: "견적서.txt 받기" }).waitFor();

    // Lee sees the unread count and the mention in the list, opens the room: Kim's "1" disappears.
    const item = win(b).getByRole("option", { name: /영업팀 채널/ });
    await item.getByLabel(/unread message/).waitFor();
    await item.getByLabel(/mention/).waitFor();
    await e.shot(b, "en-list-unread");
    await item.click();
    await row(b, "회의 자료 확인 부탁해요").locator("mark", { hasText: "@Lee Seoyeon" }).waitFor();
    await row(b, "견적서.txt").getByRole("button", { name: "Download 견적서.txt" }).waitFor();
    await first.getByTestId("message-unread").waitFor({ state: "detached" });
    await e.shot(b, "en-room");
    await clean(b);

    // The mention is in Lee's bell as well: its line opens the window at the message (the messenger's link route,
    // /messenger/{room}/{message}) and leaves Lee on the screen they were on.
    await win(b).getByRole("button", { name: "Back to conversations" }).click();
    const at = await b.evaluate(() => location.hash);
    await b.getByTestId("bell").click();
    await b.getByRole("grid", { name: "Notifications" }).getByText(`김민수 mentioned you in "영업팀 채널".`).click();
    await win(b).getByRole("heading", { name: "# 영업팀 채널" }).waitFor();
    await expect.poll(() => b.evaluate(() => location.hash)).toBe(at);
  });

  step("a thread reply, kim's edit and delete, Korean through the IME sending once", async () => {
    const first = row(a, "회의 자료 확인 부탁해요");
    const box = win(a).getByRole("textbox", { name: /영업팀 채널에 메시지 보내기/ });

    // Lee replies in a thread; Kim sees the reply count and opens the thread.
    await row(b, "회의 자료 확인 부탁해요").getByRole("button", { name: /Actions for 김민수/ }).click();
    await b.getByRole("menuitem", { name: "Reply in thread" }).click();
    await win(b).getByRole("heading", { name: "Thread" }).waitFor();
    const reply = win(b).getByRole("textbox", { name: "Reply in thread" });
    await reply.fill("네, 오늘 보내 드릴게요");
    await reply.press("Enter");
    await row(b, "네, 오늘 보내 드릴게요").waitFor();
    await e.shot(b, "en-thread");
    await first.getByRole("button", { name: "답글 1개" }).click();
    await row(a, "네, 오늘 보내 드릴게요").waitFor();
    await win(a).getByRole("button", { name: "대화로 돌아가기" }).click();
    await win(b).getByRole("button", { name: "Back to the conversation" }).click();

    // Kim edits, then deletes, his own message; Lee sees both.
    await first.getByRole("button", { name: /김민수의 메시지 메뉴/ }).click();
    await a.getByRole("menuitem", { name: "수정" }).click();
    const edit = win(a).getByRole("textbox", { name: "메시지 수정" });
    await edit.fill("회의 자료 오늘까지 확인 부탁해요");
    await edit.press("Enter");
    await row(b, "회의 자료 오늘까지 확인 부탁해요").getByText("edited").waitFor();
    const edited = row(a, "회의 자료 오늘까지");
    await edited.getByRole("button", { name: /김민수의 메시지 메뉴/ }).click();
    await a.getByRole("menuitem", { name: "삭제" }).click();
    await a.getByRole("dialog", { name: "메시지 삭제" }).getByRole("button", { name: "삭제" }).click();
    await win(b).getByText("This message was deleted.").waitFor();

    // Korean through the IME: "좋아" typed, "요" composed (ㅇ, 요), Enter pressed while composing, the syllable
    // committed, and the Enter the browser reports again: one message "좋아요".
    const ime = await koreanIme(a);
    await box.click();
    await a.keyboard.insertText("좋아");
    await ime.compose(["ㅇ", "요"]);
    await ime.enterWhileComposing();
    await ime.commit("요");
    await a.keyboard.press("Enter");
    await row(b, "좋아요").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    const page = await asKim<MessagePage>("GET", `/api/messenger/rooms/${channelId}/messages`);
    expect(page.messages.filter((m) => m.text.startsWith("좋아")).map((m) => m.text)).toEqual(["좋아요"]);
    // Kim pins it as the room's notice: both see the notice bar.
    await row(a, "좋아요").getByRole("button", { name: /김민수의 메시지 메뉴/ }).click();
    await a.getByRole("menuitem", { name: "공지로 고정" }).click();
    await win(a).getByRole("region", { name: "고정된 공지" }).getByText("좋아요").waitFor();
    await win(b).getByRole("region", { name: "Pinned notices" }).getByText("좋아요").waitFor();
    // Lee reacts; Kim sees the count and adds his own.
    await row(b, "좋아요").getByRole("button", { name: /Actions for 김민수/ }).click();
    await b.getByRole("menuitem", { name: "React with 👍" }).click();
    await row(a, "좋아요").getByRole("button", { name: "👍 1명" }).click();
    await row(b, "좋아요").getByRole("button", { name: "👍 by 2 people" }).waitFor();
    await e.shot(a, "ko-room");
    await clean(a);
  });

  step("typing, a link preview, a pasted image, search in Korean and English; rename, mute, hide and back", async () => {
    // Lee types: Kim sees who is typing; it goes when Lee's message arrives, whose link gets its preview card.
    const leeBox = win(b).getByRole("textbox", { name: /Message 영업팀 채널/ });
    await leeBox.click();
    await leeBox.pressSequentially("Release");
    const typing = win(a).locator(".msg-typing");
    await typing.filter({ hasText: "Lee Seoyeon 님이 입력 중…" }).waitFor();
    await leeBox.fill(`Release plan: 출시 일정표 http://127.0.0.1:${ogPage.addr.port}/plan`);
    await leeBox.press("Enter");
    await row(a, "출시 일정표").waitFor();
    await expect.poll(() => typing.textContent()).toBe("");
    for (const p of [a, b]) {
      const card = row(p, "출시 일정표").locator("a.msg-link-card");
      await card.getByText("출시 계획").waitFor();
      await card.getByText("3분기 일정").waitFor();
      expect(await card.getAttribute("href")).toBe(`http://127.0.0.1:${ogPage.addr.port}/plan`);
    }

    // Kim pastes a picture (60 × 40) into the composer: uploaded at once, sent, shown inline in its proportions.
    const box = win(a).getByRole("textbox", { name: /영업팀 채널에 메시지 보내기/ });
    await box.evaluate(async (el) => {
      const c = document.createElement("canvas");
      c.width = 60;
      c.height = 40;
      c.getContext("2d")!.fillRect(0, 0, 60, 40);
      const blob = await new Promise<Blob>((done) => c.toBlob((x) => done(x!), "image/png"));
      const data = new DataTransfer();
      data.items.add(new File([blob], "image.png", { type: "image/png" }));
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await win(a).getByRole("list", { name: "첨부 파일" }).getByText(/^image-\d+\.png$/).waitFor();
    await expect.poll(() => win(a).getByRole("button", { name: "전송" }).isEnabled()).toBe(true);
    await win(a).getByRole("button", { name: "전송" }).click();
    for (const p of [a, b]) {
      const picture = win(p).locator(".msg-image").filter({ has: p.locator("img[alt^='image-']") });
      await expect.poll(() => picture.locator("img").evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(60);
      expect(await picture.evaluate((el) => el.style.aspectRatio)).toBe("60 / 40");
    }
    await e.shot(b, "en-preview-image");
    await clean(b);

    // Search: a Korean two-syllable word inside a longer one finds Lee's message; its hit opens the room at it.
    await win(a).getByRole("button", { name: "대화 목록으로" }).click();
    await win(a).getByRole("searchbox", { name: "대화방, 메시지 검색" }).fill("일정");
    const hit = win(a).getByRole("listbox", { name: "메시지", exact: true }).getByRole("option", { name: /출시 일정표/ });
    await hit.waitFor();
    await e.shot(a, "ko-search");
    await clean(a);
    await hit.click();
    await win(a).locator("li.msg-highlight", { hasText: "출시 일정표" }).waitFor();
    // An English word, at a word's start, in Lee's window.
    await win(b).getByRole("button", { name: "Back to conversations" }).click();
    await win(b).getByRole("searchbox", { name: "Search conversations and messages" }).fill("releas");
    await win(b).getByRole("listbox", { name: "Messages", exact: true }).getByRole("option", { name: /Release plan/ }).click();
    await win(b).locator("li.msg-highlight", { hasText: "Release plan" }).waitFor();

    // Kim, the owner, renames the channel; Lee sees the new name.
    await win(a).getByRole("button", { name: "대화방 설정" }).click();
    const settings = a.getByRole("dialog", { name: /^영업팀 채널( 2026)? 설정$/ });
    await settings.getByRole("textbox", { name: "이름" }).fill("영업팀 채널 2026");
    await settings.getByRole("button", { name: "이름, 설명 저장" }).click();
    await settings.getByRole("status").filter({ hasText: "저장했습니다." }).waitFor();
    await settings.getByRole("button", { name: "닫기", exact: true }).click();
    await win(b).getByRole("heading", { name: "# 영업팀 채널 2026" }).waitFor();
    // Lee mutes and hides it: gone from the list until Kim's next message brings it back, still muted.
    await win(b).getByRole("button", { name: "Conversation settings" }).click();
    const own = b.getByRole("dialog", { name: "영업팀 채널 2026 settings" });
    for (const name of ["Mute", "Hide from the list"]) {
      const toggle = own.getByRole("switch", { name });
      await toggle.focus();
      await toggle.press("Space");
      await expect.poll(() => toggle.isChecked()).toBe(true);
    }
    await e.shot(b, "en-room-settings");
    await clean(b);
    await own.getByRole("button", { name: "Close", exact: true }).click();
    await win(b).getByRole("button", { name: "Back to conversations" }).click();
    const channel = win(b).getByRole("option", { name: /영업팀 채널 2026/ });
    await channel.waitFor({ state: "detached" });
    const renamed = win(a).getByRole("textbox", { name: /영업팀 채널 2026에 메시지 보내기/ });
    await renamed.fill("숨긴 분도 보이나요?");
    await renamed.press("Enter");
    await channel.getByLabel("Muted").waitFor();
    await channel.getByLabel(/unread message/).waitFor();
  });

  step("a direct conversation, opacity across a reload, presence, phone width, Indonesian, leaving, a notification", async () => {
    // A direct conversation with Lee, picked in the new-conversation dialog.
    await win(a).getByRole("button", { name: "대화 목록으로" }).click();
    await win(a).getByRole("button", { name: "새 대화" }).click();
    await a.getByRole("menuitem", { name: "새 대화" }).click();
    const dialog = a.getByRole("dialog", { name: "새 대화" });
    await dialog.getByRole("combobox").pressSequentially("Lee");
    await a.locator("[role=option]:not(.msg-room)", { hasText: "Lee Seoyeon" }).click();
    await dialog.getByRole("list", { name: "선택한 사람" }).getByText("Lee Seoyeon").waitFor();
    await e.shot(a, "ko-new-chat");
    await dialog.getByRole("button", { name: "대화 시작" }).click();
    await win(a).getByRole("heading", { name: "Lee Seoyeon" }).waitFor();

    // The window's opacity: 7 of 10, kept in this browser across a reload.
    await win(a).getByRole("button", { name: "메신저 설정" }).click();
    const slider = a.getByRole("slider", { name: "창 불투명도" });
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press("ArrowLeft");
    expect(await a.evaluate((k) => localStorage.getItem(k), OPACITY_STORAGE_KEY)).toBe("7");
    await e.shot(a, "ko-opacity");
    await a.keyboard.press("Escape");
    // Moved by its title with the keyboard (Shift: 40 px a press): the place is kept across the reload too.
    const title = win(a).getByRole("heading", { name: "메신저", exact: true });
    const before = (await win(a).boundingBox())!;
    await title.focus();
    await title.press("Shift+ArrowLeft");
    await title.press("Shift+ArrowDown");
    await expect.poll(async () => (await win(a).boundingBox())?.x).toBe(before.x - 40);
    await a.keyboard.press("Escape");
    await win(a).waitFor({ state: "detached" });
    await a.reload();
    await a.getByRole("button", { name: "메신저", exact: true }).click();
    await expect.poll(() => win(a).evaluate((el) => getComputedStyle(el).opacity)).toBe("0.7");
    expect(await win(a).boundingBox()).toMatchObject({ x: before.x - 40, y: before.y + 40 });
    // Lee has the app open: their direct conversation shows them online.
    await win(a).getByRole("option").filter({ has: a.locator(".msg-room-name", { hasText: "Lee Seoyeon" }) }).click();
    const head = win(a).locator(".msg-room-head");
    await head.getByRole("img", { name: "접속 중" }).waitFor();

    // Phone width: the window fills the screen; then Lee's look in Indonesian.
    await b.setViewportSize({ width: 390, height: 800 });
    await expect.poll(async () => (await win(b).boundingBox())?.width).toBe(390);
    await e.shot(b, "en-phone");
    await clean(b);
    await speak(e, lee, "id", "Lee Seoyeon");
    await b.evaluate(() => localStorage.setItem("gw.language", "id")); // what a language change in the app leaves
    await b.reload();
    await b.getByRole("button", { name: "Messenger", exact: true }).click();
    await win(b).getByRole("listbox", { name: "Percakapan" }).waitFor();
    await e.shot(b, "id-phone-list");
    await win(b).getByRole("option", { name: /영업팀 채널/ }).click();
    await row(b, "좋아요").waitFor();
    await e.shot(b, "id-phone-room");
    await clean(b);

    // Lee leaves the channel: it goes from their list.
    await win(b).getByRole("button", { name: "Pengaturan percakapan" }).click();
    await b.getByRole("dialog", { name: "Pengaturan 영업팀 채널 2026" }).getByRole("button", { name: "Keluar", exact: true }).click();
    await win(b).getByRole("listbox", { name: "Percakapan" }).waitFor();
    await win(b).getByRole("option", { name: /영업팀 채널/ }).waitFor({ state: "detached" });

    // Lee's page hidden: Kim's direct message makes a browser notification.
    await b.evaluate(() => Object.assign(globalThis, { __hidden: true }));
    const dm = win(a).getByRole("textbox", { name: /Lee Seoyeon에 메시지 보내기/ });
    await dm.fill("알림 가나요?");
    await dm.press("Enter");
    await expect.poll(() => b.evaluate(() => (globalThis as unknown as { __notes: unknown[] }).__notes)).toEqual([{ title: "김민수", body: "알림 가나요?" }]);

    // Lee closes the page: the dot goes on Kim's side.
    await b.close();
    await head.getByRole("img", { name: "자리 비움" }).waitFor();
    await head.getByText("자리 비움").waitFor();
  });
});
