// Rules, forwarding and the away reply in a real browser (#/mail/config/-1/1/{rule,forward,away}): a rule is
// added in the dialog with address chips and a folder from the tree, a second one moves above it with the
// arrow buttons, both are deleted together after a confirm; forwarding saves a target as awaiting approval,
// shows it accepted once the link of the approval mail is opened, and resends the approval mail; the away
// reply refuses an empty text and saves its text. In Indonesian at 1280 px a long forwarding address stays on
// one line (the actions move to a second line instead), and the away period's two fields stay a pair of equal
// columns, empty, filled and with the end's error. Screens in ko, en and id; axe on each tab.
import { afterEach, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailAwayConfigs, mailForwardTargets, mailRules } from "../../db/schema/index.ts";
import { flushOutbound, linkIn } from "../mail/forward/helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { strings } from "./support/walk-i18n.ts";

const e = await startE2E("mail-settings-rules");
const co = await mailCompany(e, "rules-e2e.test");
const A = await co.member("rumi");
const folder = await e.t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "프로젝트" } });
const tab = (id: string) => `${e.base}/#/mail/config/-1/1/${id}`;
const rules = () => e.t.db.db.select().from(mailRules).where(eq(mailRules.userId, A.userId)).orderBy(mailRules.sortOrder);
const targets = () => e.t.db.db.select().from(mailForwardTargets).where(eq(mailForwardTargets.userId, A.userId)).orderBy(mailForwardTargets.id);

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

