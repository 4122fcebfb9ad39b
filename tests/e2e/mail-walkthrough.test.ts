// A new user's whole mail day, walked in ko, en and id with the labels each language shows (the UI's own
// locale files): first sign-in to an empty inbox; compose to a colleague and to oneself; the colleague's open
// inbox updates live; the colleague replies with an attachment; search; a folder and a tag made, a mail tagged
// and moved; delete; empty trash; then every mail settings tab opened, one setting saved and seen kept after a
// reload; the same screens at phone size (390x844). No console errors and no failed requests on the way.
// Screenshots go to test-results/e2e/mail-walkthrough/ (and /tmp/shots-h when SHOTS_DIR is set).
import { afterEach, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { folders, mailCompany, type Who } from "./support/mail.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";
import { and, eq } from "drizzle-orm";
import { mailFolders } from "../../db/schema/index.ts";

const e = await startE2E("mail-walkthrough");
const LANGS = (Deno.env.get("WALK_LANGS") ?? "ko,en,id").split(",") as Lang[];
const SHOTS = Deno.env.get("SHOTS_DIR");
const problems: string[] = [];
const TABS = ["list", "write", "sign", "rule", "forward", "away", "spam", "smart", "external", "client"];

async function shot(page: Page, name: string) {
  const file = await e.shot(page, name);
  if (SHOTS) await Deno.copyFile(file, `${SHOTS}/${file.split("/").pop()}`);
}

/** A page in `lng` that records console errors and failed requests into `problems`. */
async function openPage(lng: Lang, size: { width: number; height: number } = { width: 1280, height: 800 }) {
  const { context, page } = await e.newPage(size);
  await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
  page.setDefaultTimeout(12_000);
  page.on("console", (m) => m.type() === "error" && problems.push(`[${lng} console] ${m.text()}`));
  page.on("pageerror", (err) => problems.push(`[${lng} pageerror] ${err.message}`));
  page.on("requestfailed", (r) => {
    if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`[${lng} requestfailed] ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => r.status() >= 500 && problems.push(`[${lng} ${r.status()}] ${r.url()}`));
  return page;
}

const signIn = (page: Page, tr: ReturnType<typeof strings>, loginId: string, domain: string) =>
  signInIn(e.base, page, tr, loginId, domain);

afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

for (const lng of LANGS) {
  const tr = strings(lng);
  const SUBJECT = { ko: "주간 보고 초안", en: "Weekly report draft", id: "Draf laporan mingguan" }[lng];
  describe(`a mail day in ${lng}`, () => {
    let co: Awaited<ReturnType<typeof mailCompany>>;
    let me: Who, mate: Who;
    let a: Page, b: Page;
    const folderNamed = async (who: Who, name: string) =>
      (await e.t.db.db.select({ id: mailFolders.id }).from(mailFolders).where(and(eq(mailFolders.userId, who.userId), eq(mailFolders.name, name))))[0].id;
    const mailsIn = async (who: Who, folderId: number) =>
      (await e.t.call("GET", `/api/mails?folderId=${folderId}&page=0`, { token: who.token })).body.mails as { mailId: number; subject: string }[];

    test("first sign-in shows an empty inbox", async () => {
      co = await mailCompany(e, `walk-${lng}.test`);
      me = await co.member("mina");
      mate = await co.member("joon");
      // Each person's account language (applied at sign-in), as the account settings screen saves it.
      for (const who of [me, mate]) {
        const r = await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: who === me ? "Mina" : "Joon", personalEmail: "", languageType: lng.toUpperCase() } });
        expect(r.status).toBe(200);
      }
      a = await openPage(lng);
      b = await openPage(lng);
      await signIn(a, tr, "mina", co.domain);
      await signIn(b, tr, "joon", co.domain);
      await a.getByRole("heading", { name: tr("mail:folders.type.INBOX") }).waitFor();
      await a.getByText(tr("mail:list.empty.inbox")).waitFor();
      await shot(a, `${lng}-inbox-empty`);
    });

    test("compose to a colleague and to oneself; the colleague's inbox updates live", async () => {
      await a.getByRole("button", { name: tr("mail:folders.write") }).click();
      await a.waitForURL(/#\/mail\/write\//);
      const form = a.locator("form.cmp");
      const to = form.getByRole("combobox", { name: tr("mail:compose.to") });
      await to.fill("joon");
      await a.getByRole("option", { name: /Joon/ }).first().click();
      await to.fill(`mina@${co.domain}`);
      await to.press("Enter");
      await form.getByLabel(tr("mail:compose.subject"), { exact: true }).fill(SUBJECT);
      await form.getByRole("textbox", { name: tr("mail:compose.body") }).click();
      await a.keyboard.type("Hello — 1, 2, 3.");
      await shot(a, `${lng}-compose`);
      await form.getByRole("button", { name: tr("mail:compose.send"), exact: true }).click();
      await a.getByRole("heading", { name: tr("mail:compose.result.sent") }).waitFor();
      await shot(a, `${lng}-sent-result`);
      await b.getByText(SUBJECT).first().waitFor();
      await shot(b, `${lng}-colleague-live`);
      const f = await folders(e.t, me);
      expect((await mailsIn(me, f.INBOX)).map((m) => m.subject)).toEqual([SUBJECT]);
    });

    test("the colleague replies with an attachment; it arrives", async () => {
      await b.locator(".mail-row", { hasText: SUBJECT }).locator(".mail-subject").click();
      await b.getByRole("heading", { name: SUBJECT }).waitFor();
      await shot(b, `${lng}-read`);
      await b.getByRole("button", { name: tr("mail:view.reply"), exact: true }).click();
      await b.waitForURL(/#\/mail\/write\//);
      const form = b.locator("form.cmp");
      await form.getByRole("textbox", { name: tr("mail:compose.body") }).click();
      await b.keyboard.type("OK!");
      await form.locator("input[type=file]").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
      await form.locator(".cmp-file", { hasText: "notes.txt" }).getByText(tr("mail:compose.uploaded")).waitFor();
      await shot(b, `${lng}-reply-attach`);
      await form.getByRole("button", { name: tr("mail:compose.send"), exact: true }).click();
      await b.getByRole("heading", { name: tr("mail:compose.result.sent") }).waitFor();
      await a.goto(`${e.base}/#/mail`);
      await a.getByText(`RE: ${SUBJECT}`).first().waitFor();
      await shot(a, `${lng}-inbox-two`);
    });

    test("search finds the reply", async () => {
      const field = a.getByRole("searchbox", { name: tr("mail:search.fieldLabel") });
      await field.fill("RE:");
      await field.press("Enter");
      await a.locator(".mail-content").getByText(`RE: ${SUBJECT}`).first().waitFor();
      await shot(a, `${lng}-search`);
      await a.goto(`${e.base}/#/mail`);
      await a.getByText(`RE: ${SUBJECT}`).first().waitFor();
    });

    test("a folder and a tag are made; a mail is tagged and moved; a mail is deleted; trash emptied", async () => {
      const tree = a.getByRole("treegrid", { name: tr("mail:folders.treeLabel") });
      const FOLDER = { ko: "프로젝트", en: "Projects", id: "Proyek" }[lng];
      await tree.getByRole("row", { name: new RegExp(`^${tr("mail:folders.type.PRIVATE_ROOT")}`) }).first().click({ button: "right" });
      await a.getByRole("menuitem", { name: tr("mail:folders.action.create"), exact: true }).click();
      const create = a.getByRole("dialog", { name: tr("mail:folders.createTitle", { name: tr("mail:folders.type.PRIVATE_ROOT") }) });
      await create.getByLabel(tr("mail:folders.nameLabel")).fill(FOLDER);
      await shot(a, `${lng}-folder-dialog`);
      await create.getByRole("button", { name: tr("mail:folders.create") }).click();
      await tree.getByRole("row", { name: new RegExp(`^${FOLDER}`) }).first().waitFor();

      await tree.getByRole("row", { name: new RegExp(`^${tr("mail:folders.type.TAG_ROOT")}`) }).first().click({ button: "right" });
      await a.getByRole("menuitem", { name: tr("mail:folders.action.tagAdd"), exact: true }).click();
      const tagDialog = a.getByRole("dialog", { name: tr("mail:folders.tagAddTitle") });
      await tagDialog.getByLabel(tr("mail:folders.tagName")).fill("urgent");
      await shot(a, `${lng}-tag-dialog`);
      await tagDialog.getByRole("button", { name: tr("mail:folders.save") }).click();
      const ask = a.getByRole("dialog").filter({ hasText: tr("mail:folders.confirmTagAdd", { name: "urgent" }) });
      await ask.getByRole("button", { name: tr("common:action.ok") }).click();
      await tree.getByRole("row", { name: /^urgent/ }).first().waitFor();

      const reply = a.locator(".mail-row", { hasText: `RE: ${SUBJECT}` });
      await reply.getByRole("checkbox").click();
      await a.getByRole("button", { name: tr("mail:list.action.tag"), exact: true }).click();
      await a.getByRole("menuitem", { name: "#urgent" }).click();
      await reply.getByText("urgent").first().waitFor();
      await a.getByRole("button", { name: tr("mail:list.action.move"), exact: true }).click();
      await shot(a, `${lng}-move-menu`);
      await a.getByRole("menuitem", { name: FOLDER }).click();
      await reply.waitFor({ state: "detached" });
      const f = await folders(e.t, me);
      expect((await mailsIn(me, await folderNamed(me, FOLDER))).map((m) => m.subject)).toEqual([`RE: ${SUBJECT}`]);

      const first = a.locator(".mail-row", { hasText: SUBJECT });
      await first.getByRole("checkbox").click();
      await a.getByRole("button", { name: tr("mail:list.action.delete"), exact: true }).click();
      await first.waitFor({ state: "detached" });
      expect(await mailsIn(me, f.INBOX)).toEqual([]);
      await a.getByText(tr("mail:list.empty.inbox")).waitFor();

      await tree.getByRole("row", { name: new RegExp(`^${tr("mail:folders.type.DELETED")}`) }).first().click();
      await a.locator(".mail-row", { hasText: SUBJECT }).first().waitFor();
      await a.getByRole("button", { name: tr("mail:list.action.empty"), exact: true }).click();
      await shot(a, `${lng}-empty-trash-confirm`);
      await a.getByRole("dialog").getByRole("button").last().click();
      await a.getByText(tr("mail:list.empty.trash")).waitFor();
      expect(await mailsIn(me, f.DELETED)).toEqual([]);
      await shot(a, `${lng}-trash-empty`);
    });

    test("every settings tab opens; a setting saved is kept after a reload", async () => {
      for (const tab of TABS) {
        await a.goto(`${e.base}/#/mail/config/-1/1/${tab}`);
        await a.getByRole("tab", { name: tr(`mail:config.tab.${tab}`), selected: true }).waitFor();
        await a.locator(".mail-config-panel").first().waitFor();
        await a.waitForLoadState("networkidle");
        await shot(a, `${lng}-config-${tab}`);
      }
      await a.goto(`${e.base}/#/mail/config/-1/1/list`);
      await a.getByRole("button", { name: new RegExp(tr("mail:config.list.pageSize")) }).click();
      await a.getByRole("option", { name: tr("mail:config.list.perPage_other", { count: 10 }) }).click();
      await expect.poll(async () => (await e.t.call("GET", "/api/mail/config", { token: me.token })).body.pageSize).toBe(10);
      await a.reload();
      await a.getByRole("button", { name: new RegExp(tr("mail:config.list.perPage_other", { count: 10 })) }).waitFor();
    });

    test("the same screens at phone size", async () => {
      const p = await openPage(lng, { width: 390, height: 844 });
      await signIn(p, tr, "joon", co.domain);
      await p.getByText(SUBJECT).first().waitFor();
      await shot(p, `${lng}-phone-inbox`);
      await p.locator(".mail-row", { hasText: SUBJECT }).locator(".mail-subject").click();
      await p.getByRole("heading", { name: SUBJECT }).waitFor();
      await shot(p, `${lng}-phone-read`);
      await p.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
      await p.locator("form.cmp").getByRole("textbox", { name: tr("mail:compose.body") }).waitFor();
      // The recipient box keeps its own row on a phone: the Cc/Bcc button does not cover it.
      const box = await p.locator(".cmp-rcpt-box").first().boundingBox();
      const cc = await p.locator(".cmp-rcpt-extra").first().boundingBox();
      expect(cc!.y).toBeGreaterThanOrEqual(box!.y + box!.height - 1);
      await shot(p, `${lng}-phone-compose`);
      for (const tab of ["list", "forward", "spam"]) {
        await p.goto(`${e.base}/#/mail/config/-1/1/${tab}`);
        await p.getByRole("tab", { name: tr(`mail:config.tab.${tab}`), selected: true }).waitFor();
        await p.waitForLoadState("networkidle");
        await shot(p, `${lng}-phone-config-${tab}`);
      }
      await p.context().close();
    });
  });
}

