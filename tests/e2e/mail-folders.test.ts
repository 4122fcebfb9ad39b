// The mail folder pane in a real browser: unread counts, creating, renaming, colouring and nesting folders
// through the context menu (mouse and Shift+F10), moving a folder by drag and drop, dragging a mail from the
// list onto a folder, a folder with sub-folders or mail saying why it cannot be deleted (in its menu, and instead
// of the confirmation: nothing asked, nothing refused), emptying the trash, and sharing a
// folder with a colleague through the share dialog (seen in the colleague's "shared with me" root).
// Screens in ko, en and id; axe on the pane and the dialogs.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const DOMAIN = "folders.test";
const e = await startE2E("mail-folders");
const co = await mailCompany(e, DOMAIN);
const colleague = await co.member("mina");
const admin = co.admin;

await deliver(e, admin, { from: "a@ext.test", to: `admin@${DOMAIN}`, subject: "첫 번째 안내", text: "하나" });
await deliver(e, admin, { from: "b@ext.test", to: `admin@${DOMAIN}`, subject: "두 번째 안내", text: "둘" });
await deliver(e, admin, { from: "c@ext.test", to: `admin@${DOMAIN}`, subject: "지난 광고", text: "버림" }, "DELETED");

interface F { id: number | string; parentId: number | string | null; folderType: string; nameFolder: string; color: string | null; children: F[]; totalCount: number; newCount: number }
const flat = (list: F[]): F[] => list.flatMap((f) => [f, ...flat(f.children)]);
async function tree(token = admin.token): Promise<F[]> {
  const r = await e.t.call("GET", "/api/folders", { token });
  expect(r.status).toBe(200);
  return flat(r.body as F[]);
}
const byName = async (name: string) => (await tree()).find((f) => f.folderType === "PRIVATE" && f.nameFolder === name);

const { page } = await e.newPage();
const pane = () => page.getByRole("navigation", { name: "메일함" });
const row = (name: string, p: Page = page) => p.getByRole("row", { name: new RegExp(`^${name}`) }).first();

async function menuAction(name: string, action: string) {
  await row(name).click({ button: "right" });
  await page.getByRole("menuitem", { name: action }).click();
}