describe("rules tab", () => {
  test("add a rule with address chips and a folder; reorder; delete several", async () => {
    await signIn(e, page, "rumi", co.domain, USER_PASSWORD);
    await page.goto(tab("rule"));
    await page.getByText("아직 규칙이 없습니다.").waitFor();
    await page.getByRole("button", { name: "규칙 추가" }).click();
    const dialog = page.getByRole("dialog", { name: "규칙 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("조건을 하나 이상 올바른 주소로 입력하세요.", { exact: false }).waitFor();
    const from = dialog.getByRole("textbox", { name: "보낸 사람", exact: true });
    await from.fill("Boss@Partner.example");
    await from.press("Enter");
    await from.fill("@clients.example");
    await from.press("Enter");
    await dialog.getByRole("button", { name: "boss@partner.example 삭제" }).waitFor();
    await dialog.getByRole("button", { name: /이동할 메일함/ }).click();
    await page.getByRole("option", { name: "프로젝트" }).click();
    await e.shot(page, "rule-dialog-ko");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await rules()).map((r) => [r.conditionOptions, r.folderId]))
      .toEqual([[{ From: ["@clients.example", "boss@partner.example"] }, folder.body.id]]);
    await page.getByText("→ 프로젝트(으)로 이동").waitFor();

    // A second rule (through the API), then moved above the first with its "up" button.
    const second = await e.t.call("POST", "/api/mail/config/rule", { token: A.token, json: { conditionOptions: { To: ["team@rules-e2e.test"] }, processOptions: { folderId: folder.body.id } } });
    expect(second.status).toBe(201);
    await page.reload();
    await page.getByRole("button", { name: "규칙 2 위로" }).click();
    await expect.poll(async () => (await rules()).map((r) => r.id)[0]).toBe(second.body.id);
    await e.shot(page, "rules-ko");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("checkbox", { name: "규칙 1 선택" }).check({ force: true });
    await page.getByRole("checkbox", { name: "규칙 2 선택" }).check({ force: true });
    await page.getByRole("button", { name: "선택 삭제 (2)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "삭제", exact: true }).click();
    await page.getByText("아직 규칙이 없습니다.").waitFor();
    expect(await rules()).toEqual([]);
  });
});

describe("forwarding tab", () => {
  test("a target waits for approval, shows accepted after the link, and the approval mail can be resent", async () => {
    await page.goto(tab("forward"));
    await page.getByRole("switch", { name: "자동 전달 사용" }).click({ force: true });
    await page.getByRole("textbox", { name: "전달할 주소" }).fill(A.username);
    await page.getByRole("button", { name: "추가", exact: true }).click();
    await page.getByText("본인 주소로는 자동 전달할 수 없습니다.").waitFor();
    for (const a of ["far@remote.example", "slow@remote.example"]) {
      await page.getByRole("textbox", { name: "전달할 주소" }).fill(a);
      await page.getByRole("button", { name: "추가", exact: true }).click();
    }
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect.poll(async () => (await targets()).map((x) => [x.address, x.status]))
      .toEqual([["far@remote.example", "PENDING"], ["slow@remote.example", "PENDING"]]);
    await page.getByText("승인 대기").first().waitFor();

    await flushOutbound(e.t);
    const link = linkIn((await e.t.smtp.next("far@remote.example")).text);
    expect((await e.t.call("POST", "/api/mail/forward/accept", { form: { token: link.token } })).status).toBe(200);
    await page.reload();
    await page.getByText("승인됨").waitFor();
    // Within a minute of the first approval mail: the cooldown's message, nothing sent.
    await page.getByRole("button", { name: "slow@remote.example에 승인 메일 재발송" }).click();
    await page.getByText("이 주소로 방금 승인 메일을 보냈습니다.", { exact: false }).waitFor();
    e.t.clock.advance(61_000);
    await page.getByRole("button", { name: "slow@remote.example에 승인 메일 재발송" }).click();
    await page.getByText("slow@remote.example에 승인 메일을 다시 보냈습니다.").waitFor();
    await flushOutbound(e.t);
    await e.t.smtp.next("slow@remote.example"); // the first approval mail
    await e.t.smtp.next("slow@remote.example"); // the resent one
    await e.shot(page, "forward-ko");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("away tab", () => {
  test("an empty text is refused; the text saves and the reply is on", async () => {
    await page.goto(tab("away"));
    await page.getByRole("switch", { name: "부재 중 자동 응답 사용" }).click({ force: true });
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.getByText("부재 응답 내용을 입력하세요.", { exact: false }).waitFor();
    await page.getByRole("textbox", { name: "응답 내용" }).fill("휴가 중입니다. 월요일에 답장드리겠습니다.");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect.poll(async () => (await e.t.db.db.select().from(mailAwayConfigs).where(eq(mailAwayConfigs.userId, A.userId)))[0])
      .toMatchObject({ useAway: true, contents: "휴가 중입니다. 월요일에 답장드리겠습니다.", startAt: null, endAt: null });
    await page.getByText("마지막 저장:", { exact: false }).waitFor();
    await e.shot(page, "away-ko");
    expect(await seriousViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.reload();
    await page.getByRole("switch", { name: "Send an away reply" }).waitFor();
    await e.shot(page, "away-en");
    await page.goto(tab("forward"));
    await page.getByText("Accepted").waitFor();
    await e.shot(page, "forward-en");
    await page.goto(tab("rule"));
    await page.getByRole("button", { name: "Add rule" }).click();
    await e.shot(page, "rule-dialog-en");
  });
});

describe("Indonesian at 1280 px", () => {
  test("a long forwarding address keeps one line; the away period's fields stay a pair", async () => {
    const tr = strings("id");
    await page.evaluate(() => localStorage.setItem("gw.language", "id"));
    await page.goto(tab("forward"));
    await page.reload();
    const long = "lee.personal.forwarding@subdomain.example-company.co.id";
    await page.getByRole("textbox", { name: tr("mail:forward.address") }).fill(long);
    await page.getByRole("button", { name: tr("mail:forward.addTarget"), exact: true }).click();
    await page.locator(".fwd-address", { hasText: long }).waitFor();
    // One line box per address: it breaks only when wider than the whole row.
    const lines = await page.locator(".fwd-address").evaluateAll((els) =>
      els.map((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return { address: el.textContent, lines: r.getClientRects().length };
      })
    );
    expect(lines.length).toBe(3);
    for (const l of lines) expect(l).toEqual({ address: l.address, lines: 1 });
    await e.shot(page, "forward-long-id");

    const day = 24 * 3600_000;
    const start = Date.UTC(2026, 11, 10, 9);
    expect((await e.t.call("PUT", "/api/mail/config/away", { token: A.token, json: { useAway: true, contents: "Cuti.", startTimeMillis: start, endTimeMillis: start + 2 * day } })).status).toBe(200);
    await page.goto(tab("away"));
    const times = page.locator(".away-time");
    await times.nth(1).waitFor();
    const boxes = () => times.evaluateAll((els) => els.map((el) => {
      const b = el.getBoundingClientRect();
      return { top: Math.round(b.top), width: Math.round(b.width) };
    }));
    const filled = await boxes();
    expect(filled[1]).toEqual(filled[0]);
    // The date reads in the UI's language (day before month in id), whatever the browser's locale (en-US here).
    const order = await times.nth(0).locator("[data-type]").evaluateAll((els) =>
      els.map((el) => el.getAttribute("data-type")).filter((x) => x === "day" || x === "month" || x === "year"));
    expect(order).toEqual(["day", "month", "year"]);
    // The end a year earlier than the start: the error under it leaves both where they were.
    await times.nth(1).locator("[data-type=year]").press("ArrowDown");
    await page.getByRole("button", { name: tr("mail:away.save"), exact: true }).click();
    await page.getByText("Periksa periode", { exact: false }).waitFor();
    expect(await boxes()).toEqual(filled);
    await e.shot(page, "away-period-error-id");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
