// A wiki database in a real browser (issue 29, /wiki/docs/{id} of a database): 김작성 builds the team's 프로젝트
// database — 상태 (select: 진행 중, 완료, 보류; 완료 recoloured blue and moved first), 담당자 (person), 마감일 (date),
// 예산 (number in won) —, adds three rows and fills their values in the table, sorts by 예산 (descending) and
// filters on 상태 = 완료, switches to the board grouped by 상태 and moves a card to 완료 by its keyboard menu,
// then deletes 마감일 and finds it gone from the table, the rows and an open row's page. Then the screens in
// English at phone width and in Indonesian. axe on each screen; screenshots under test-results/e2e/wiki-database/.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { makeDoc, wikiApi, wikiCompany } from "../wiki/support.ts";
import type { SummaryPage, WikiDocument } from "../../shared/wiki/documents.ts";
import type { Property } from "../../shared/wiki/properties.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("wiki-database");
const W = await wikiCompany(e.t, "wiki-database.test");
const api = wikiApi(e.t);
const kim = W.author;
const db = await makeDoc(e.t, kim, { title: "프로젝트", type: "database", text: "" });

/** The database texts (locales/<lng>/wiki/database.json) with {{vars}} filled in. */
function tx(lng: Lang) {
  const tree = JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/wiki/database.json`, import.meta.url), "utf8"));
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree);
    if (typeof v !== "string") throw new Error(`no text database.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const ko = tx("ko");

async function open(path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, "kim", W.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const props = () => api.ok<Property[]>(200, "GET", `docs/${db.id}/properties`, kim);
const propNamed = async (name: string) => (await props()).find((p) => p.name === name)!;
const rowTitles = (p: Page) => p.getByRole("table").locator("tbody th").allTextContents();
const columnNames = (p: Page) => p.getByRole("table").locator("thead th").allTextContents();

async function addProperty(p: Page, name: string, type: string) {
  await p.getByRole("button", { name: ko("property.add"), exact: true }).click();
  const d = p.getByRole("dialog", { name: ko("property.add") });
  await d.getByRole("textbox", { name: ko("property.name"), exact: true }).fill(name);
  await d.getByRole("button", { name: new RegExp(ko("property.type")) }).click();
  await p.getByRole("option", { name: ko(`type.${type}`), exact: true }).click();
  await d.getByRole("button", { name: ko("property.create"), exact: true }).click();
  await d.waitFor({ state: "detached" });
  await p.getByRole("button", { name: ko("column.menu", { name }), exact: true }).waitFor();
}

async function addRow(p: Page, title: string) {
  await p.getByRole("button", { name: ko("row.new"), exact: true }).click();
  const d = p.getByRole("dialog", { name: ko("row.new") });
  await d.getByRole("textbox", { name: ko("row.title"), exact: true }).fill(title);
  await d.getByRole("button", { name: ko("row.create"), exact: true }).click();
  await d.waitFor({ state: "detached" });
  await p.getByRole("table").getByRole("link", { name: title, exact: true }).waitFor();
}

const cell = (p: Page, property: string, row: string) => p.getByRole("button", { name: ko("cell", { property, row }), exact: true });

async function columnAction(p: Page, property: string, item: string) {
  await p.getByRole("button", { name: ko("column.menu", { name: property }), exact: true }).click();
  await p.getByRole("menuitem", { name: item, exact: true }).click();
}

/** Picks an option of a react-aria select by its label. */
async function pick(scope: Page | Locator, p: Page, label: string, option: string) {
  await scope.getByRole("button", { name: new RegExp(label) }).click();
  await p.getByRole("option", { name: option, exact: true }).click();
}

describe("wiki database", () => {
  test("a team builds the 프로젝트 database in Korean", async () => {
    const p = await open(`/wiki/docs/${db.id}`);
    await p.getByRole("toolbar", { name: ko("toolbar") }).waitFor();
    await p.getByText(ko("noRows"), { exact: true }).waitFor();

    // 상태: a select with 진행 중, 완료 and 보류; 완료 turns blue and moves first.
    await addProperty(p, "상태", "select");
    await columnAction(p, "상태", ko("column.settings"));
    const settings = p.getByRole("dialog", { name: ko("property.settings", { name: "상태" }) });
    for (const name of ["진행 중", "완료", "보류"]) {
      await settings.getByRole("textbox", { name: ko("options.new"), exact: true }).fill(name);
      await settings.getByRole("button", { name: ko("options.add"), exact: true }).click();
      await settings.getByRole("list", { name: ko("options.list") }).getByText(name, { exact: true }).waitFor();
    }
    await pick(settings, p, ko("options.colorOf", { name: "완료" }), ko("color.blue"));
    await settings.getByRole("button", { name: ko("options.up", { name: "완료" }), exact: true }).click();
    await expect.poll(async () => (await propNamed("상태")).config.options!.sort((a, b) => a.sortOrder - b.sortOrder).map((o) => [o.name, o.color]), { timeout: 5000 })
      .toEqual([["완료", "blue"], ["진행 중", expect.any(String)], ["보류", expect.any(String)]]);
    await look(p, "ko-options");
    await settings.getByRole("button", { name: ko("close"), exact: true }).click();
    await settings.waitFor({ state: "detached" });

    await addProperty(p, "담당자", "person");
    await addProperty(p, "마감일", "date");
    await addProperty(p, "예산", "number");
    await columnAction(p, "예산", ko("column.settings"));
    const budget = p.getByRole("dialog", { name: ko("property.settings", { name: "예산" }) });
    await pick(budget, p, ko("property.format"), ko("format.won"));
    await expect.poll(async () => (await propNamed("예산")).config.format, { timeout: 5000 }).toBe("won");
    await budget.getByRole("button", { name: ko("close"), exact: true }).click();
    await expect(columnNames(p)).resolves.toEqual([ko("titleColumn"), "상태선택", "담당자사람", "마감일날짜", "예산숫자"]);

    // Three rows and their values.
    for (const title of ["신규 웹사이트", "모바일 앱", "사내 교육"]) await addRow(p, title);
    const setOption = async (row: string, option: string) => {
      await cell(p, "상태", row).click();
      await p.getByRole("option", { name: option, exact: true }).click();
      await expect.poll(() => cell(p, "상태", row).textContent(), { timeout: 5000 }).toBe(option);
    };
    await setOption("신규 웹사이트", "진행 중");
    await setOption("모바일 앱", "완료");
    await setOption("사내 교육", "진행 중");
    const setText = async (property: string, row: string, value: string, shown: string) => {
      await cell(p, property, row).click();
      const box = p.getByRole("dialog", { name: ko("cell", { property, row }) });
      await box.getByLabel(property, { exact: true }).fill(value);
      await box.getByRole("button", { name: ko("value.save"), exact: true }).click();
      await expect.poll(() => cell(p, property, row).textContent(), { timeout: 5000 }).toBe(shown);
    };
    await setText("예산", "신규 웹사이트", "5000000", "₩5,000,000");
    await setText("예산", "모바일 앱", "12000000", "₩12,000,000");
    await setText("예산", "사내 교육", "800000", "₩800,000");
    await cell(p, "마감일", "신규 웹사이트").click();
    await p.getByRole("dialog", { name: ko("cell", { property: "마감일", row: "신규 웹사이트" }) }).getByLabel("마감일", { exact: true }).fill("2026-12-24");
    await p.getByRole("button", { name: ko("value.save"), exact: true }).click();
    await expect.poll(() => cell(p, "마감일", "신규 웹사이트").textContent(), { timeout: 5000 }).toMatch(/2026.*12.*24/);
    await cell(p, "담당자", "신규 웹사이트").click();
    const people = p.getByRole("dialog", { name: ko("cell", { property: "담당자", row: "신규 웹사이트" }) });
    await people.getByRole("combobox", { name: ko("person.add") }).fill("이영업");
    await p.getByRole("option", { name: /^이영업/ }).click();
    await people.getByRole("list", { name: "담당자" }).getByText("이영업", { exact: true }).waitFor();
    await look(p, "ko-person");
    await people.getByRole("button", { name: ko("value.done"), exact: true }).click();
    await expect.poll(() => cell(p, "담당자", "신규 웹사이트").textContent(), { timeout: 5000 }).toBe("이영업");
    const rows = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}`, kim);
    const web = rows.documents.find((r) => r.title === "신규 웹사이트")!;
    const assignee = await propNamed("담당자");
    const owner = web.propertyValues.find((v) => v.propertyId === assignee.id);
    expect((owner!.jsonValue as { id: number }[]).map((u) => u.id)).toEqual([W.sales.id]);
    await look(p, "ko-table");

    // Sort by 예산, largest first; filter on 상태 = 완료.
    await columnAction(p, "예산", ko("column.sortDesc"));
    await expect.poll(() => rowTitles(p), { timeout: 5000 }).toEqual(["모바일 앱", "신규 웹사이트", "사내 교육"]);
    await p.getByRole("button", { name: ko("filter.add"), exact: true }).click();
    const filter = p.getByRole("dialog", { name: ko("filter.add") });
    await pick(filter, p, ko("filter.property"), "상태");
    await pick(filter, p, ko("filter.value"), "완료");
    await filter.getByRole("button", { name: ko("filter.apply"), exact: true }).click();
    await expect.poll(() => rowTitles(p), { timeout: 5000 }).toEqual(["모바일 앱"]);
    const status = await propNamed("상태");
    const saved = (await api.ok<WikiDocument>(200, "GET", `docs/${db.id}`, kim)).viewConfig!;
    expect([saved.sort, saved.dir, saved.filters.map((f) => [f.propertyId, f.op])]).toEqual([String((await propNamed("예산")).id), "desc", [[status.id, "eq"]]]);
    await look(p, "ko-filtered");
    await p.getByRole("button", { name: ko("filter.remove", { filter: `상태 ${ko("op.eq")} 완료` }), exact: true }).click();
    await expect.poll(() => rowTitles(p), { timeout: 5000 }).toEqual(["모바일 앱", "신규 웹사이트", "사내 교육"]);

    // The board grouped by 상태: 신규 웹사이트 moves from 진행 중 to 완료 by its menu.
    await p.getByRole("radio", { name: ko("kind.BOARD"), exact: true }).or(p.getByRole("button", { name: ko("kind.BOARD"), exact: true })).click();
    const doing = p.getByRole("region", { name: ko("board.column", { name: "진행 중" }) });
    const done = p.getByRole("region", { name: ko("board.column", { name: "완료" }) });
    await doing.getByRole("link", { name: "신규 웹사이트", exact: true }).waitFor();
    await done.getByRole("link", { name: "모바일 앱", exact: true }).waitFor();
    await look(p, "ko-board");
    await doing.getByRole("button", { name: ko("board.moveOf", { name: "신규 웹사이트" }), exact: true }).click();
    await p.getByRole("menuitem", { name: "완료", exact: true }).click();
    await done.getByRole("link", { name: "신규 웹사이트", exact: true }).waitFor();
    await expect.poll(async () => {
      const r = await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${db.id}`, kim);
      return r.documents.find((d) => d.title === "신규 웹사이트")!.propertyValues.find((v) => v.propertyId === status.id)?.textValue;
    }, { timeout: 5000 }).toBe(status.config.options!.find((o) => o.name === "완료")!.id);
    expect((await api.ok<WikiDocument>(200, "GET", `docs/${db.id}`, kim)).viewConfig!.kind).toBe("BOARD");

    // Delete 마감일: gone from the table, the rows' values and an open row's page.
    await p.getByRole("radio", { name: ko("kind.TABLE"), exact: true }).or(p.getByRole("button", { name: ko("kind.TABLE"), exact: true })).click();
    await columnAction(p, "마감일", ko("column.delete"));
    await p.getByRole("alertdialog").or(p.getByRole("dialog", { name: ko("property.deleteTitle") })).getByRole("button", { name: ko("delete"), exact: true }).click();
    await expect.poll(() => columnNames(p), { timeout: 5000 }).toEqual([ko("titleColumn"), "상태선택", "담당자사람", "예산숫자"]);
    expect((await props()).map((x) => x.name)).toEqual(["상태", "담당자", "예산"]);
    await p.getByRole("table").getByRole("link", { name: "신규 웹사이트", exact: true }).click();
    await p.waitForURL(new RegExp(`#/wiki/docs/${web.id}$`));
    const list = p.getByRole("region", { name: ko("row.properties") });
    await list.getByText("예산", { exact: true }).waitFor();
    await expect(list.locator("dt").allTextContents()).resolves.toEqual(["상태", "담당자", "예산"]);
    await look(p, "ko-row");
    await p.context().close();
  });

  async function walk(lng: Lang, width: number) {
    const tr = tx(lng);
    await speak(e, kim, lng, "김작성");
    const p = await open(`/wiki/docs/${db.id}`, width);
    await p.getByRole("toolbar", { name: tr("toolbar") }).waitFor();
    await p.getByRole("table").getByRole("link", { name: "모바일 앱", exact: true }).waitFor();
    await look(p, `${lng}-${width}-table`);
    await p.getByRole("button", { name: tr("column.menu", { name: "상태" }), exact: true }).click();
    await p.getByRole("menuitem", { name: tr("column.settings"), exact: true }).click();
    await p.getByRole("dialog", { name: tr("property.settings", { name: "상태" }) }).waitFor();
    await look(p, `${lng}-${width}-options`);
    await p.keyboard.press("Escape");
    await p.getByRole("radio", { name: tr("kind.BOARD"), exact: true }).or(p.getByRole("button", { name: tr("kind.BOARD"), exact: true })).click();
    await p.getByRole("region", { name: tr("board.column", { name: "완료" }) }).waitFor();
    await look(p, `${lng}-${width}-board`);
    await p.getByRole("radio", { name: tr("kind.TABLE"), exact: true }).or(p.getByRole("button", { name: tr("kind.TABLE"), exact: true })).click();
    await p.getByRole("table").waitFor();
    await p.context().close();
  }

  test("in English at phone width and in Indonesian", async () => {
    await walk("en", 390);
    await walk("id", 1280);
    await speak(e, kim, "ko", "김작성");
  });
});
