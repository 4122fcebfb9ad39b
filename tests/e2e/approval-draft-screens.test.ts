// The drafting screens in ko, en and id at 1280 and 390 px (issue 26, part 2): the form chooser, the draft
// editor (지출결의서 with its table), the line editor and the admin's form designer, each checked with axe and
// for text cut off or past the screen's edge, and kept as a screenshot under
// test-results/e2e/approval-draft-screens/ to be looked at.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { approvalSetup, PW } from "./support/approval.ts";

type Lang = "ko" | "en" | "id";
const ROOT = new URL("../../web/src/locales/", import.meta.url).pathname;
/** The approval texts of a language: "draft.saveTemp" reads approval/draft.json → saveTemp. */
function tr(lng: Lang) {
  return (key: string, vars: Record<string, string> = {}) => {
    const [part, ...rest] = key.split(".");
    const [file, path] = part === "admin" ? ["admin/approval.json", rest] : [`approval/${part}.json`, rest];
    const v = path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], JSON.parse(readFileSync(`${ROOT}${lng}/${file}`, "utf8")));
    return String(v).replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k] ?? "");
  };
}

const e = await startE2E("approval-draft-screens");
const s = await approvalSetup(e, "appr-screens-e2e.test");
const { A } = s;

async function look(p: Page, tag: string, name: string, scope?: string) {
  expect(await seriousViolations(p), `${tag} ${name}`).toEqual([]);
  expect(await overflowing(p, scope), `${tag} ${name}`).toEqual([]);
  await e.shot(p, `${tag}-${name}`);
}

async function walk(lng: Lang, width: number) {
  const t = tr(lng);
  const tag = `${lng}-${width}`;
  await speak(e, A.drafter, lng, "김기안");
  await speak(e, A.admin, lng, "관리자");
  const { context, page: p } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  p.setDefaultTimeout(12_000);
  await signIn(e, p, "kim", A.co.domain, PW, "/approval/form/select");
  await p.getByRole("heading", { level: 1, name: t("draft.selectTitle") }).waitFor();
  await p.getByRole("link", { name: /^지출결의서/ }).waitFor();
  await look(p, tag, "form-select");

  await p.getByRole("link", { name: /^지출결의서/ }).click();
  await p.getByRole("heading", { level: 1, name: "지출결의서" }).waitFor();
  await p.getByRole("textbox", { name: t("draft.title"), exact: true }).fill("3월 거래처 미팅 식대와 교통비 정산 (장문 제목 확인용)");
  await p.getByRole("button", { name: t("draft.addRow"), exact: true }).click();
  await look(p, tag, "draft-editor");

  await p.getByRole("button", { name: t("draft.editLines"), exact: true }).click();
  const d = p.getByRole("dialog", { name: t("lines.title") });
  await d.getByRole("treegrid").getByText("기획팀", { exact: true }).click();
  await d.getByRole("option", { name: /^이팀장/ }).click();
  await d.getByRole("button", { name: t("lines.addPerson", { name: "이팀장" }), exact: true }).click();
  await d.getByRole("grid").first().getByRole("row", { name: /이팀장/ }).waitFor();
  await look(p, tag, "line-editor", "[role=dialog]");
  await p.keyboard.press("Escape");
  await d.waitFor({ state: "detached" });
  await context.close();

  const admin = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  const q = admin.page;
  q.setDefaultTimeout(12_000);
  await signIn(e, q, "admin", A.co.domain, ADMIN_PASSWORD, "/admin/approval");
  await q.getByRole("button", { name: t("admin.forms.editOf", { name: "지출결의서" }) }).click();
  await q.getByRole("heading", { name: t("admin.designer.editTitle", { name: "지출결의서" }) }).waitFor();
  await look(q, tag, "designer");
  await admin.context.close();
}

describe("the drafting screens", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`in ${lng} at 1280 px`, () => walk(lng, 1280));
    test(`in ${lng} at 390 px`, () => walk(lng, 390));
  }
});
