// To-do's item detail panel in a real browser (issue 30): 김소유 opens 보고서 작성 from the board's address; the
// focus is in the panel; the content is written in the editor and saved (POST detail/content); the checklist
// gets two entries, one checked ("1/2") and one renamed in place, then one deleted; a file is uploaded (its
// progress shown while the server has not answered), a name over 200 characters is refused before sending, the
// file is deleted after confirmation; a comment is posted, edited and deleted, while 이팔로's comment offers
// neither edit nor delete; Escape closes the panel. 이팔로 reads it in English at phone width (the whole
// screen), 박개발 in Indonesian. axe on every screen, no console errors; screenshots under
// test-results/e2e/todo-detail/.
import { Buffer } from "node:buffer";
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { workPages } from "./support/work-pages.ts";
import { follow, makeBoard, makeWorkspace, todoApi, todoCompany } from "../todo/support.ts";
import type { ItemDetail } from "../../shared/todo/details.ts";
import type { TodoItem } from "../../shared/todo/items.ts";

const e = await startE2E("todo-detail");
const C = await todoCompany(e.t, "todo-detail.test");
// A refused call a screen handles (a 404 or 409 the test provokes) is logged by the browser itself.
const { open, look, consoleErrors } = workPages(e, C.co.domain, { expected: /^Failed to load resource/ });
const api = todoApi(e.t);

const action = (o: Record<string, unknown>) => encodeURIComponent(JSON.stringify(o));
const hash = (p: Page) => decodeURIComponent(new URL(p.url()).hash.slice(1));

afterAll(() => expect(consoleErrors).toEqual([]));

