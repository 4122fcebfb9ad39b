// The folder tree's actions beyond creating and renaming folders (tests/e2e/mail-folders.test.ts), each checked
// by what the server has afterwards: tags added from the tag root's menu with a colour, renamed and recoloured
// (the tagged mail keeps the tag under its new name), and deleted (gone from the mail too); a saved search
// folder opens its search, is renamed (its search unchanged) and deleted; private folders dragged before and
// next to another (the server's order), and a folder dropped on its own sub-folder is refused without asking
// the server. Folders another user shares: with read permission the list and the reader offer no changes and
// the owner's mail stays as it was; with edit permission the member stars and deletes (into the owner's trash).
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { build, deliver, file, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const DOMAIN = "factions.test";
const e = await startE2E("mail-folders-actions");
const co = await mailCompany(e, DOMAIN);
const me = await co.member("tara");
const owner = await co.member("owen");
const box = await folders(e.t, me);
const ownerBox = await folders(e.t, owner);

const taggedId = await deliver(e, me, { from: "kim@partner.test", to: me.username, subject: "분기 실적 정리", text: "실적 표" });
await deliver(e, me, { from: "lee@partner.test", to: me.username, subject: "점심 약속", text: "12시" });

interface F { id: number | string; parentId: number | string | null; folderType: string; nameFolder: string; tag?: string; color: string | null; options: Record<string, unknown> | null; children: F[] }
const flat = (list: F[]): F[] => list.flatMap((f) => [f, ...flat(f.children)]);
async function tree(token = me.token): Promise<F[]> {
  const r = await e.t.call("GET", "/api/folders", { token });
  expect(r.status).toBe(200);
  return r.body as F[];
}
const find = async (pred: (f: F) => boolean) => flat(await tree()).find(pred);
const tagNode = (tag: string) => find((f) => f.folderType === "TAG" && (f.tag ?? f.nameFolder) === tag);
async function tagsOfMail(mailId: number, who = me): Promise<string[]> {
  const r = await e.t.call("GET", "/api/mails?folderId=-1&page=0&pageSize=100", { token: who.token });
  return r.body.mails.find((m: { mailId: number }) => m.mailId === mailId)?.tags ?? [];
}
async function api(method: string, path: string, json?: unknown, token = me.token) {
  const r = await e.t.call(method, path, { token, json });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`).catch(() => {});
});
const row = (name: string, p: Page = page) => p.getByRole("row", { name: new RegExp(`^${name}`) }).first();
const listRegion = () => page.locator(".mail-list");
async function menuAction(name: string, action: string) {
  await row(name).click({ button: "right" });
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}
/** The tree as the server has it now, after changes made behind the page's back. */
async function reloadTree() {
  await page.reload();
  await page.getByRole("treegrid", { name: "메일함 목록" }).waitFor();
}

await signIn(e, page, "tara", DOMAIN, USER_PASSWORD);

describe("tags in the folder tree", () => {
  test("a tag is added from the tag root's menu with a colour, and its folder lists the tagged mail", async () => {
    await menuAction("태그", "태그 추가");
    const dialog = page.getByRole("dialog", { name: "태그 추가" });
    await dialog.getByLabel("태그 이름").fill("긴급");
    await dialog.getByRole("radio", { name: "빨강" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "tag-add");
    await dialog.getByRole("button", { name: "저장" }).click();
    const ask = page.getByRole("dialog").filter({ hasText: "'긴급' 태그를 추가하시겠습니까?" });
    await ask.getByRole("button", { name: "확인" }).click();
    await row("긴급").waitFor();
    expect(await tagNode("긴급")).toMatchObject({ color: "#e53935" });

    await api("PUT", "/api/mails/tags", { type: "add", tag: "긴급", mailIds: [taggedId] });
    await row("긴급").click();
    await page.waitForURL(/#\/mail\/t_/);
    await listRegion().getByText("분기 실적 정리").waitFor();
    await expect(listRegion().getByText("점심 약속").count()).resolves.toBe(0);
  });

  test("a tag is renamed and recoloured; the mail keeps it under the new name and the route follows", async () => {
    await menuAction("긴급", "태그 편집");
    const dialog = page.getByRole("dialog", { name: "태그 편집" });
    await expect(dialog.getByLabel("태그 이름").inputValue()).resolves.toBe("긴급");
    await expect(dialog.getByRole("radio", { name: "빨강" }).getAttribute("aria-checked")).resolves.toBe("true");
    await dialog.getByLabel("태그 이름").fill("매우_긴급");
    await dialog.getByRole("radio", { name: "파랑" }).click();
    await dialog.getByRole("button", { name: "저장" }).click();
    await row("매우_긴급").waitFor();
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes("/mail/t_매우_긴급/"));
    expect(await tagNode("매우_긴급")).toMatchObject({ color: "#1e88e5" });
    expect(await tagNode("긴급")).toBeUndefined();
    expect(await tagsOfMail(taggedId)).toEqual(["매우_긴급"]);
    await listRegion().getByText("분기 실적 정리").waitFor();
  });

  test("a tag is deleted after a confirm, from the tree and from its mail", async () => {
    await menuAction("매우_긴급", "태그 삭제");
    const ask = page.getByRole("dialog").filter({ hasText: "'매우_긴급' 태그를 삭제하시겠습니까?" });
    await e.shot(page, "tag-delete-confirm");
    await ask.getByRole("button", { name: "태그 삭제" }).click();
    await page.getByText("'매우_긴급' 태그를 삭제했습니다.").first().waitFor();
    await expect(row("매우_긴급").count()).resolves.toBe(0);
    // It was the folder shown: the mail screen goes back to its first folder.
    await page.waitForURL((u) => !decodeURIComponent(u.hash).includes("t_"));
    expect(await tagNode("매우_긴급")).toBeUndefined();
    expect(await tagsOfMail(taggedId)).toEqual([]);
  });
});

describe("search folders", () => {
  test("a saved search folder lists its search, is renamed with its search kept, and is deleted", async () => {
    const root = await find((f) => f.folderType === "SEARCH_ROOT");
    await api("POST", "/api/folders", { folderType: "SEARCH", nameFolder: "실적 검색", parentId: root!.id, options: { type: "all", query: "실적" } });
    await reloadTree();
    await row("실적 검색").click();
    await listRegion().getByText("분기 실적 정리").waitFor();
    await expect(listRegion().getByText("점심 약속").count()).resolves.toBe(0);

    await menuAction("실적 검색", "검색 메일함 이름 바꾸기");
    const dialog = page.getByRole("dialog", { name: "검색 메일함 이름 바꾸기" });
    await expect(dialog.getByLabel("메일함 이름").inputValue()).resolves.toBe("실적 검색");
    await dialog.getByLabel("메일함 이름").fill("분기 실적");
    await dialog.getByRole("button", { name: "저장" }).click();
    await row("분기 실적").waitFor();
    const renamed = await find((f) => f.folderType === "SEARCH");
    expect(renamed).toMatchObject({ nameFolder: "분기 실적", options: expect.objectContaining({ query: "실적" }) });
    // Still the same search.
    await row("분기 실적").click();
    await listRegion().getByText("분기 실적 정리").waitFor();

    await menuAction("분기 실적", "삭제");
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await page.getByText("'분기 실적' 메일함을 삭제했습니다.").first().waitFor();
    expect(await find((f) => f.folderType === "SEARCH")).toBeUndefined();
    // The mails it found are where they were.
    expect((await e.t.call("GET", `/api/mails?folderId=${box.INBOX}&page=0&pageSize=20`, { token: me.token })).body.mails).toHaveLength(2);
  });
});

describe("moving folders by drag and drop", () => {
  const siblings = async () => {
    const root = await find((f) => f.folderType === "PRIVATE_ROOT");
    return root!.children.map((f) => f.nameFolder);
  };
  const moves: string[] = [];
  page.on("request", (r) => r.url().includes("/api/folders/move/") && moves.push(r.url()));

  /** Drags one row onto another's top edge (before), bottom edge (next) or middle (inner). */
  async function drag(from: string, to: string, where: "before" | "next" | "inner") {
    const box = (await row(to).boundingBox())!;
    const y = where === "before" ? 2 : where === "next" ? box.height - 2 : box.height / 2;
    await row(from).dragTo(row(to), { targetPosition: { x: box.width / 2, y } });
  }

  test("a folder dragged to the top edge of the first folder goes before it, to a bottom edge after one", async () => {
    for (const name of ["가", "나", "다"]) await api("POST", "/api/folders", { folderType: "PRIVATE", nameFolder: name });
    await reloadTree();
    expect(await siblings()).toEqual(["가", "나", "다"]);

    await drag("다", "가", "before");
    await expect.poll(siblings, { timeout: 10_000 }).toEqual(["다", "가", "나"]);
    await expect.poll(() => page.locator(".mf-row .mf-name").allTextContents()).toEqual(expect.arrayContaining(["다", "가", "나"]));

    await drag("다", "나", "next");
    await expect.poll(siblings, { timeout: 10_000 }).toEqual(["가", "나", "다"]);
    // What a reload shows is the server's order.
    await reloadTree();
    const names = await page.locator(".mf-row .mf-name").allTextContents();
    expect(names.filter((n) => ["가", "나", "다"].includes(n))).toEqual(["가", "나", "다"]);
    await e.shot(page, "moved-before-next");
  });

  test("a folder dropped on its own sub-folder is refused without asking the server", async () => {
    const parent = (await find((f) => f.nameFolder === "가"))!;
    await api("POST", "/api/folders", { folderType: "PRIVATE", nameFolder: "가-하위", parentId: parent.id });
    await reloadTree();
    await row("가-하위").waitFor();
    moves.length = 0;

    await drag("가", "가-하위", "inner");
    // A valid move after it: once it has landed, the refused one would have been asked before it.
    await drag("나", "다", "inner");
    const dest = (await find((f) => f.nameFolder === "다"))!;
    await expect.poll(async () => (await find((f) => f.nameFolder === "나"))?.parentId, { timeout: 10_000 }).toBe(dest.id);
    expect(moves).toHaveLength(1);
    expect((await find((f) => f.nameFolder === "가"))!.parentId).toBe(parent.parentId);
    expect((await find((f) => f.nameFolder === "가-하위"))!.parentId).toBe(parent.id);
  });
});

describe("moving folders from the menu (the keyboard's way)", () => {
  test("a folder is moved inside another from its menu; a folder's own sub-folders are never offered", async () => {
    await api("POST", "/api/folders", { folderType: "PRIVATE", nameFolder: "라" });
    await reloadTree();
    const into = (await find((f) => f.nameFolder === "가"))!;
    await row("라").focus();
    await page.keyboard.press("Shift+F10");
    await page.getByRole("menuitem", { name: "이동", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "'라' 메일함 이동" });
    await expect(dialog.getByLabel("위치").inputValue()).resolves.toBe("inner");
    const offered = await dialog.getByLabel("기준 메일함").locator("option").allTextContents();
    expect(offered.map((o) => o.trim())).toEqual(["메일함을 고르세요.", "내 메일함", "가", "가-하위", "다", "나"]);
    await dialog.getByLabel("기준 메일함").selectOption(String(into.id));
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "move-dialog");
    await dialog.getByRole("button", { name: "이동" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await find((f) => f.nameFolder === "라"))?.parentId).toBe(into.id);
    // Inside another: that one opens.
    await page.waitForURL(new RegExp(`#/mail/${into.id}/1`));

    // 가 now holds 가-하위 and 라: neither is offered as a place for it; after 다, it goes last.
    await menuAction("가", "이동");
    const again = page.getByRole("dialog", { name: "'가' 메일함 이동" });
    await again.getByLabel("위치").selectOption("next");
    const places = (await again.getByLabel("기준 메일함").locator("option").allTextContents()).map((o) => o.trim());
    expect(places).toEqual(["메일함을 고르세요.", "다", "나"]);
    await again.getByRole("button", { name: "이동" }).click();
    await again.getByText("메일함을 고르세요.", { exact: true }).and(again.locator(".field-error")).waitFor();
    await again.getByLabel("기준 메일함").selectOption(String((await find((f) => f.nameFolder === "다"))!.id));
    await again.getByRole("button", { name: "이동" }).click();
    await again.waitFor({ state: "detached" });
    await expect.poll(async () => (await find((f) => f.folderType === "PRIVATE_ROOT"))!.children.map((f) => f.nameFolder)).toEqual(["다", "가"]);
  });
});