describe("mail folder pane", () => {
  test("the tree shows translated folders, unread counts and the current folder", async () => {
    await signIn(e, page, "admin", DOMAIN, ADMIN_PASSWORD);
    await pane().getByRole("treegrid", { name: "메일함 목록" }).waitFor();
    const inbox = row("받은메일함");
    await expect(inbox.getAttribute("aria-current")).resolves.toBe("page");
    await inbox.getByLabel("안읽은 메일 2통").waitFor();
    for (const name of ["보낸메일함", "임시보관함", "휴지통", "스팸메일함", "전체메일", "내 메일함", "태그"]) await row(name).waitFor();
    await pane().getByRole("button", { name: "메일쓰기" }).waitFor();
    await pane().getByRole("link", { name: /용량 정보 보기/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "pane-ko");
  });

  test("a folder is created, renamed (keyboard menu) and coloured", async () => {
    await menuAction("내 메일함", "하위 메일함 만들기");
    const dialog = page.getByRole("dialog", { name: "새 메일함" });
    await dialog.getByRole("button", { name: "만들기" }).click();
    await dialog.getByText("메일함 이름을 입력하세요.").or(dialog.locator(".field-error")).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("메일함 이름").fill("프로젝트");
    await dialog.getByRole("button", { name: "만들기" }).click();
    await row("프로젝트").waitFor();
    expect(await byName("프로젝트")).toBeTruthy();

    // The context menu from the keyboard: focus the row, Shift+F10.
    await row("프로젝트").focus();
    await page.keyboard.press("Shift+F10");
    await page.getByRole("menuitem", { name: "이름 바꾸기" }).click();
    const rename = page.getByRole("dialog", { name: "메일함 이름 바꾸기" });
    await rename.getByLabel("메일함 이름").fill("  프로젝트A  ");
    await rename.getByRole("button", { name: "저장" }).click();
    await row("프로젝트A").waitFor();
    expect((await byName("프로젝트A"))?.nameFolder).toBe("프로젝트A");

    await menuAction("프로젝트A", "색상 지정");
    const color = page.getByRole("dialog", { name: "'프로젝트A' 색상" });
    await color.getByRole("radio", { name: "파랑" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "colour-dialog");
    await color.getByRole("button", { name: "저장" }).click();
    await color.waitFor({ state: "detached" });
    expect((await byName("프로젝트A"))?.color).toBe("#1e88e5");
  });

  test("a sub-folder is made, and a folder is dragged into another (inner), which opens it", async () => {
    await menuAction("프로젝트A", "하위 메일함 만들기");
    await page.getByRole("dialog", { name: "새 메일함" }).getByLabel("메일함 이름").fill("2026");
    await page.getByRole("button", { name: "만들기" }).click();
    await row("2026").waitFor();
    const parent = await byName("프로젝트A");
    expect((await byName("2026"))?.parentId).toBe(parent!.id);

    await menuAction("내 메일함", "하위 메일함 만들기");
    await page.getByRole("dialog", { name: "새 메일함" }).getByLabel("메일함 이름").fill("보관");
    await page.getByRole("button", { name: "만들기" }).click();
    await row("보관").waitFor();

    await row("보관").dragTo(row("프로젝트A"));
    await expect.poll(async () => (await byName("보관"))?.parentId, { timeout: 10_000 }).toBe(parent!.id);
    await page.waitForURL(new RegExp(`#/mail/${parent!.id}/1`));
    await expect.poll(() => row("프로젝트A").getAttribute("aria-current")).toBe("page");
    await e.shot(page, "moved-inner");
  });

  test("clicking an open parent folder opens it and keeps its sub-folders shown; only the chevron folds it", async () => {
    await row("받은메일함").click();
    await expect.poll(() => row("프로젝트A").getAttribute("aria-expanded")).toBe("true");
    await row("프로젝트A").locator(".mf-name").click();
    await expect.poll(() => row("프로젝트A").getAttribute("aria-current")).toBe("page");
    await row("2026").waitFor();
    expect(await row("프로젝트A").getAttribute("aria-expanded")).toBe("true");
    // A second click on the open folder changes nothing either.
    await row("프로젝트A").locator(".mf-name").click();
    await row("2026").waitFor();
    expect(await row("프로젝트A").getAttribute("aria-expanded")).toBe("true");
    await row("프로젝트A").getByRole("button", { name: "프로젝트A 접기" }).click();
    await expect.poll(() => row("프로젝트A").getAttribute("aria-expanded")).toBe("false");
    await row("프로젝트A").getByRole("button", { name: "프로젝트A 펼치기" }).click();
    await row("2026").waitFor();
  });

  test("a mail dragged from the list lands in the folder", async () => {
    await row("받은메일함").click();
    const mail = page.locator(".mail-row", { hasText: "첫 번째 안내" });
    await mail.waitFor();
    const mailId = Number(await mail.getAttribute("data-mail-id"));
    await mail.dragTo(row("보관"));
    await page.getByText("메일 1통을 '보관'(으)로 옮겼습니다.").waitFor();
    const target = await byName("보관");
    const list = await e.t.call("GET", `/api/mails?folderId=${target!.id}&page=0&pageSize=20`, { token: admin.token });
    expect((list.body as { mails: { mailId: number }[] }).mails.map((m) => m.mailId)).toEqual([mailId]);
    await row("받은메일함").getByLabel("안읽은 메일 1통").waitFor();
  });

  test("a starred mail dropped on the trash asks first; a mixed drop on Sent asks and moves only the sent mail", async () => {
    await row("받은메일함").click();
    const mail = page.locator(".mail-row", { hasText: "두 번째 안내" });
    const mailId = Number(await mail.getAttribute("data-mail-id"));
    expect((await e.t.call("PUT", "/api/mails/importantStatus", { token: admin.token, json: { mailIds: [mailId], importantStatus: 1 } })).status).toBe(200);
    await page.reload();
    await expect.poll(() => mail.locator(".mail-star").getAttribute("aria-pressed")).toBe("true");
    const inFolder = async (id: number | string) =>
      ((await e.t.call("GET", `/api/mails?folderId=${id}&page=0&pageSize=50`, { token: admin.token })).body as { mails: { mailId: number }[] }).mails
        .map((m) => m.mailId);
    const all = await tree();
    const trash = all.find((f) => f.folderType === "DELETED")!;
    const sent = all.find((f) => f.folderType === "SENT")!;
    const inbox = all.find((f) => f.folderType === "INBOX")!;

    await mail.dragTo(row("휴지통"));
    const ask = page.getByRole("dialog");
    await ask.getByText("별표 표시된 메일입니다. 삭제하시겠습니까?").waitFor();
    await e.shot(page, "drop-trash-confirm");
    await ask.getByRole("button", { name: "취소" }).click();
    await ask.waitFor({ state: "detached" });
    expect(await inFolder(inbox.id)).toContain(mailId);
    await mail.dragTo(row("휴지통"));
    await ask.getByRole("button", { name: "삭제" }).click();
    await expect.poll(() => inFolder(trash.id)).toContain(mailId);

    // A sent mail and a received one in "보관", dragged together to Sent: asked, then only the sent one moves.
    const sentOut = await e.t.call("POST", "/api/mails/v2/send", {
      token: admin.token,
      json: { to: [`mina@${DOMAIN}`], subject: "보낸 보고", content: "<p>보고합니다</p>" },
    });
    expect(sentOut.status).toBe(200);
    const archive = await byName("보관");
    let sentId = 0;
    await expect.poll(async () => (sentId = (await inFolder(sent.id))[0] ?? 0)).toBeGreaterThan(0);
    expect((await e.t.call("PUT", "/api/mails/folderId", { token: admin.token, json: { targetFolderId: archive!.id, mailIds: [sentId] } })).status).toBe(200);
    await row("보관").click();
    const received = page.locator(".mail-row", { hasText: "첫 번째 안내" });
    const sentRow = page.locator(`.mail-row[data-mail-id="${sentId}"]`);
    await received.getByRole("checkbox").click();
    await sentRow.getByRole("checkbox").click();
    await received.dragTo(row("보낸메일함"));
    await ask.getByText("보낸 메일만 이동됩니다. 이동하시겠습니까?").waitFor();
    await e.shot(page, "drop-sent-confirm");
    await ask.getByRole("button", { name: "이동" }).click();
    await expect.poll(() => inFolder(sent.id)).toContain(sentId);
    expect(await inFolder(archive!.id)).toEqual([Number(await received.getAttribute("data-mail-id"))]);
  });

  test("a folder with sub-folders or mail says why it cannot be deleted, before asking; an empty one is deleted", async () => {
    // Sub-folders: the menu's "delete" carries the reason, and choosing it explains instead of asking.
    await row("프로젝트A").click({ button: "right" });
    const item = page.getByRole("menuitem", { name: "삭제" });
    await item.getByText("하위 메일함이 있어 삭제할 수 없습니다").waitFor();
    expect(await item.getAttribute("aria-describedby")).toBeTruthy();
    await e.shot(page, "delete-reason-menu");
    await item.click();
    const notice = page.getByRole("dialog", { name: "메일함을 삭제할 수 없습니다" });
    await notice.getByText("'프로젝트A' 메일함에 하위 메일함이 있습니다. 하위 메일함을 먼저 삭제하거나 다른 곳으로 옮기세요.").waitFor();
    // A notice, not a question: one button, no "delete".
    expect(await notice.getByRole("button", { name: "삭제" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "delete-reason-children");
    await notice.getByRole("button", { name: "확인" }).click();
    await notice.waitFor({ state: "detached" });
    expect(await byName("프로젝트A")).toBeTruthy();

    // Mail inside ("보관" holds the mail dragged there): the same, with the count.
    await menuAction("보관", "삭제");
    await page.getByRole("dialog", { name: "메일함을 삭제할 수 없습니다" })
      .getByText("'보관' 메일함에 메일이 1통 있습니다. 메일을 먼저 다른 메일함으로 옮기거나 삭제하세요.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "확인" }).click();
    expect(await byName("보관")).toBeTruthy();

    await menuAction("2026", "삭제");
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await page.getByText("'2026' 메일함을 삭제했습니다.").waitFor();
    expect(await byName("2026")).toBeUndefined();
  });

  test("emptying the trash deletes its mails and zeroes its count", async () => {
    const before = (await tree()).find((f) => f.folderType === "DELETED")!;
    expect(before.totalCount).toBe(2);
    await menuAction("휴지통", "비우기");
    await page.getByRole("dialog").getByText("휴지통의 메일을 모두 영구 삭제하시겠습니까?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "비우기" }).click();
    await page.getByText("메일이 영구 삭제되었습니다.").waitFor();
    expect((await tree()).find((f) => f.folderType === "DELETED")!.totalCount).toBe(0);
  });

  test("a folder is shared with a colleague, who sees it under 'shared with me'", async () => {
    await menuAction("프로젝트A", "공유");
    const dialog = page.getByRole("dialog", { name: "'프로젝트A' 공유" });
    await dialog.getByText("아직 공유한 대상이 없습니다.").waitFor();
    // The organisation chart lists the members who belong to no organisation under "조직 없음".
    await dialog.getByRole("button", { name: "조직도에서 선택" }).click();
    await dialog.getByRole("button", { name: /^▸ 조직 없음 \(\d+\)$/ }).click();
    await dialog.getByRole("button", { name: "User mina 추가" }).click();
    await dialog.getByLabel("User mina 권한").waitFor();
    await dialog.getByRole("button", { name: "User mina 추가" }).and(page.locator("[disabled], [data-disabled]")).waitFor();
    // Removed again, and added through the search as before.
    await dialog.getByRole("button", { name: "User mina 빼기" }).click();
    await dialog.getByText("아직 공유한 대상이 없습니다.").waitFor();
    await dialog.getByRole("combobox", { name: "공유 대상 추가" }).fill("mina");
    await page.getByRole("option", { name: /User mina/ }).click();
    await dialog.getByLabel("User mina 권한").selectOption("3");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "share-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await page.getByText("공유 설정이 변경되었습니다.").waitFor();
    const folder = await byName("프로젝트A");
    const members = await e.t.call("GET", `/api/share/MAIL/${folder!.id}/members`, { token: admin.token });
    expect((members.body as { list: { memberId: number; permission: number }[] }).list)
      .toEqual([expect.objectContaining({ memberId: colleague.userId, permission: 3 })]);
    await row("공유한 메일함").waitFor();

    const other = await e.newPage();
    await signIn(e, other.page, "mina", DOMAIN, USER_PASSWORD);
    const shared = row("프로젝트A \\(", other.page);
    await shared.waitFor();
    await shared.click();
    await other.page.waitForURL(new RegExp(`#/mail/${folder!.id}/1/`));
    await e.shot(other.page, "colleague-shared");
    await other.context.close();
  }, 90_000);

  test("the pane in English and Indonesian", async () => {
    for (const [lng, inbox, tree] of [["en", "Inbox", "Mail folders"], ["id", "Kotak Masuk", "Folder surat"]] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.reload();
      await page.getByRole("treegrid", { name: tree }).waitFor();
      await page.getByRole("row", { name: new RegExp(`^${inbox}`) }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `pane-${lng}`);
    }
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });
});
