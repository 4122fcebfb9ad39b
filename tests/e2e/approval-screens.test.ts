// The approval island's screens in ko, en and id at desktop width and at 390 px (issue 26, part 1): the home,
// a box, a document (its frame's labels in the reader's language: the server's frame carries <gw-label>s), the
// print view, the drawer on phones, and the not-allowed and not-found pages — each checked with axe and for text
// cut off or past the screen's edge, and kept as a screenshot under test-results/e2e/approval-screens/.
import { describe, expect, test } from "vitest";
import { userLine } from "../approval/support.ts";
import { FRAME_LABELS } from "../../shared/approval/forms.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { type Lang, strings } from "./support/walk-i18n.ts";
import { approvalSetup, PW } from "./support/approval.ts";

const e = await startE2E("approval-screens");
const s = await approvalSetup(e, "appr-screens-e2e.test");
const { A } = s;
const doc = await s.submit("2026년 상반기 사내 교육 프로그램 운영 및 외부 강사 초빙 예산 품의", "proposal");
await s.submit("3월 거래처 미팅 식대", "expense");
// A document of 재무팀 that 이팀장 has no part in (403 for him).
const foreign = await s.submit("재무팀 내부 문서", "proposal", [userLine("APPROVAL", 1, A.financeLead.id)], A.financeMember);

async function walk(lng: Lang, width: number) {
  const tr = strings(lng);
  const tag = `${lng}-${width}`;
  const phone = width < 600;
  await speak(e, A.planLead, lng, "이팀장");
  const { context, page: p } = await e.newPage({ width, height: phone ? 844 : 800 });
  p.setDefaultTimeout(12_000);
  /** The stamps' names, positions and dates that wrap onto a second line (a date "2026-12-" over "05") or run past their box. */
  const wrappedStamps = () =>
    p.locator(".ap-stamp-head, .ap-stamp-name, .ap-stamp-date").evaluateAll((els) =>
      els.filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return tops.size > 1 || el.scrollWidth > el.clientWidth;
      }).map((el) => el.textContent)
    );
  async function look(name: string, scope?: string) {
    expect(await seriousViolations(p), `${tag} ${name}`).toEqual([]);
    expect(await overflowing(p, scope), `${tag} ${name}`).toEqual([]);
    await e.shot(p, `${tag}-${name}`);
  }
  await signIn(e, p, "lee", A.co.domain, PW, "/approval/home");
  await p.getByRole("heading", { level: 1, name: tr("approval:home.title") }).waitFor();
  await p.locator(".ap-doc-list li").nth(1).waitFor();
  await look("home");

  if (phone) {
    await p.getByRole("button", { name: tr("approval:side.open") }).click();
    const drawer = p.getByRole("dialog", { name: tr("approval:side.label") });
    await drawer.getByRole("link", { name: tr("approval:box.ab") + " " + tr("approval:side.count_other", { count: 2 }) }).waitFor();
    await look("drawer", "[role=dialog]");
    await drawer.getByRole("link", { name: tr("approval:box.ab") + " " + tr("approval:side.count_other", { count: 2 }) }).click();
    await drawer.waitFor({ state: "detached" });
  } else {
    await p.getByRole("navigation", { name: tr("approval:side.label") }).getByRole("link", { name: new RegExp(`^${tr("approval:box.ab")}`) }).click();
  }
  await p.waitForURL(/#\/approval\/doc\/list\/ab$/);
  await p.locator("tbody tr.ap-row").nth(1).waitFor();
  await look("box");

  await p.getByRole("link", { name: "2026년 상반기 사내 교육 프로그램 운영 및 외부 강사 초빙 예산 품의" }).click();
  await p.waitForURL(new RegExp(`#/approval/doc/list/ab/${doc}$`));
  await p.getByRole("table", { name: tr("approval:stamp.approvalRow") }).waitFor();
  await p.getByText(new Intl.NumberFormat(lng).format(1_500_000), { exact: true }).waitFor(); // the language's separators (id: 1.500.000)
  const labels = FRAME_LABELS.map((k) => tr(`approval:frame.${k}`));
  await expect.poll(() => p.locator(".gw-doc-head > tbody > tr > th").allTextContents(), { timeout: 5000 }).toEqual(labels);
  expect(await wrappedStamps(), `${tag} stamps`).toEqual([]);
  await look("document");

  await p.getByRole("link", { name: tr("approval:act.print"), exact: true }).click();
  await p.waitForURL(new RegExp(`#/approval/doc/print/${doc}$`));
  await p.getByRole("button", { name: tr("approval:print.print"), exact: true }).waitFor();
  await expect.poll(() => p.locator(".gw-doc-head > tbody > tr > th").allTextContents(), { timeout: 5000 }).toEqual(labels);
  expect(await wrappedStamps(), `${tag} print stamps`).toEqual([]);
  await look("print");

  await p.goto(`${e.base}/#/approval/doc/list/ab/${foreign}`);
  await p.waitForURL(/#\/approval\/not-allowed$/);
  await p.getByRole("heading", { level: 1, name: tr("approval:page.notAllowed.title") }).waitFor();
  await look("not-allowed");

  await p.goto(`${e.base}/#/approval/doc/list/ab/999999`);
  await p.waitForURL(/#\/approval\/not-found$/);
  await p.getByRole("heading", { level: 1, name: tr("approval:page.notFound.title") }).waitFor();
  await look("not-found");
  await p.locator(".ap-status-box").getByRole("link", { name: tr("approval:page.home") }).click();
  await p.waitForURL(/#\/approval\/home$/);
  await context.close();
}

describe("the approval island's screens", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`${lng} at desktop width`, () => walk(lng, 1280));
    test(`${lng} at 390 px`, () => walk(lng, 390));
  }
});

