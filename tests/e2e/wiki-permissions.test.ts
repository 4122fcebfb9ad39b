// A wiki sub-tree's permissions and a Markdown import in a real browser (issue 29): 김작성 restricts 영업 자료 to
// 영업팀 (with its sub-teams, 읽기) from its 공유 dialog; 최개발 of 개발팀 can no longer open it or its child 고객 명단,
// while 박파트 of 영업1파트 can; 고객 명단's dialog says it inherits from 영업 자료 (a link there); 김작성 resets 영업 자료
// to inherit and 최개발 reads it again. Then 김작성 imports a zip of Markdown under 회사 소개 through the import
// dialog (a broken zip first: its code's text) and opens the first imported document. axe on each screen;
// screenshots under test-results/e2e/wiki-permissions/.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { strToU8, zipSync } from "fflate";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { speak } from "./support/books.ts";
import { makeDoc, wikiApi, wikiCompany } from "../wiki/support.ts";
import type { SummaryPage } from "../../shared/wiki/documents.ts";
import type { DocPermissions } from "../../shared/wiki/permissions.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("wiki-permissions");
const W = await wikiCompany(e.t, "wiki-permissions.test");
const api = wikiApi(e.t);
const kim = W.author;
const salesDoc = await makeDoc(e.t, kim, { title: "영업 자료" });
const customers = await makeDoc(e.t, kim, { title: "고객 명단", parentId: salesDoc.id });
const about = await makeDoc(e.t, kim, { title: "회사 소개" });

