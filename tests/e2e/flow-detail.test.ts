// A flow task's detail parts in a real browser (issue 30, W5): in 신제품 출시 김마스 opens a task's panel, adds a
// checklist item and checks it, writes a comment, edits and deletes it (이멤버's comment: deletable by the
// MASTER, not editable), uploads an image and a .eml one after the other and opens each in the attachment
// viewer (the image shown, the .eml read as a mail), adds a subtask and opens it; then opens the task in its own
// window (popup mode) where a checklist item added shows in the opener at once. The panel in English at 390 px
// and the viewer in Indonesian. Console errors fail the test; axe on each screen; screenshots under
// test-results/e2e/flow-detail/.
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { flowApi, flowCompany, makeProject, makeTask } from "../flow/support.ts";
import type { FlowTask } from "../../shared/flow/tasks.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("flow-detail");
const F = await flowCompany(e.t, "flow-detail.test");
const api = flowApi(e.t);
const project = await makeProject(e.t, F.master, { title: "신제품 출시", members: [F.member] });
const task = await makeTask(e.t, F.master, project.id, { title: "출시 일정 정리" });
await api.ok(201, "POST", `projects/${project.id}/tasks/${task.id}/comments`, F.member, { content: "이멤버의 의견" });
const consoleErrors: string[] = [];

