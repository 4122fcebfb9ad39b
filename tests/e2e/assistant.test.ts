// The AI assistant in the browser (issue 31), against the local OpenAI-compatible stand-in: an administrator
// connects it on Administration → AI assistant (connection test listing its models), creates an assistant with
// a PDF knowledge file in the dialog's editor, asks about the file and sees the answer stream in; stops an answer
// (the stopped notice); reloads during another answer and sees it finish after the re-attach; asks a TOOLS
// assistant "what is on my calendar tomorrow" and sees the tool call. Then a member at phone width in English
// (the dialog fills the screen), and the same dialog in Indonesian. axe finds nothing serious on each screen.
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { strings } from "./support/walk-i18n.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { lastUserMessage, startOpenAiStandin, systemPrompt, toolResults } from "../support/openai-standin.ts";
import { pdf, saveForm } from "../assistant/support.ts";
import { koreanIme } from "./support/ime.ts";

const e = await startE2E("assistant");
const model = await startOpenAiStandin({ apiKey: "sk-e2e", models: ["standin-small", "standin-large"] });
afterAll(() => model.close());

const co = await mailCompany(e, "assistant-e2e.test");
const TZ = "Asia/Seoul";
const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now() + 86_400_000);

// Answers held mid-way until the test lets them go on.
let releaseStory!: () => void;
const story = new Promise<void>((r) => (releaseStory = r));
let releaseReport!: () => void;
const report = new Promise<void>((r) => (releaseReport = r));
afterAll(() => {
  releaseStory();
  releaseReport();
});

model.setRules([
  { stream: false, reply: (req) => lastUserMessage(req).includes("암호") ? "휴가 규정 암호" : lastUserMessage(req).includes("Hello") ? "Greeting" : "내일 일정" },
  {
    when: "암호",
    reply: (req) => systemPrompt(req).includes("ORCHID-42") ? ["파일에 따르면 ", "암호는 **ORCHID-42**", " 입니다."] : ["파일을 받지 못했습니다."],
    delayMs: 400,
  },
  { when: "긴 이야기", reply: ["옛날 옛적에", " 어느 마을에", " 끝."], waitFor: story },
  { when: "보고서", reply: ["보고서 첫 줄.", " 둘째 줄.", " 보고서 끝."], waitFor: report },
  {
    when: "내일",
    toolCalls: [{ name: "calendar_events", arguments: { from: tomorrow, to: tomorrow } }],
    reply: (req) => toolResults(req).some((r) => r.content.includes("디자인 검토")) ? "내일 10:00에 **디자인 검토**가 있습니다." : "일정을 찾지 못했습니다.",
  },
]);

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const ko = strings("ko");
let page: Page;

