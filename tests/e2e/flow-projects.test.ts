// Flow projects ("그룹") in a real browser (issue 30): 김마스 enters /flow (the default entry: all with 내 업무),
// makes 신제품 출시 from the side pane (a favourite at once, its tasks open) and invites 이멤버 from its settings
// (초대 메일을 발송하였습니다.); 이멤버 accepts on the project list. 박동료 applies to the private 보안 점검 (waiting
// for approval) and 김마스 approves him. 김마스 makes 이멤버 읽기 전용, then hands the master over to him (confirm).
// Then the project list and the settings in English at 390 px and in Indonesian. Console errors fail the test;
// axe on each screen; screenshots under test-results/e2e/flow-projects/.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { workPages } from "./support/work-pages.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { flowApi, flowCompany, makeProject } from "../flow/support.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";

const e = await startE2E("flow-projects");
const F = await flowCompany(e.t, "flow-projects.test");
const api = flowApi(e.t);

/** flow:<key> (flow.json and its parts) in a language, {{vars}} filled in. */
function tx(lng: Lang = "ko") {
  const root = new URL(`../../web/src/locales/${lng}/`, import.meta.url);
  const base = JSON.parse(readFileSync(new URL("flow.json", root), "utf8"));
  for (const part of ["projects", "members", "tasks", "groups", "filters", "bulk", "panel"]) {
    base[part] = JSON.parse(readFileSync(new URL(`flow/${part}.json`, root), "utf8"));
  }
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], base);
    if (typeof v !== "string") throw new Error(`no text flow.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const ko = tx("ko");

const pages = workPages(e, F.co.domain);
const open = (loginId: string, path: string, width?: number) => pages.open(path, loginId, width);
const look = pages.look;

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();

/** Answers the confirmation titled `title` with its button `label`, after checking its message. */
async function confirmDialog(p: Page, title: string, message: string, label = title) {
  const d = p.getByRole("dialog", { name: title, exact: true });
  await d.getByText(message, { exact: true }).waitFor();
  await d.getByRole("button", { name: label, exact: true }).click();
}

afterAll(() => {
  expect(pages.consoleErrors).toEqual([]);
});

let kim: Page;
let made: FlowProject;

describe("flow projects", () => {
  test("김마스 makes 신제품 출시 from the side pane and invites 이멤버", async () => {
    kim = await open("kim", "/flow");
    await kim.waitForURL(/#\/flow\/all\/tasks\//);
    await kim.getByRole("heading", { name: ko("filters.builtin.my"), level: 1 }).waitFor();
    const side = kim.getByRole("navigation", { name: ko("side.label") });
    await side.getByRole("link", { name: ko("filters.builtin.requested"), exact: true }).waitFor();
    await look(kim, "ko-home");

    // A new project from the side pane: its tasks open and it is a favourite.
    await side.getByRole("button", { name: ko("side.newProject"), exact: true }).click();
    const form = kim.getByRole("dialog", { name: ko("projects.form.newTitle") });
    await form.getByRole("textbox", { name: ko("projects.form.title") }).fill("신제품 출시");
    await form.getByRole("textbox", { name: ko("projects.form.description") }).fill("3분기 출시 준비");
    await look(kim, "ko-new-project");
    await form.getByRole("button", { name: ko("projects.form.create"), exact: true }).click();
    await kim.getByRole("heading", { name: "신제품 출시", level: 1 }).waitFor();
    await side.getByRole("link", { name: "신제품 출시", exact: true }).waitFor();
    made = (await api.ok<{ content: FlowProject[] }>(200, "GET", "projects/my", F.master)).content.find((p) => p.title === "신제품 출시")!;
    expect(made).toMatchObject({ favoriteStatus: 1, myAuthority: "MASTER", description: "3분기 출시 준비" });

    // Invite 이멤버 from the settings.
    await kim.getByRole("button", { name: ko("projects.settingsOf", { title: "신제품 출시" }) }).click();
    const settings = kim.getByRole("dialog", { name: ko("members.title", { title: "신제품 출시" }) });
    await settings.getByRole("combobox", { name: ko("members.pick") }).fill("이멤버");
    await kim.getByRole("option", { name: /이멤버/ }).click();
    await settings.getByRole("list", { name: ko("members.picked") }).getByText("이멤버").waitFor();
    await settings.getByRole("button", { name: ko("members.sendInvite"), exact: true }).click();
    await snack(kim, ko("members.invited"));
    await settings.getByRole("heading", { name: ko("members.state.INVITED_other", { count: 1 }) }).waitFor();
    await look(kim, "ko-invited");
    await settings.getByRole("button", { name: ko("members.resendTo", { name: "이멤버" }) }).click();
    await snack(kim, ko("members.resent"));
    await settings.getByRole("button", { name: ko("common.close"), exact: true }).click();
  });

  test("이멤버 accepts the invitation on the project list", async () => {
    // 이멤버 accepts on the project list (the invitations above his projects).
    const lee = await open("lee", "/flow/projects");
    const leeRow = lee.getByRole("list", { name: ko("projects.pending") }).getByRole("listitem").filter({ hasText: "신제품 출시" });
    await leeRow.getByRole("button", { name: ko("projects.accept"), exact: true }).click();
    await snack(lee, ko("projects.accepted"));
    await lee.getByRole("list", { name: ko("projects.list") }).getByRole("link", { name: "신제품 출시", exact: true }).waitFor();
    await look(lee, "ko-accepted");
    await lee.context().close();
  });

  test("박동료 applies to a private project and 김마스 approves him", async () => {

    // 박동료 applies to a private project and waits; 김마스 approves him.
    const secret = await makeProject(e.t, F.master, { title: "보안 점검", privateStatus: 1 });
    const park = await open("park", "/flow/projects");
    await park.getByRole("tab", { name: ko("projects.tabAll") }).click();
    const parkRow = park.getByRole("listitem").filter({ hasText: "보안 점검" });
    await parkRow.getByText(ko("projects.private"), { exact: true }).waitFor();
    await parkRow.getByRole("button", { name: ko("projects.apply"), exact: true }).click();
    await snack(park, ko("projects.applied"));
    await parkRow.getByText(ko("projects.waiting"), { exact: true }).waitFor();
    await look(park, "ko-applied");
    // Applying again is refused with the spec's text.
    const again = await e.t.call("POST", `/api/flow/projects/${secret.id}/members/apply`, { token: F.other.token });
    expect(again.status).toBe(409);

    await kim.goto(`${e.base}/#/flow/projects`);
    await kim.getByRole("button", { name: ko("projects.settingsOf", { title: "보안 점검" }) }).click();
    const secretSettings = kim.getByRole("dialog", { name: ko("members.title", { title: "보안 점검" }) });
    await secretSettings.getByRole("button", { name: ko("members.approveOf", { name: "박동료" }) }).click();
    await snack(kim, ko("members.approved"));
    await secretSettings.getByRole("heading", { name: ko("members.state.JOINED_other", { count: 1 }) }).waitFor();
    await secretSettings.getByRole("button", { name: ko("common.close"), exact: true }).click();
    expect((await api.ok<FlowProject>(200, "GET", `projects/${secret.id}`, F.other)).myState).toBe("JOINED");
    await park.context().close();
  });

  test("김마스 makes 이멤버 읽기 전용, then hands him the master", async () => {

    // Authority: 이멤버 becomes 읽기 전용; then the master goes to him.
    await kim.getByRole("button", { name: ko("projects.settingsOf", { title: "신제품 출시" }) }).click();
    const s2 = kim.getByRole("dialog", { name: ko("members.title", { title: "신제품 출시" }) });
    await s2.getByRole("button", { name: new RegExp(ko("members.authorityOf", { name: "이멤버" })) }).click();
    await kim.getByRole("option", { name: ko("authority.READ"), exact: true }).click();
    await snack(kim, ko("members.authorityChanged"));
    await expect.poll(async () => (await api.ok<FlowProject>(200, "GET", `projects/${made.id}`, F.member)).myAuthority).toBe("READ");
    await look(kim, "ko-authority");
    await s2.getByRole("button", { name: ko("members.delegateTo", { name: "이멤버" }) }).click();
    await confirmDialog(kim, ko("members.delegate"), ko("members.confirmDelegate", { name: "이멤버" }));
    await snack(kim, ko("members.delegated"));
    await expect.poll(async () => (await api.ok<FlowProject>(200, "GET", `projects/${made.id}`, F.member)).myAuthority).toBe("MASTER");
    expect((await api.ok<FlowProject>(200, "GET", `projects/${made.id}`, F.master)).myAuthority).toBe("ADMIN");
    await kim.context().close();
  });

  async function walk(lng: Lang, width: number) {
    const tr = tx(lng);
    await speak(e, F.member, lng, "이멤버");
    const p = await open("lee", "/flow/projects", width);
    await p.getByRole("heading", { name: tr("projects.title"), level: 1 }).waitFor();
    await p.getByRole("list", { name: tr("projects.list") }).getByRole("link", { name: "신제품 출시", exact: true }).waitFor();
    await look(p, `${lng}-${width}-projects`);
    await p.getByRole("button", { name: tr("projects.settingsOf", { title: "신제품 출시" }) }).click();
    const d = p.getByRole("dialog", { name: tr("members.title", { title: "신제품 출시" }) });
    await d.getByRole("heading", { name: tr("members.invite") }).waitFor();
    await look(p, `${lng}-${width}-settings`);
    await p.context().close();
    await speak(e, F.member, "ko", "이멤버");
  }

  test("the project list and settings in English at phone width", () => walk("en", 390));
  test("the project list and settings in Indonesian", () => walk("id", 1280));
});