function tx(lng: Lang = "ko") {
  const root = new URL(`../../web/src/locales/${lng}/`, import.meta.url);
  const base = JSON.parse(readFileSync(new URL("flow.json", root), "utf8"));
  for (const part of ["detail", "files", "panel"]) base[part] = JSON.parse(readFileSync(new URL(`flow/${part}.json`, root), "utf8"));
  base.work = JSON.parse(readFileSync(new URL("common.json", root), "utf8")).work;
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], base);
    if (typeof v !== "string") throw new Error(`no text ${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const ko = tx("ko");
const taskAddress = (id: number) => `/flow/${project.id}/tasks/${encodeURIComponent(JSON.stringify({ taskId: id }))}`;

async function open(loginId: string, path: string, width = 1280): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await e.newPage({ width, height: width < 600 ? 844 : 900 });
  page.setDefaultTimeout(15_000);
  const watch = (p: Page) => {
    p.on("console", (m) => m.type() === "error" && consoleErrors.push(`[${loginId}] ${m.text()}`));
    p.on("pageerror", (err) => consoleErrors.push(`[${loginId}] ${err.message}`));
  };
  watch(page);
  context.on("page", watch);
  await signIn(e, page, loginId, F.co.domain, PW, path);
  return { page, context };
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}
const read = () => api.ok<FlowTask>(200, "GET", `projects/${project.id}/tasks/${task.id}`, F.master);

const PNG = Buffer.from(Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQqzhBEmIY1TCqYfhqAABoaV4Qi1HI+QAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0)));
const EML = [
  "From: 최고객 <choi@client.example>",
  "To: kim@flow-detail.test",
  "Cc: 박참조 <park@client.example>",
  "Subject: =?UTF-8?B?" + btoa(String.fromCharCode(...new TextEncoder().encode("회의록 공유"))) + "?=",
  "Date: Tue, 03 Mar 2026 10:00:00 +0900",
  "MIME-Version: 1.0",
  "Content-Type: text/html; charset=utf-8",
  "Content-Transfer-Encoding: 8bit",
  "",
  "<p>지난 회의의 <b>결정 사항</b>입니다.</p>",
  "",
].join("\r\n");

afterAll(() => {
  expect(consoleErrors).toEqual([]);
});

let kim: Page;
let kimContext: BrowserContext;

describe("flow task detail", () => {
  test("checklist, comments (edit, delete; another's deletable only)", async () => {
    ({ page: kim, context: kimContext } = await open("kim", taskAddress(task.id)));
    const panel = kim.getByRole("dialog", { name: task.title });
    await panel.waitFor();

    await panel.getByRole("textbox", { name: ko("work.checklist.newEntry") }).fill("자료 조사");
    await panel.getByRole("textbox", { name: ko("work.checklist.newEntry") }).press("Enter");
    await panel.getByRole("checkbox", { name: "자료 조사" }).waitFor();
    await panel.getByRole("checkbox", { name: "자료 조사" }).click();
    await expect.poll(async () => (await read()).checklist?.map((c) => [c.title, c.checked])).toEqual([["자료 조사", true]]);

    await panel.getByRole("textbox", { name: ko("work.comments.newBox") }).fill("첫 댓글");
    await panel.getByRole("textbox", { name: ko("work.comments.newBox") }).press("Enter");
    await panel.getByText("첫 댓글", { exact: true }).waitFor();
    // 이멤버's comment: the MASTER may delete it, never edit it.
    expect(await panel.getByRole("button", { name: ko("work.comments.editOf", { name: "이멤버" }) }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: ko("work.comments.deleteOf", { name: "이멤버" }) }).count()).toBe(1);

    await panel.getByRole("button", { name: ko("work.comments.editOf", { name: "김마스" }) }).click();
    await panel.getByRole("textbox", { name: ko("work.comments.editBox") }).fill("고친 댓글");
    await panel.getByRole("button", { name: ko("work.comments.save") }).click();
    await panel.getByText("고친 댓글", { exact: true }).waitFor();
    await panel.getByRole("button", { name: ko("work.comments.deleteOf", { name: "김마스" }) }).click();
    await kim.getByRole("dialog").filter({ hasText: ko("detail.comments.confirmDelete") }).getByRole("button", { name: ko("common.delete") }).click();
    await panel.getByText("고친 댓글", { exact: true }).waitFor({ state: "detached" });
    expect((await read()).comments?.map((c) => c.content)).toEqual(["이멤버의 의견"]);
    await look(kim, "ko-panel-checklist-comments");
  });

  test("files one after another, then the viewer: an image and a .eml read as a mail", async () => {
    const panel = kim.getByRole("dialog", { name: task.title });
    await panel.locator(".fl-detail-files input[type=file]").setInputFiles([
      { name: "도면.png", mimeType: "image/png", buffer: PNG },
      { name: "회의록.eml", mimeType: "message/rfc822", buffer: Buffer.from(EML, "utf8") },
    ]);
    await panel.getByRole("link", { name: ko("detail.files.view", { name: "도면.png" }) }).waitFor();
    await panel.getByRole("link", { name: ko("detail.files.viewMail", { name: "회의록.eml" }) }).waitFor();
    expect((await read()).files?.map((f) => [f.name, f.isEml])).toEqual([["도면.png", false], ["회의록.eml", true]]);
    await look(kim, "ko-panel-files");

    await panel.getByRole("link", { name: ko("detail.files.view", { name: "도면.png" }) }).click();
    const img = kim.getByRole("img", { name: "도면.png" });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(16);
    await look(kim, "ko-viewer-image");

    await kim.goBack();
    await kim.getByRole("dialog", { name: task.title }).getByRole("link", { name: ko("detail.files.viewMail", { name: "회의록.eml" }) }).click();
    await kim.getByRole("heading", { name: "회의록 공유", level: 2 }).waitFor();
    await kim.getByText("최고객 <choi@client.example>").waitFor();
    await kim.getByText("박참조 <park@client.example>").waitFor();
    const body = kim.frameLocator(".fl-eml-frame");
    await body.getByText("결정 사항").waitFor();
    expect(await kim.locator(".fl-eml-frame").getAttribute("sandbox")).not.toContain("allow-scripts");
    await look(kim, "ko-viewer-eml");
  });

  test("a subtask added and opened; popup mode mirrors a change to the opener at once", async () => {
    await kim.goto(`${e.base}/#${taskAddress(task.id)}`);
    const panel = kim.getByRole("dialog", { name: task.title });
    await panel.getByRole("textbox", { name: ko("detail.subtasks.new") }).fill("견적서 받기");
    await panel.getByRole("textbox", { name: ko("detail.subtasks.new") }).press("Enter");
    await panel.getByRole("button", { name: ko("detail.subtasks.open", { title: "견적서 받기" }) }).click();
    const sub = kim.getByRole("dialog", { name: "견적서 받기" });
    await sub.getByRole("button", { name: ko("detail.toParent") }).waitFor();
    // A subtask has no subtasks of its own.
    expect(await sub.getByRole("textbox", { name: ko("detail.subtasks.new") }).count()).toBe(0);
    await sub.getByRole("button", { name: ko("detail.toParent") }).click();
    await panel.waitFor();

    const [popup] = await Promise.all([kimContext.waitForEvent("page"), panel.getByRole("button", { name: ko("detail.openWindow") }).click()]);
    await popup.waitForLoadState();
    const inPopup = popup.getByRole("dialog", { name: task.title });
    await inPopup.getByRole("textbox", { name: ko("work.checklist.newEntry") }).fill("팝업에서 추가");
    await inPopup.getByRole("textbox", { name: ko("work.checklist.newEntry") }).press("Enter");
    await inPopup.getByRole("checkbox", { name: "팝업에서 추가" }).waitFor();
    expect(await inPopup.getByRole("button", { name: ko("detail.openWindow") }).count()).toBe(0);
    // The opener shows it at once (the BroadcastChannel), without a reload.
    await panel.getByRole("checkbox", { name: "팝업에서 추가" }).waitFor({ timeout: 3_000 });
    await look(popup, "ko-popup");
    await popup.close();
  });

  test("the panel in English at 390 px, the viewer in Indonesian", async () => {
    await speak(e, F.master, "en", "김마스");
    const en = tx("en");
    const { page } = await open("kim", taskAddress(task.id), 390);
    const panel = page.getByRole("dialog", { name: task.title });
    await panel.getByRole("heading", { name: en("detail.subtasks.title") }).waitFor();
    await panel.getByRole("link", { name: en("detail.files.viewMail", { name: "회의록.eml" }) }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth)).toBe(true);
    await look(page, "en-390-panel");
    await page.close();

    await speak(e, F.master, "id", "김마스");
    const id = tx("id");
    const files = (await read()).files!;
    const eml = files.find((f) => f.isEml)!;
    const { page: p2 } = await open("kim", eml.viewPath);
    await p2.getByRole("link", { name: id("files.backToTask") }).waitFor();
    await p2.getByText(id("files.from"), { exact: true }).waitFor();
    await look(p2, "id-viewer-eml");
    await p2.close();
    await speak(e, F.master, "ko", "김마스");
  });
});