describe("AI assistant", () => {
  test("admin connects the model; an assistant made with a PDF answers about it, streamed", async () => {
    const admin = co.admin;
    // The admin's calendar has an event tomorrow; a TOOLS assistant exists (made through the API).
    await e.t.call("PUT", "/api/admin/company", { token: admin.token, json: { useCalendar: true } });
    const calendars = await e.t.call("GET", "/api/calendar/find", { token: admin.token });
    const ev = await e.t.call("POST", "/api/calendar/event", {
      token: admin.token,
      json: { calendarId: calendars.body[0].id, timezone: TZ, summary: "디자인 검토", dtStart: `${tomorrow}T10:00`, dtEnd: `${tomorrow}T11:00` },
    });
    expect(ev.status).toBe(201);
    const tools = await saveForm(e.t, admin, { title: "업무 비서", icon: "📅", category: "TOOLS", description: "메일과 일정을 찾아 줍니다." });
    expect(tools.status).toBe(200);

    ({ page } = await e.newPage());
    page.setDefaultTimeout(15_000);
    await signIn(e, page, "admin", co.domain, ADMIN_PASSWORD, "/account/info");

    // No model yet: HOME explains it, and leads the administrator to the provider settings.
    await page.getByRole("button", { name: ko("assistant:open") }).click();
    await page.getByText(ko("assistant:home.noProviderTitle")).waitFor();
    await axeClean(page);
    await e.shot(page, "ko-home-no-model");
    await page.getByRole("button", { name: ko("assistant:home.connect") }).click();

    // Administration → AI assistant: the test lists the models; saved.
    await page.getByRole("heading", { name: ko("assistant:admin.section"), level: 2 }).waitFor();
    await page.getByLabel(ko("assistant:admin.baseUrl"), { exact: true }).fill(model.baseUrl);
    await page.getByLabel(ko("assistant:admin.model"), { exact: true }).fill("standin-small");
    await page.getByLabel(ko("assistant:admin.apiKey"), { exact: true }).fill("sk-e2e");
    await page.getByRole("button", { name: ko("assistant:admin.test") }).click();
    await page.getByRole("button", { name: ko("assistant:admin.useModel", { model: "standin-large" }) }).waitFor();
    await page.getByRole("button", { name: ko("assistant:save"), exact: true }).click();
    await page.getByText(ko("assistant:admin.keyStored")).waitFor();
    await axeClean(page);
    await e.shot(page, "ko-admin-provider");

    // The dialog: HOME, then a new assistant with a PDF in the editor.
    await page.getByRole("button", { name: ko("assistant:open") }).click();
    const dialog = page.getByRole("dialog", { name: ko("assistant:title") });
    await dialog.getByRole("heading", { name: ko("assistant:home.recent") }).waitFor();
    await axeClean(page);
    await e.shot(page, "ko-home");
    await dialog.getByRole("button", { name: ko("assistant:page.AGENTS"), exact: true }).click();
    await dialog.getByText("업무 비서").waitFor();
    await dialog.getByRole("button", { name: ko("assistant:agents.new") }).click();
    await dialog.getByLabel(ko("assistant:editor.title")).fill("휴가 규정 도우미");
    await dialog.getByLabel(ko("assistant:editor.description")).fill("회사 휴가 규정 파일을 읽고 답합니다.");
    await dialog.getByRole("textbox", { name: ko("assistant:editor.starterN", { n: 1 }) }).fill("휴가 규정의 암호는?");
    await dialog.getByRole("button", { name: ko("assistant:editor.category") }).click();
    await page.getByRole("option", { name: ko("assistant:category.HR_ACCOUNTING") }).click();
    await dialog.locator("input[type=file]").setInputFiles({ name: "휴가규정.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf("Leave code word ORCHID-42")) });
    await dialog.getByText("휴가규정.pdf").waitFor();
    await axeClean(page);
    await e.shot(page, "ko-editor");
    await dialog.getByRole("button", { name: ko("assistant:save"), exact: true }).click();
    await dialog.getByRole("heading", { name: "휴가 규정 도우미" }).waitFor();
    await dialog.getByText("휴가규정.pdf").waitFor();
    await e.shot(page, "ko-agent");

    // Its starter asks about the file: the answer streams in (seen part-way, still busy), then ends.
    await dialog.getByRole("button", { name: "휴가 규정의 암호는?" }).click();
    await dialog.locator(".asst-a[aria-busy=true]", { hasText: "파일에 따르면" }).waitFor();
    const answer = dialog.locator(".asst-a", { hasText: "ORCHID-42" });
    await answer.locator("strong", { hasText: "ORCHID-42" }).waitFor();
    await dialog.locator(".asst-a[aria-busy=true]").waitFor({ state: "detached" });
    // The model's title replaces "new chat".
    await dialog.getByRole("heading", { name: "휴가 규정 암호", level: 3 }).waitFor();
    await axeClean(page);
    await e.shot(page, "ko-chat-answer");
  });

  test("the IME's Enter sends once; stop gives the stopped notice; a reload re-attaches; a TOOLS assistant's tool call", async () => {
    const dialog = page.getByRole("dialog", { name: ko("assistant:title") });

    // Korean through the IME: "줘" composed (ㅈ, 줘), Enter pressed while composing only commits the syllable,
    // the Enter after it sends once. Then stop: the held answer becomes the stopped notice.
    const input = dialog.getByRole("textbox", { name: ko("assistant:chat.question") });
    const ime = await koreanIme(page);
    await input.click();
    await page.keyboard.insertText("긴 이야기 해");
    await ime.compose(["ㅈ", "줘"]);
    await ime.enterWhileComposing();
    await ime.commit("줘");
    await page.keyboard.press("Enter");
    await dialog.getByText("옛날 옛적에").waitFor();
    expect(await dialog.locator(".asst-q").allTextContents()).toEqual([expect.stringContaining("휴가 규정의 암호는?"), expect.stringContaining("긴 이야기 해줘")]);
    await dialog.getByRole("button", { name: ko("assistant:chat.stop") }).click();
    await dialog.locator(".asst-notice", { hasText: ko("assistant:chat.stopped") }).waitFor();
    await e.shot(page, "ko-chat-stopped");

    // Reload during an answer: the dialog opens again on the chat and follows the answer to its end.
    await input.fill("보고서 써줘");
    await input.press("Enter");
    await dialog.getByText("보고서 첫 줄.").waitFor();
    await page.reload();
    await dialog.locator(".asst-a[aria-busy=true]", { hasText: "보고서 첫 줄." }).waitFor();
    releaseReport();
    await dialog.locator(".asst-a", { hasText: "보고서 끝." }).waitFor();
    await dialog.locator(".asst-a[aria-busy=true]").waitFor({ state: "detached" });
    expect(await dialog.locator(".asst-notice", { hasText: ko("assistant:chat.stopped") }).count()).toBe(1);

    // The TOOLS assistant: "what is on my calendar tomorrow" calls calendar_events, shown as a card.
    await dialog.getByRole("button", { name: ko("assistant:page.AGENTS"), exact: true }).click();
    await dialog.locator(".asst-card-open", { hasText: "업무 비서" }).click();
    await dialog.getByRole("button", { name: ko("assistant:agent.startChat") }).click();
    await input.fill("내일 내 일정이 뭐야?");
    await input.press("Enter");
    const tool = dialog.locator(".asst-tool", { hasText: ko("assistant:tools.calendar_events") });
    await tool.waitFor();
    await dialog.locator(".asst-a strong", { hasText: "디자인 검토" }).waitFor();
    // What it found, in the reader's language (the server's summary is English).
    expect(await tool.locator(".asst-tool-summary").textContent()).toBe(ko("assistant:toolSummary.calendar_events_other", { subject: tomorrow, count: 1 }));
    await axeClean(page);
    await e.shot(page, "ko-chat-tool");
  });

  test("phone width in English, then Indonesian: the dialog fills the screen", async () => {
    const en = strings("en");
    const id = strings("id");
    const who = await co.member("phone");
    await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: "Mina Park", personalEmail: "", languageType: "EN" } });
    const { page } = await e.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(15_000);
    await signIn(e, page, "phone", co.domain, USER_PASSWORD, "/account/info");
    await page.getByRole("button", { name: en("assistant:open") }).click();
    const dialog = page.getByRole("dialog", { name: en("assistant:title") });
    await dialog.getByRole("heading", { name: en("assistant:home.greeting", { name: "Mina Park" }) }).waitFor();
    const box = await dialog.boundingBox();
    expect(box && Math.round(box.width)).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await axeClean(page);
    await e.shot(page, "en-phone-home");
    await dialog.getByRole("button", { name: en("assistant:page.AGENTS"), exact: true }).click();
    // A favourite: the star on the card, then HOME lists it.
    const star = dialog.getByRole("button", { name: en("assistant:favorite.toggle", { title: "업무 비서" }) });
    await star.click();
    await dialog.locator(".asst-fav[data-selected]").waitFor();
    await e.shot(page, "en-phone-agents");
    await dialog.getByRole("button", { name: en("assistant:page.HOME"), exact: true }).click();
    await dialog.locator(".asst-links", { hasText: "업무 비서" }).waitFor();
    await dialog.getByRole("button", { name: en("assistant:page.CHAT"), exact: true }).click();
    const input = dialog.getByRole("textbox", { name: en("assistant:chat.question") });
    await input.fill("Hello there");
    await input.press("Enter");
    await dialog.locator(".asst-a", { hasText: "Echo: Hello there" }).waitFor();
    await dialog.locator(".asst-a[aria-busy=true]").waitFor({ state: "detached" });
    await axeClean(page);
    await e.shot(page, "en-phone-chat");
    await dialog.getByRole("button", { name: en("assistant:chat.list") }).click();
    await dialog.getByRole("button", { name: en("assistant:chat.deleteAll") }).waitFor();
    await axeClean(page);
    await e.shot(page, "en-phone-chat-list");

    // The chat (titled by the model) renamed, then deleted after a confirmation.
    await dialog.getByRole("button", { name: en("assistant:chat.actions", { title: "Greeting" }) }).click();
    await page.getByRole("menuitem", { name: en("assistant:chat.rename") }).click();
    const rename = page.getByRole("dialog", { name: en("assistant:chat.rename") });
    await rename.getByRole("textbox", { name: en("assistant:chat.titleLabel") }).fill("Hello chat");
    await rename.getByRole("button", { name: en("assistant:save") }).click();
    await dialog.getByRole("button", { name: en("assistant:chat.actions", { title: "Hello chat" }) }).click();
    await page.getByRole("menuitem", { name: en("assistant:delete") }).click();
    await page.getByRole("dialog").getByRole("button", { name: en("assistant:delete"), exact: true }).click();
    await dialog.getByText(en("assistant:chat.none")).waitFor();

    // Indonesian: the dialog opens again where it was after the reload.
    await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: "Mina Park", personalEmail: "", languageType: "ID" } });
    await page.evaluate(() => localStorage.setItem("gw.language", "id"));
    await page.reload();
    const dialogId = page.getByRole("dialog", { name: id("assistant:title") });
    await dialogId.getByRole("button", { name: id("assistant:chat.list") }).waitFor();
    await dialogId.getByRole("button", { name: id("assistant:page.PERSONA"), exact: true }).click();
    await dialogId.getByLabel(id("assistant:persona.jobTitle")).first().waitFor();
    expect(await dialogId.getByLabel(id("assistant:persona.jobTitle")).first().inputValue()).toBe("developer");
    await dialogId.getByLabel(id("assistant:persona.title")).first().fill("Analis data");
    await dialogId.getByRole("button", { name: id("assistant:save"), exact: true }).click();
    await page.getByText(id("assistant:persona.saved")).waitFor();
    await dialogId.getByRole("group", { name: "Analis data" }).waitFor();
    await axeClean(page);
    await e.shot(page, "id-phone-persona");
  });
});