describe("to-do item detail", () => {
  test("content, checklist, a file with progress then deleted, comments (own editable only), Escape; English on a phone, Indonesian", async () => {
    const ws = await makeWorkspace(e.t, C.owner, "출시 준비");
    await follow(e.t, C.follower, ws.id);
    await follow(e.t, C.other, ws.id);
    const { node, entry } = await makeBoard(e.t, C.owner, ws.id, "보고 업무");
    const groupId = entry.groups[0].id;
    const item = await api.ok<TodoItem>(201, "POST", "item", C.owner, { boardId: node.id, groupId, title: "보고서 작성" });
    const D = `item/${item.id}/${node.id}/detail`;
    await api.ok(201, "POST", `${D}/comment`, C.follower, { content: "확인 부탁드립니다" });
    const detail = () => api.ok<ItemDetail>(200, "GET", D, C.owner);

    const path = `/todo/${ws.id}/${node.id}/${action({ groupId, itemId: item.id })}`;
    const p = await open(path, "kim");
    const panel = p.getByRole("dialog", { name: "보고서 작성" });
    await panel.waitFor();
    await expect.poll(() => panel.getByRole("heading", { level: 1 }).evaluate((el) => el === document.activeElement)).toBe(true);

    // Content.
    const editor = panel.getByRole("textbox", { name: "상세 내용" });
    await editor.click();
    await p.keyboard.type("초안을 금요일까지 정리합니다");
    await panel.getByRole("button", { name: "저장", exact: true }).first().click();
    await panel.getByText("저장했습니다").waitFor();
    expect((await detail()).content).toContain("초안을 금요일까지 정리합니다");

    // Checklist: two entries, one checked, one renamed in place, then the first deleted.
    const newEntry = panel.getByRole("textbox", { name: "새 체크리스트 항목" });
    await newEntry.fill("자료 조사");
    await newEntry.press("Enter");
    await panel.getByRole("button", { name: "자료 조사 이름 바꾸기" }).waitFor();
    await newEntry.fill("목차 작성");
    await panel.getByRole("button", { name: "추가", exact: true }).click();
    await panel.getByRole("button", { name: "목차 작성 이름 바꾸기" }).waitFor();
    await panel.getByRole("checkbox", { name: "자료 조사" }).check();
    await panel.getByRole("img", { name: "2개 중 1개 완료" }).waitFor();
    await panel.getByRole("button", { name: "목차 작성 이름 바꾸기" }).click();
    const rename = panel.getByRole("textbox", { name: "목차 작성의 새 이름" });
    await rename.fill("목차 확정");
    await rename.press("Enter");
    await panel.getByRole("button", { name: "목차 확정 이름 바꾸기" }).waitFor();
    await expect.poll(async () => (await detail()).checkList.map((c) => [c.title, c.checked])).toEqual([["자료 조사", true], ["목차 확정", false]]);
    await panel.getByRole("button", { name: "자료 조사 삭제" }).click();
    await panel.getByRole("button", { name: "자료 조사 이름 바꾸기" }).waitFor({ state: "detached" });
    await look(p, "detail-content-checklist");

    // A file: its progress is shown while the server has not answered; then it is listed.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await p.route("**/detail/file/upload", async (route) => {
      await held;
      await route.continue();
    });
    const chooser = p.waitForEvent("filechooser");
    await panel.getByRole("button", { name: "파일 추가" }).click();
    await (await chooser).setFiles({ name: "보고서 초안.txt", mimeType: "text/plain", buffer: Buffer.from("초안 ".repeat(20_000)) });
    await panel.getByRole("progressbar", { name: "보고서 초안.txt 업로드 중" }).waitFor();
    await look(p, "detail-uploading");
    release();
    await panel.getByRole("button", { name: "보고서 초안.txt 내려받기" }).waitFor();
    await p.unroute("**/detail/file/upload");
    expect((await detail()).fileList).toEqual([expect.objectContaining({ name: "보고서 초안.txt", size: 140_000 })]);

    // A name over 200 characters is refused before anything is sent.
    const chooser2 = p.waitForEvent("filechooser");
    await panel.getByRole("button", { name: "파일 추가" }).click();
    await (await chooser2).setFiles({ name: `${"가".repeat(201)}.txt`, mimeType: "text/plain", buffer: Buffer.from("x") });
    await panel.getByText("파일의 이름은 200글자 이하여야 합니다.").waitFor();
    await panel.getByRole("button", { name: /목록에서 빼기$/ }).click();

    // Deleted after confirmation.
    await panel.getByRole("button", { name: "보고서 초안.txt 삭제" }).click();
    await p.getByRole("dialog", { name: "확인해 주세요" }).getByRole("button", { name: "삭제" }).click();
    await panel.getByRole("button", { name: "보고서 초안.txt 내려받기" }).waitFor({ state: "detached" });
    expect((await detail()).fileList).toEqual([]);

    // Comments: 이팔로's has no edit or delete; one's own is posted, edited and deleted.
    await panel.getByText("확인 부탁드립니다").waitFor();
    await expect(panel.getByRole("button", { name: /님의 댓글 (수정|삭제)$/ }).count()).resolves.toBe(0);
    const box = panel.getByRole("textbox", { name: "새 댓글" });
    /** A comment's text in the list (a box holding the same text does not count). */
    const said = (text: string) => panel.locator(".wk-comment-text").getByText(text, { exact: true });
    await box.fill("초안 올렸습니다");
    await box.press("Enter");
    await said("초안 올렸습니다").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    await panel.getByRole("button", { name: "김소유님의 댓글 수정" }).click();
    const edit = panel.getByRole("textbox", { name: "댓글 수정" });
    await edit.fill("초안 올렸습니다. 검토해 주세요");
    await edit.press("Enter");
    await edit.waitFor({ state: "detached" });
    await said("초안 올렸습니다. 검토해 주세요").waitFor();
    await expect.poll(async () => (await detail()).commentList.map((c) => c.content)).toEqual(["확인 부탁드립니다", "초안 올렸습니다. 검토해 주세요"]);
    await look(p, "detail-comments");
    await panel.getByRole("button", { name: "김소유님의 댓글 삭제" }).click();
    await p.getByRole("dialog", { name: "확인해 주세요" }).getByRole("button", { name: "삭제" }).click();
    await said("초안 올렸습니다. 검토해 주세요").waitFor({ state: "detached" });
    const after = await detail();
    expect(after.commentList.map((c) => c.content)).toEqual(["확인 부탁드립니다"]);
    expect(after).toMatchObject({ existContent: true, checkListCnt: 1, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 1 });

    // Escape closes the panel (the address loses the item).
    await panel.getByRole("heading", { level: 1 }).focus();
    await p.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(hash(p)).not.toContain("itemId");
    await p.context().close();

    // 이팔로 in English on a phone: the panel is the whole screen; 김소유's comment is not theirs to change.
    await api.ok(201, "POST", `${D}/comment`, C.owner, { content: "내일 회의에서 봅시다" });
    await speak(e, C.follower, "en");
    const q = await open(path, "lee", 390);
    const qp = q.getByRole("dialog", { name: "보고서 작성" });
    await qp.getByText("내일 회의에서 봅시다").waitFor();
    const box2 = await qp.boundingBox();
    expect(box2 && Math.round(box2.width)).toBe(390);
    await expect(qp.getByRole("button", { name: /comment$/ }).count()).resolves.toBe(2); // edit and delete of their own only
    await expect(qp.getByRole("button", { name: /김소유's comment$/ }).count()).resolves.toBe(0);
    await look(q, "detail-en-phone");
    await q.context().close();

    await speak(e, C.other, "id");
    const r = await open(path, "park");
    await r.getByRole("dialog", { name: "보고서 작성" }).getByText("Daftar periksa").first().waitFor();
    await look(r, "detail-id");
    await r.context().close();
  });
});
