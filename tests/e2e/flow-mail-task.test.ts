// "Make a task from this mail" in a real browser (issue 30, W5): a mail delivered to 김마스 over a real SMTP
// conversation (nodemailer to the inbound listener) is opened in the reader, made into a task through 업무 등록
// (project 고객 대응, its default group 미지정); the dialog says so and links to the task, which opens with the
// mail's .eml attached and viewable as a mail; the reader and the list show the task's status (요청, then
// 완료 once the task is completed); two mails selected in the list made into tasks at once from its toolbar, both
// rows then showing their status. The reader and dialog in English at 390 px and in Indonesian. Console errors
// fail the test; axe on each screen; screenshots under test-results/e2e/flow-mail-task/.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import nodemailer from "nodemailer";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { folders, signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { listen, localResolver } from "../mail/smtp/support.ts";
import { flowApi, flowCompany, makeProject } from "../flow/support.ts";
import type { FlowTask } from "../../shared/flow/tasks.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("flow-mail-task");
const F = await flowCompany(e.t, "flow-mail.test");
const api = flowApi(e.t);
const project = await makeProject(e.t, F.master, { title: "고객 대응" });
const kimWho = { companyId: F.co.companyId, userId: F.master.id, username: F.master.username, token: F.master.token };
const box = await folders(e.t, kimWho);
const listener = await listen(e.t.deps, localResolver({}));
const transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true, name: "mx.client.example" });
afterAll(() => transport.close());

const SUBJECT = "납품 일정 문의";
await transport.sendMail({
  from: "최고객 <choi@client.example>",
  to: F.master.username,
  subject: SUBJECT,
  text: "다음 주 납품 일정을 알려 주세요.",
  html: "<p>다음 주 <b>납품 일정</b>을 알려 주세요.</p>",
});
const main = await e.t.call("GET", "/api/mails/main?size=20", { token: F.master.token });
const mailId: number = main.body.mails.find((m: { subject: string }) => m.subject === SUBJECT)?.mailId;
expect(mailId, JSON.stringify(main.body)).toBeTruthy();

