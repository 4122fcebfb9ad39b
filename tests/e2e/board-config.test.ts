// The board settings in a real browser (issue 28, /board/config/{tabType}): 김매니저 (영업팀) makes a private board
// under 영업본부 for the 영업팀 organisation (with its sub-organisations) and 최개발 (읽기) — the required name and
// description first —, edits it (description, no sub-organisations), finds 영업팀 게시판's visibility locked for
// its sub-board, moves 자유게시판 up by keyboard, deletes the private board and restores it from 삭제된 게시판 (and
// is told to restore a parent first), hides and unhides a board, adds, refuses a duplicate of, renames,
// recolours and deletes a tag, gives 자유게시판 a mail address (a taken one refused) and an IN domain filter (no
// classifier, then a bad domain, then a good one), and switches the view; axe on each tab. Then the screens in
// English at phone width and in Indonesian. Screenshots under test-results/e2e/board-config/.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { boardApi, boardCompany, makeBoard } from "../board/support.ts";
import type { BoardDetail, BoardTree, HiddenBoard } from "../../shared/board/boards.ts";
import type { BoardConfig, BoardMail } from "../../shared/board/config.ts";
import { TAG_COLORS } from "../../shared/board/constants.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("board-config");
const B = await boardCompany(e.t, "board-config.test");
const api = boardApi(e.t);
const { manager: kim, dev: choi } = B;

const group = await makeBoard(e.t, kim, { name: "영업본부", boardType: "GROUP" });
const salesBoard = await makeBoard(e.t, kim, { name: "영업팀 게시판", parentId: group.id });
const partBoard = await makeBoard(e.t, kim, { name: "영업1파트 자료실", parentId: salesBoard.id });
const free = await makeBoard(e.t, kim, { name: "자유게시판" });

/** The settings' texts (locales/<lng>/board/config.json) with {{vars}} filled in. */
function cfg(lng: Lang) {
  const tree = JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/board/config.json`, import.meta.url), "utf8"));
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree);
    if (typeof v !== "string") throw new Error(`no text config.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}