/** A part of the wiki texts (locales/<lng>/wiki/<part>.json, or wikiErrors.json) with {{vars}} filled in. */
function tx(part: string, lng: Lang = "ko") {
  const file = part === "errors" ? "wikiErrors.json" : `wiki/${part}.json`;
  const tree = JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/${file}`, import.meta.url), "utf8"));
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree);
    if (typeof v !== "string") throw new Error(`no text ${part}.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const perm = tx("permissions");
const imp = tx("transfer");
const doc = tx("doc");
const err = tx("errors");

async function open(loginId: string, path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, W.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();

async function permissionsOf(p: Page) {
  await p.getByRole("button", { name: doc("share"), exact: true }).click();
  const d = p.getByRole("dialog", { name: perm("title") });
  await d.getByText(perm("yourLevel", { level: perm("level.OWNER") }), { exact: true }).waitFor();
  return d;
}

describe("wiki permissions and import", () => {
  test("restrict 영업 자료 to 영업팀, inherit, reset", async () => {
    await api.ok(200, "GET", `docs/${customers.id}`, W.dev);
    const p = await open("kim", `/wiki/docs/${salesDoc.id}`);
    let d = await permissionsOf(p);
    await d.getByText(perm("companyDefault"), { exact: true }).waitFor();
    await look(p, "ko-default");

    // 영업팀 from the organisation chart: the dialog copies the company default (김작성 OWNER) and adds it.
    await d.getByRole("button", { name: new RegExp(`${perm("orgChart")}$`) }).click();
    await d.getByRole("button", { name: "영업팀 조직 추가", exact: true }).click();
    await snack(p, perm("msg.added"));
    const members = d.getByRole("list", { name: perm("members") });
    const salesTeam = members.getByRole("checkbox", { name: `영업팀 ${perm("includeChildren")}`, exact: true });
    await salesTeam.waitFor();
    await d.getByText(perm("own"), { exact: true }).waitFor();
    await d.getByRole("button", { name: new RegExp(perm("levelOf", { name: "영업팀" })) }).click();
    await p.getByRole("option", { name: perm("level.READ"), exact: true }).click();
    await snack(p, perm("msg.saved"));
    await expect(salesTeam.isChecked()).resolves.toBe(true);
    await look(p, "ko-restricted");
    const own = await api.ok<DocPermissions>(200, "GET", `docs/${salesDoc.id}/permissions`, kim);
    expect(own.inherited).toBe(false);
    expect(own.members.map((m) => [m.userId ?? m.organName, m.accessLevel, m.includeChildren]).sort()).toEqual(
      [[kim.id, "OWNER", true], ["영업팀", "READ", true]].sort(),
    );

    // The last owner cannot be removed: its code's text.
    await d.getByRole("button", { name: perm("remove", { name: "김작성" }), exact: true }).click();
    await snack(p, err("wiki.last_owner"));
    await d.getByRole("button", { name: perm("close"), exact: true }).click();

    // 최개발 (개발팀) cannot open the sub-tree; 박파트 (영업1파트, a sub-team of 영업팀) reads it.
    await api.fails(403, "wiki.no_access", "GET", `docs/${salesDoc.id}`, W.dev);
    await api.fails(403, "wiki.no_access", "GET", `docs/${customers.id}`, W.dev);
    expect((await api.ok(200, "GET", `docs/${customers.id}`, W.salesPart)).editable).toBe(false);
    const choi = await open("choi", `/wiki/docs/${customers.id}`);
    const alert = choi.getByRole("alert").filter({ hasText: doc("failed") });
    await alert.getByText(err("wiki.no_access"), { exact: true }).waitFor();
    await look(choi, "ko-dev-refused");
    await choi.context().close();

    // 고객 명단 inherits from 영업 자료, and links there.
    await p.goto(`${e.base}/#/wiki/docs/${customers.id}`);
    d = await permissionsOf(p);
    await d.getByText(perm("inheritedFrom"), { exact: false }).waitFor();
    await d.getByRole("list", { name: perm("members") }).getByRole("button", { name: `${perm("level.READ")} ${perm("levelOf", { name: "영업팀" })}`, exact: true }).waitFor();
    await look(p, "ko-inherited");
    await d.getByRole("link", { name: "영업 자료", exact: true }).click();
    await p.waitForURL(new RegExp(`#/wiki/docs/${salesDoc.id}$`));
    await d.waitFor({ state: "detached" });

    // Reset 영업 자료 to inherit (confirmed): the company default again, and 최개발 reads it.
    d = await permissionsOf(p);
    await d.getByRole("button", { name: perm("reset"), exact: true }).click();
    await p.getByRole("button", { name: perm("resetConfirm"), exact: true }).click();
    await d.getByText(perm("companyDefault"), { exact: true }).waitFor();
    await snack(p, perm("msg.reset"));
    expect((await api.ok<DocPermissions>(200, "GET", `docs/${salesDoc.id}/permissions`, kim)).inherited).toBe(true);
    await api.ok(200, "GET", `docs/${customers.id}`, W.dev);
    await p.context().close();
  });

  test("import a zip of Markdown under 회사 소개", async () => {
    const zip = zipSync({
      "안내서/index.md": strToU8("# 영업 안내서\n\n영업팀의 **안내서**입니다.\n"),
      "안내서/고객 응대.md": strToU8("# 고객 응대\n\n- 인사\n- 경청\n"),
    });
    const p = await open("kim", `/wiki/docs/${about.id}`);
    await p.getByRole("button", { name: doc("more"), exact: true }).click();
    await p.getByRole("menuitem", { name: doc("import"), exact: true }).click();
    const d = p.getByRole("dialog", { name: imp("title") });
    const input = d.locator("input[type=file]");
    await input.setInputFiles({ name: "broken.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
    await d.getByRole("button", { name: imp("start"), exact: true }).click();
    await d.getByRole("alert").getByText(err("wiki.import_invalid"), { exact: true }).waitFor();
    await look(p, "ko-import-failed");

    await input.setInputFiles({ name: "안내서.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await d.getByText(/안내서\.zip/).waitFor();
    await d.getByRole("button", { name: imp("start"), exact: true }).click();
    await d.getByRole("status").getByText(imp("done_other", { count: 1 }), { exact: true }).waitFor();
    await d.getByRole("list", { name: imp("imported") }).getByRole("link", { name: "영업 안내서", exact: true }).waitFor();
    await look(p, "ko-imported");
    const top = (await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${about.id}`, kim)).documents;
    expect(top.map((x) => x.title)).toEqual(["영업 안내서"]);
    const under = (await api.ok<SummaryPage>(200, "GET", `docs/summaries?parentId=${top[0].id}`, kim)).documents;
    expect(under.map((x) => x.title)).toEqual(["고객 응대"]);
    await d.getByRole("button", { name: imp("openFirst"), exact: true }).click();
    await p.waitForURL(new RegExp(`#/wiki/docs/${top[0].id}$`));
    await d.waitFor({ state: "detached" });
    await p.context().close();
  });

  async function walk(lng: Lang, width: number) {
    const [pt, it, dt] = [tx("permissions", lng), tx("transfer", lng), tx("doc", lng)];
    await speak(e, kim, lng, "김작성");
    const p = await open("kim", `/wiki/docs/${customers.id}`, width);
    await p.getByRole("button", { name: dt("share"), exact: true }).click();
    const d = p.getByRole("dialog", { name: pt("title") });
    await d.getByText(pt("companyDefault"), { exact: true }).waitFor();
    await look(p, `${lng}-${width}-permissions`);
    await d.getByRole("button", { name: pt("close"), exact: true }).click();
    await d.waitFor({ state: "detached" });
    await p.getByRole("article").getByRole("button", { name: dt("more"), exact: true }).click();
    await p.getByRole("menuitem", { name: dt("import"), exact: true }).click();
    const i = p.getByRole("dialog", { name: it("title") });
    await i.getByText(it("drop"), { exact: true }).waitFor();
    await look(p, `${lng}-${width}-import`);
    await p.context().close();
  }

  test("in English at phone width and in Indonesian", async () => {
    await walk("en", 390);
    await walk("id", 1280);
    await speak(e, kim, "ko", "김작성");
  });
});