const consoleErrors: string[] = [];
function tx(lng: Lang = "ko") {
  const root = new URL(`../../web/src/locales/${lng}/`, import.meta.url);
  const base = { mail: JSON.parse(readFileSync(new URL("mail/flowTask.json", root), "utf8")), files: JSON.parse(readFileSync(new URL("flow/files.json", root), "utf8")), detail: JSON.parse(readFileSync(new URL("flow/detail.json", root), "utf8")), view: JSON.parse(readFileSync(new URL("mail/view.json", root), "utf8")), list: JSON.parse(readFileSync(new URL("mail/list.json", root), "utf8")) };
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], base);
    if (typeof v !== "string") throw new Error(`no text ${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const ko = tx("ko");
const viewUrl = () => `${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`;

async function open(width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 900 });
  page.setDefaultTimeout(15_000);
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (err) => consoleErrors.push(err.message));
  await signIn(e, page, "kim", F.co.domain, PW);
  return page;
}
async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

afterAll(() => {
  expect(consoleErrors).toEqual([]);
});

let task: FlowTask;

describe("a task made from a mail", () => {
  test("업무 등록 in the reader: the task opens with the .eml viewable; the mail shows the task's status", async () => {
    const page = await open();
    await page.goto(viewUrl());
    await page.getByRole("heading", { name: SUBJECT }).waitFor();
    await page.getByRole("button", { name: ko("view.moreActions") }).click();
    await page.getByRole("menuitem", { name: ko("mail.menu") }).click();
    const dialog = page.getByRole("dialog", { name: ko("mail.title") });
    await dialog.getByRole("button", { name: new RegExp(ko("mail.group")) }).filter({ hasText: ko("mail.defaultGroup") }).waitFor();
    await look(page, "ko-dialog");
    await dialog.getByRole("button", { name: ko("mail.submit"), exact: true }).click();
    await dialog.getByText(ko("mail.done_other", { count: 1 })).waitFor();
    task = (await api.ok<{ lanes: { tasks: FlowTask[] }[] }>(200, "GET", `projects/${project.id}/tasks/initial`, F.master)).lanes.flatMap((l) => l.tasks)[0];
    expect([task.title, task.mailId, task.fileCnt, task.status]).toEqual([SUBJECT, mailId, 1, "REQUESTED"]);

    await dialog.getByRole("button", { name: ko("mail.close") }).click();
    const status = ko("mail.badge", { status: ko("mail.status.REQUESTED") });
    await page.locator(".mr-head").getByText(status).waitFor();
    await look(page, "ko-reader-status");

    // The link in the reader opens the task; its .eml is there and reads as a mail.
    await page.getByRole("link", { name: ko("mail.openTask", { title: SUBJECT }) }).click();
    const panel = page.getByRole("dialog", { name: SUBJECT });
    await panel.getByRole("link", { name: ko("detail.files.viewMail", { name: `${SUBJECT}.eml` }) }).click();
    await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
    await page.getByText("최고객 <choi@client.example>").waitFor();
    await page.frameLocator(".fl-eml-frame").getByText("납품 일정", { exact: true }).waitFor();
    await look(page, "ko-task-eml");
    await page.close();
  });

  test("the task completed: the list row shows its status; two mails selected there made into tasks at once", async () => {
    const subjects = ["견적서 회신", "계약서 검토"];
    for (const subject of subjects) await transport.sendMail({ from: "최고객 <choi@client.example>", to: F.master.username, subject, text: `${subject} 부탁드립니다.` });
    const page = await open();
    await api.ok(200, "PUT", `projects/${project.id}/tasks/${task.id}/status`, F.master, { status: "COMPLETED" });
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.getByText(ko("mail.badge", { status: ko("mail.status.COMPLETED") })).first().waitFor();
    await look(page, "ko-list-status");

    // 업무 등록 in the list's toolbar: one task for each selected mail.
    for (const subject of subjects) await page.getByRole("checkbox", { name: ko("list.row.select", { subject }) }).check();
    await page.getByRole("toolbar").getByRole("button", { name: ko("mail.menu") }).click();
    const dialog = page.getByRole("dialog", { name: ko("mail.title") });
    await dialog.getByRole("button", { name: new RegExp(ko("mail.group")) }).filter({ hasText: ko("mail.defaultGroup") }).waitFor();
    await dialog.getByRole("button", { name: ko("mail.submit"), exact: true }).click();
    await dialog.getByText(ko("mail.done_other", { count: 2 })).waitFor();
    await dialog.getByRole("button", { name: ko("mail.close") }).click();
    const requested = ko("mail.badge", { status: ko("mail.status.REQUESTED") });
    for (const subject of subjects) await page.getByRole("row").filter({ hasText: subject }).getByText(requested).waitFor();
    const made = (await api.ok<{ lanes: { tasks: FlowTask[] }[] }>(200, "GET", `projects/${project.id}/tasks/initial`, F.master)).lanes.flatMap((l) => l.tasks);
    expect(made.map((x) => x.title).sort()).toEqual([...subjects, SUBJECT].sort());
    await look(page, "ko-list-made");
    await page.close();
  });

  test("the reader in English at 390 px and the dialog in Indonesian", async () => {
    await speak(e, F.master, "en", "김마스");
    const en = tx("en");
    const page = await open(390);
    await page.goto(viewUrl());
    await page.getByText(en("mail.badge", { status: en("mail.status.COMPLETED") })).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth)).toBe(true);
    await look(page, "en-390-reader");
    await page.close();

    await speak(e, F.master, "id", "김마스");
    const id = tx("id");
    const p2 = await open();
    await p2.goto(viewUrl());
    await p2.getByRole("button", { name: id("view.moreActions") }).click();
    await p2.getByRole("menuitem", { name: id("mail.menu") }).click();
    const dialog = p2.getByRole("dialog", { name: id("mail.title") });
    await dialog.getByText(id("mail.defaultGroup")).first().waitFor();
    await look(p2, "id-dialog");
    await dialog.getByRole("button", { name: id("mail.cancel") }).click();
    await p2.close();
    await speak(e, F.master, "ko", "김마스");
  });
});