describe("folders shared with the user", () => {
  const readMail = { id: 0, folder: 0 };
  const editMail = { id: 0, folder: 0 };
  async function ownerMail(mailId: number) {
    const r = await e.t.call("GET", `/api/mails?folderId=-1&page=0&pageSize=100`, { token: owner.token });
    const trash = await e.t.call("GET", `/api/mails?folderId=${ownerBox.DELETED}&page=0&pageSize=100`, { token: owner.token });
    const inTrash = trash.body.mails.some((m: { mailId: number }) => m.mailId === mailId);
    const m = r.body.mails.find((x: { mailId: number }) => x.mailId === mailId);
    return { inTrash, readStatus: m?.readStatus, importantStatus: m?.importantStatus };
  }
  async function share(name: string, permission: 2 | 3, into: { id: number; folder: number }, subject: string) {
    into.folder = (await api("POST", "/api/folders", { folderType: "PRIVATE", nameFolder: name }, owner.token)).id;
    into.id = await file(e.t, owner, build({ from: "park@partner.test", to: owner.username, subject, text: "공유 본문" }), { folder: into.folder });
    await api("POST", `/api/share/MAIL/${into.folder}`, { members: [{ memberType: "USER", memberId: me.userId, permission }] }, owner.token);
  }

  test("with read permission the list and the reader offer no changes; the owner's mail stays as it was", async () => {
    await share("읽기 공유", 2, readMail, "읽기만 하는 메일");
    await share("편집 공유", 3, editMail, "편집하는 메일");
    await reloadTree();
    await row("읽기 공유 \\(").click();
    await page.waitForURL(new RegExp(`#/mail/${readMail.folder}/1/`));
    const mailRow = listRegion().getByRole("row", { name: /읽기만 하는 메일/ });
    await mailRow.waitFor();
    await listRegion().getByText("읽기 권한으로 공유받은 메일함입니다.").waitFor();
    await mailRow.getByRole("checkbox").click();
    const toolbar = page.getByRole("toolbar", { name: "메일 목록 도구" });
    await toolbar.getByRole("button", { name: "새로고침" }).waitFor();
    for (const name of ["읽음", "안읽음", "별표", "삭제", "이동", "스팸 신고", "태그"]) {
      await expect(toolbar.getByRole("button", { name, exact: true }).count(), name).resolves.toBe(0);
    }
    await expect(mailRow.getByRole("button", { name: "별표" }).count()).resolves.toBe(0);
    // The keyboard's changes do nothing either: Delete and 's' on the focused row ask the server nothing.
    const writes: string[] = [];
    const onReq = (r: { method(): string; url(): string }) => r.method() !== "GET" && r.url().includes("/api/") && writes.push(r.url());
    page.on("request", onReq);
    await mailRow.press("Delete");
    await mailRow.press("s");
    await e.shot(page, "shared-read-list");

    await mailRow.getByText("읽기만 하는 메일").click();
    await page.getByRole("heading", { name: "읽기만 하는 메일", level: 2 }).waitFor();
    const readerBar = page.getByRole("toolbar", { name: "메일 도구" });
    await readerBar.getByRole("button", { name: "더보기" }).waitFor();
    await expect(readerBar.getByRole("button", { name: "삭제", exact: true }).count()).resolves.toBe(0);
    await expect(page.locator(".mr-head").getByRole("button", { name: "별표" }).count()).resolves.toBe(0);
    await e.shot(page, "shared-read-view");
    page.off("request", onReq);
    expect(writes).toEqual([]);
    expect(await ownerMail(readMail.id)).toEqual({ inTrash: false, readStatus: 0, importantStatus: 0 });
  });

  test("with edit permission the member stars and deletes the owner's mail (into the owner's trash)", async () => {
    await row("편집 공유 \\(").click();
    await page.waitForURL(new RegExp(`#/mail/${editMail.folder}/1/`));
    const mailRow = listRegion().getByRole("row", { name: /편집하는 메일/ });
    await mailRow.waitFor();
    await mailRow.getByRole("button", { name: "별표" }).click();
    await expect.poll(async () => (await ownerMail(editMail.id)).importantStatus).toBe(1);

    await mailRow.getByRole("checkbox").click();
    const toolbar = page.getByRole("toolbar", { name: "메일 목록 도구" });
    await toolbar.getByRole("button", { name: "삭제", exact: true }).click();
    // A starred mail asks before it goes to the trash.
    await page.getByRole("dialog").getByText("별표 표시된 메일입니다. 삭제하시겠습니까?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await expect.poll(async () => (await ownerMail(editMail.id)).inTrash).toBe(true);
    // The list reads the folder again: the mail has left it.
    await mailRow.waitFor({ state: "detached" });
    await e.shot(page, "shared-edit-deleted");
  });

  for (const [lng, treeLabel, readOnly, tags, addTag, move] of [
    ["en", "Mail folders", "Shared with you to read only.", "Tags", "Add tag", "Move"],
    ["id", "Folder surat", "Dibagikan kepada Anda hanya untuk dibaca.", "Tag", "Tambah tag", "Pindahkan"],
  ] as const) {
    test(`the read-only shared list, the tag dialog and the move dialog in ${lng}`, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      try {
        await page.goto(`${e.base}/#/mail/${readMail.folder}/1/${encodeURIComponent(JSON.stringify({ ownerId: owner.userId }))}`);
        await page.reload();
        await page.getByRole("treegrid", { name: treeLabel }).waitFor();
        await listRegion().getByText(readOnly).waitFor();
        await listRegion().getByText("읽기만 하는 메일").waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `shared-read-list-${lng}`);
        await page.getByRole("row", { name: new RegExp(`^${tags}$`) }).first().click({ button: "right" });
        await page.getByRole("menuitem", { name: addTag, exact: true }).click();
        const dialog = page.getByRole("dialog", { name: addTag });
        await dialog.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `tag-add-${lng}`);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        await row("다").click({ button: "right" });
        await page.getByRole("menuitem", { name: move, exact: true }).click();
        const moving = page.getByRole("dialog", { name: `${move} '다'` });
        await moving.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `move-dialog-${lng}`);
        await page.keyboard.press("Escape");
        await moving.waitFor({ state: "detached" });
      } finally {
        await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      }
    });
  }
});