async function open(path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, "kim", B.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
/** Picks a react-aria radio or switch by its label (its input is visually hidden), and waits for it to be on. */
async function choose(control: Locator) {
  await control.locator("xpath=ancestor::label[1]").click();
  await expect.poll(() => control.isChecked(), { timeout: 5000 }).toBe(true);
}
const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
const topNames = async () => (await api.ok<BoardTree>(200, "GET", "list", kim)).boards.filter((b) => b.id > 0).map((b) => b.name);

async function tab(p: Page, name: string, path: string) {
  await p.getByRole("tab", { name, exact: true }).click();
  await p.waitForURL(new RegExp(`#/board/config/${path}$`));
  await p.getByRole("tabpanel", { name }).waitFor();
}

describe("board settings", () => {
  test("manage, trash, hidden, tags, mail and view in Korean", async () => {
    const p = await open("/board/config");
    await p.waitForURL(/#\/board\/config\/manage$/);
    await p.getByRole("heading", { level: 1, name: "게시판 설정" }).waitFor();
    await expect(p.getByRole("tab").allTextContents()).resolves.toEqual(["게시판 관리", "태그", "숨긴 게시판", "메일 연동", "보기 설정", "삭제된 게시판"]);
    const rows = p.getByRole("list", { name: "관리하는 게시판" });
    await rows.getByText("영업1파트 자료실", { exact: true }).waitFor();
    await look(p, "ko-manage");

    // A private board: the name and description are required; 영업팀 (with sub-organisations) writes, 최개발 reads.
    await p.getByRole("button", { name: "게시판 추가", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "게시판 추가" });
    await dialog.getByRole("button", { name: "만들기", exact: true }).click();
    await dialog.getByText("게시판 이름을 입력하세요.", { exact: true }).waitFor();
    await dialog.getByText("게시판 설명을 입력하세요.", { exact: true }).waitFor();
    await dialog.getByRole("textbox", { name: "이름", exact: true }).fill("영업 비공개 자료");
    await dialog.getByRole("textbox", { name: "설명", exact: true }).fill("영업팀 내부 자료를 공유합니다.");
    await dialog.getByRole("button", { name: /상위 위치/ }).click();
    await p.getByRole("option", { name: "영업본부", exact: true }).click();
    await choose(dialog.getByRole("radio", { name: "지정한 멤버만", exact: true }));
    await dialog.getByRole("button", { name: /조직도에서 선택$/ }).click();
    await dialog.getByRole("button", { name: "영업팀 조직 추가", exact: true }).click();
    await dialog.getByRole("combobox", { name: "구성원 추가" }).fill("최개발");
    await p.getByRole("option", { name: /^최개발/ }).click();
    const members = dialog.getByRole("list", { name: "멤버 목록" });
    await members.getByText("최개발", { exact: true }).waitFor();
    await members.getByRole("button", { name: /최개발 권한/ }).click();
    await p.getByRole("option", { name: "읽기", exact: true }).click();
    await expect(members.getByRole("checkbox", { name: "영업팀 하위 조직 포함", exact: true }).isChecked()).resolves.toBe(true);
    await look(p, "ko-add-dialog");
    await dialog.getByRole("button", { name: "만들기", exact: true }).click();
    await snack(p, "게시판을 추가했습니다.");
    await rows.getByText("영업 비공개 자료", { exact: true }).waitFor();
    const made = (await api.ok<BoardTree>(200, "GET", "list", kim)).boards.find((b) => b.id === group.id)!.children.find((c) => c.name === "영업 비공개 자료")!;
    let detail = await api.ok<BoardDetail>(200, "GET", `detail/${made.id}`, kim);
    expect(detail.visibility).toBe("PRIVATE");
    expect(detail.groupId).toBe(group.id);
    expect(detail.members.organs.map((o) => [o.id, o.includeChildren, o.privilege])).toEqual([[B.organs.sales, true, "WRITE"]]);
    expect(detail.members.users.map((u) => [u.id, u.privilege])).toEqual([[choi.id, "READ"]]);
    expect(detail.managers.map((m) => m.id)).toEqual([kim.id]);

    // Edit: a new description, 영업팀 without its sub-organisations.
    await p.getByRole("button", { name: "영업 비공개 자료 수정", exact: true }).click();
    const edit = p.getByRole("dialog", { name: "게시판 수정" });
    const description = edit.getByRole("textbox", { name: "설명", exact: true });
    await expect.poll(() => description.inputValue(), { timeout: 5000 }).toBe("영업팀 내부 자료를 공유합니다.");
    await description.fill("영업팀 내부 자료실입니다.");
    await edit.getByRole("checkbox", { name: "영업팀 하위 조직 포함", exact: true }).uncheck();
    await edit.getByRole("button", { name: "저장", exact: true }).click();
    await snack(p, "게시판 정보를 수정했습니다.");
    await expect.poll(async () => (await api.ok<BoardDetail>(200, "GET", `detail/${made.id}`, kim)).description, { timeout: 5000 })
      .toBe("영업팀 내부 자료실입니다.");
    detail = await api.ok<BoardDetail>(200, "GET", `detail/${made.id}`, kim);
    expect(detail.members.organs.map((o) => o.includeChildren)).toEqual([false]);
    expect(detail.members.users.map((u) => u.privilege)).toEqual(["READ"]);

    // 영업팀 게시판 holds a sub-board: its visibility cannot change, and the dialog says why.
    await p.getByRole("button", { name: "영업팀 게시판 수정", exact: true }).click();
    const locked = p.getByRole("dialog", { name: "게시판 수정" });
    await locked.getByText("하위 게시판이 있는 게시판은 공개 범위를 변경할 수 없습니다.", { exact: true }).waitFor();
    await expect(locked.getByRole("radio", { name: "지정한 멤버만", exact: true }).isDisabled()).resolves.toBe(true);
    await expect(locked.getByRole("radio", { name: "전체 공개", exact: true }).isDisabled()).resolves.toBe(true);
    await look(p, "ko-visibility-locked");
    await locked.getByRole("button", { name: "취소", exact: true }).click();
    await locked.waitFor({ state: "detached" });

    // 자유게시판 up by keyboard: it goes first, and the focus stays with it (on ↓, ↑ being disabled at the top).
    expect(await topNames()).toEqual(["영업본부", "자유게시판"]);
    const up = p.getByRole("button", { name: "자유게시판 위로 이동", exact: true });
    await up.focus();
    await p.keyboard.press("Enter");
    await expect.poll(topNames, { timeout: 5000 }).toEqual(["자유게시판", "영업본부"]);
    await expect.poll(() => up.isDisabled(), { timeout: 5000 }).toBe(true);
    await expect.poll(() => focused(p.getByRole("button", { name: "자유게시판 아래로 이동", exact: true })), { timeout: 5000 }).toBe(true);

    // Delete the private board (confirmed), then restore it from 삭제된 게시판.
    await p.getByRole("button", { name: "영업 비공개 자료 삭제", exact: true }).click();
    const ask = p.getByRole("dialog", { name: "게시판 삭제" });
    await ask.getByText("‘영업 비공개 자료’을(를) 삭제하시겠습니까? 삭제한 게시판은 7일 안에 ‘삭제된 게시판’에서 복구할 수 있습니다.", { exact: true }).waitFor();
    await ask.getByRole("button", { name: "삭제", exact: true }).click();
    await snack(p, "게시판을 삭제했습니다.");
    await expect.poll(() => rows.getByText("영업 비공개 자료", { exact: true }).count(), { timeout: 5000 }).toBe(0);
    await api.fails(404, "board.8", "GET", `detail/${made.id}`, kim);

    await tab(p, "삭제된 게시판", "trash");
    const trash = p.getByRole("list", { name: "삭제된 게시판" });
    const deletedRow = trash.getByRole("listitem").filter({ hasText: "영업 비공개 자료" });
    await deletedRow.getByText(/7일 후 영구 삭제$/).waitFor();
    await look(p, "ko-trash");
    await p.getByRole("button", { name: "영업 비공개 자료 복구", exact: true }).click();
    await snack(p, "게시판 삭제를 취소했습니다.");
    await p.getByText("복구할 수 있는 게시판이 없습니다.", { exact: true }).waitFor();
    expect((await api.ok<BoardDetail>(200, "GET", `detail/${made.id}`, kim)).isDeleted).toBe(false);

    // A sub-board deleted with its parent waits for the parent.
    await api.ok(200, "DELETE", String(salesBoard.id), kim);
    await p.getByRole("button", { name: "영업1파트 자료실 복구", exact: true }).click();
    await snack(p, "상위 게시판을 먼저 복구하세요.");
    await p.getByRole("button", { name: "영업팀 게시판 복구", exact: true }).click();
    await snack(p, "게시판 삭제를 취소했습니다.");
    await p.getByText("복구할 수 있는 게시판이 없습니다.", { exact: true }).waitFor();
    expect((await api.ok<BoardDetail>(200, "GET", `detail/${partBoard.id}`, kim)).isDeleted).toBe(false);

    // Hide 자유게시판: it leaves the side pane and is listed as hidden; then shown again.
    await tab(p, "숨긴 게시판", "hidden");
    const side = p.getByRole("navigation", { name: "게시판 메뉴" });
    await side.getByRole("link", { name: /^자유게시판/ }).waitFor();
    await p.getByRole("button", { name: "자유게시판 숨기기", exact: true }).click();
    await snack(p, "‘자유게시판’을(를) 숨겼습니다.");
    await p.getByRole("list", { name: "숨긴 게시판 목록" }).getByText("자유게시판", { exact: true }).waitFor();
    await expect.poll(() => side.getByRole("link", { name: /^자유게시판/ }).count(), { timeout: 5000 }).toBe(0);
    expect((await api.ok<HiddenBoard[]>(200, "GET", "hidden", kim)).map((h) => h.id)).toEqual([free.id]);
    await look(p, "ko-hidden");
    await p.getByRole("button", { name: "자유게시판 다시 표시", exact: true }).click();
    await snack(p, "‘자유게시판’을(를) 다시 표시합니다.");
    await side.getByRole("link", { name: /^자유게시판/ }).waitFor();
    await p.getByText("숨긴 게시판이 없습니다.", { exact: true }).waitFor();

    // Tags: add 긴급 in the third colour (keyboard), a duplicate in another case refused, rename and recolour, delete.
    await tab(p, "태그", "tag");
    await p.getByRole("textbox", { name: "태그 이름", exact: true }).fill("긴급");
    await p.getByRole("radio", { name: "빨강", exact: true }).focus();
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    await expect.poll(() => p.getByRole("radio", { name: "노랑", exact: true }).isChecked()).toBe(true);
    await p.getByRole("button", { name: "추가", exact: true }).click();
    await snack(p, "‘긴급’ 태그를 추가했습니다.");
    const tags = p.getByRole("list", { name: "태그 목록" });
    await tags.getByText("긴급", { exact: true }).waitFor();
    expect((await api.ok<BoardConfig>(200, "GET", "config", kim)).tags.map((t) => [t.name, t.color])).toEqual([["긴급", TAG_COLORS[2]]]);
    await p.getByRole("textbox", { name: "태그 이름", exact: true }).fill("긴급");
    await p.getByRole("button", { name: "추가", exact: true }).click();
    await p.getByText("이미 사용 중인 태그 이름입니다.", { exact: true }).waitFor();
    await look(p, "ko-tags");
    await p.getByRole("button", { name: "긴급 태그 수정", exact: true }).click();
    await tags.getByRole("textbox", { name: "긴급 태그 이름", exact: true }).fill("매우 긴급");
    await choose(tags.getByRole("radio", { name: "파랑", exact: true }));
    await tags.getByRole("button", { name: "저장", exact: true }).click();
    await snack(p, "태그를 수정했습니다.");
    await tags.getByText("매우 긴급", { exact: true }).waitFor();
    expect((await api.ok<BoardConfig>(200, "GET", "config", kim)).tags.map((t) => [t.name, t.color])).toEqual([["매우 긴급", TAG_COLORS[6]]]);
    await p.getByRole("button", { name: "매우 긴급 태그 삭제", exact: true }).click();
    await p.getByRole("dialog", { name: "태그 삭제" }).getByRole("button", { name: "삭제", exact: true }).click();
    await snack(p, "‘매우 긴급’ 태그를 삭제했습니다.");
    await p.getByText("등록된 태그가 없습니다.", { exact: true }).waitFor();

    // Mail: 자유게시판's address (김매니저's own is taken) and an IN domain filter.
    await tab(p, "메일 연동", "mail");
    await p.getByRole("tabpanel", { name: "메일 연동" }).getByRole("button", { name: /게시판$/ }).first().click();
    await p.getByRole("option", { name: "자유게시판", exact: true }).click();
    const local = p.getByRole("textbox", { name: "메일 주소 아이디", exact: true });
    await p.getByText(`@${B.co.domain}`, { exact: true }).waitFor();
    await local.fill("kim");
    await p.getByRole("button", { name: "주소 저장", exact: true }).click();
    await p.getByText("이미 사용 중인 메일 주소입니다.", { exact: true }).waitFor();
    await local.fill("free");
    await p.getByRole("button", { name: "주소 저장", exact: true }).click();
    await p.getByText(`현재 주소: free@${B.co.domain}`, { exact: true }).waitFor();
    const incoming = p.getByRole("region", { name: "받는 메일" });
    await incoming.getByText("게시판 주소로 온 메일 중 이 보낸 사람(주소 또는 도메인)의 메일은 멤버가 아니어도 게시물로 등록합니다.", { exact: true }).waitFor();
    await p.getByRole("region", { name: "보내는 메일" }).getByText("멤버가 이 받는 사람(주소 또는 도메인)에게 보낸 메일을 그 멤버의 게시물로 게시판에 보관합니다.", { exact: true }).waitFor();
    const content = incoming.getByRole("textbox", { name: "보낸 사람 주소 또는 도메인", exact: true });
    await content.fill("partner co kr");
    await incoming.getByRole("button", { name: "필터 추가", exact: true }).click();
    await incoming.getByText("분류를 선택하세요.", { exact: true }).waitFor();
    await choose(incoming.getByRole("radio", { name: "도메인", exact: true }));
    await incoming.getByRole("button", { name: "필터 추가", exact: true }).click();
    await incoming.getByText("도메인 형식이 올바르지 않습니다.", { exact: true }).waitFor();
    expect((await api.ok<BoardMail>(200, "GET", `${free.id}/mail`, kim)).filters).toEqual([]);
    await look(p, "ko-mail-invalid");
    await content.fill("Partner.co.kr");
    await incoming.getByRole("button", { name: "필터 추가", exact: true }).click();
    await snack(p, "partner.co.kr 필터를 추가했습니다.");
    await incoming.getByRole("list", { name: "받는 메일 필터" }).getByText("partner.co.kr", { exact: true }).waitFor();
    const mail = await api.ok<BoardMail>(200, "GET", `${free.id}/mail`, kim);
    expect(mail.address).toBe(`free@${B.co.domain}`);
    expect(mail.filters.map((f) => [f.direction, f.classifier, f.content])).toEqual([["IN", "DOMAIN", "partner.co.kr"]]);
    await look(p, "ko-mail");

    // View: the list, 20 posts a page, the digest.
    await tab(p, "보기 설정", "view");
    await choose(p.getByRole("radio", { name: "목록형", exact: true }));
    await p.getByRole("textbox", { name: "페이지당 게시물 수", exact: true }).fill("20");
    await choose(p.getByRole("switch", { name: "일일 요약 메일 받기" }));
    await look(p, "ko-view");
    await p.getByRole("button", { name: "저장", exact: true }).click();
    await snack(p, "보기 설정을 저장했습니다.");
    const saved = await api.ok<BoardConfig>(200, "GET", "config", kim);
    expect([saved.viewType, saved.postPageSize, saved.replyPageSize, saved.digest]).toEqual(["LIST", 20, 10, true]);
  });

  async function walk(lng: Lang, width: number) {
    const tr = cfg(lng);
    await speak(e, kim, lng, "김매니저");
    const p = await open("/board/config/manage", width);
    await p.getByRole("heading", { level: 1, name: tr("title") }).waitFor();
    await p.getByRole("list", { name: tr("manage.list") }).getByText("영업1파트 자료실", { exact: true }).waitFor();
    await look(p, `${lng}-${width}-manage`);
    await p.getByRole("button", { name: tr("manage.addBoard"), exact: true }).click();
    const dialog = p.getByRole("dialog", { name: tr("form.createTitle.BOARD") });
    await choose(dialog.getByRole("radio", { name: tr("visibility.PRIVATE"), exact: true }));
    await dialog.getByText(tr("form.noMembers"), { exact: true }).waitFor();
    await look(p, `${lng}-${width}-add-dialog`);
    await dialog.getByRole("button", { name: tr("cancel"), exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    for (const [key, path] of [["mail", "mail"], ["tag", "tag"], ["view", "view"]] as const) {
      await tab(p, tr(`tab.${key}`), path);
      await look(p, `${lng}-${width}-${key}`);
    }
    await p.context().close();
  }

  test("in English at phone width and in Indonesian", async () => {
    await walk("en", 390);
    await walk("id", 1280);
  });
});

