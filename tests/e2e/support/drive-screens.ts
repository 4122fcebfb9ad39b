// The drive's screens walked in one language at one width, for the screens-* files (drive-screens-desktop,
// drive-screens-phone): every view (home, recent, important, shared with me, my shares, trash, search results)
// and every dialog (upload with a file done, new folder with its message, rename, move, copy, shortcut, share,
// share link, the trash's question, the image preview), each checked with axe and kept as a screenshot; and
// each checked for text cut off or running out of its box (overflowing()).
import { Buffer } from "node:buffer";
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { DriveItem } from "../../../shared/drive/items.ts";
import { seriousViolations, type E2E } from "./browser.ts";
import { driveApiAs, homeOf, putFile } from "./drive.ts";
import { speak } from "./books.ts";
import { type MailCompany, signIn, USER_PASSWORD } from "./mail.ts";
import { type Lang, strings } from "./walk-i18n.ts";

// A 2x2 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

/** A member speaking `lng` with a drive to look at: folders, files with long names, one shared, one in the trash. */
export async function driveMember(e: E2E, co: MailCompany, loginId: string, lng: Lang) {
  const who = await co.member(loginId);
  await speak(e, who, lng);
  const call = driveApiAs(e, who);
  const home = await homeOf(e, who);
  await call<DriveItem>("POST", "/api/drive/create", { fileName: "2024년 상반기 영업 실적 보고서와 부록 자료 모음 폴더", parentId: home.id });
  await call<DriveItem>("POST", "/api/drive/create", { fileName: "회의록", parentId: home.id });
  await putFile(e, who, home.id, "사진.png", PNG);
  await putFile(e, who, home.id, "아주_긴_파일_이름을_가진_문서_2024_최종_수정본_검토완료_v3.docx", "docx");
  const old = await putFile(e, who, home.id, "지난자료.txt", "old");
  const starred = await putFile(e, who, home.id, "계약서.pdf", "%PDF-1.4");
  await call("PUT", "/api/drive/important", { fileIds: [starred.id], important: true });
  await call("DELETE", "/api/drive", { fileIds: [old.id] });
  const trash = (await call<DriveItem[]>("GET", "/api/drive/root")).find((r) => r.fileType === "DELETED")!;
  return { who, home, trash };
}

/**
 * Elements whose text runs out of their box (wider or taller content than the box, not scrolled on purpose)
 * or out of the viewport's width; answers readable descriptions.
 */
export async function overflowing(page: Page, scope = "body"): Promise<string[]> {
  return await page.evaluate((sel) => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    // Inside a box that scrolls sideways on purpose (the fast-access strip), past the edge is fine.
    const inScroller = (el: HTMLElement) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if ((o === "auto" || o === "scroll") && a.scrollWidth > a.clientWidth) return true;
      }
      return false;
    };
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll<HTMLElement>("button, a, h1, h2, h3, label, p, span, td, th, li, [role=dialog]")) {
        const cs = getComputedStyle(el);
        if (cs.visibility === "hidden" || cs.display === "none" || el.closest(".visually-hidden")) continue;
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        // Text ellipsised on purpose keeps its full name in a title or an accessible name.
        const ellipsis = cs.textOverflow === "ellipsis";
        const clipsX = el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== "visible" && cs.overflowX !== "auto" && cs.overflowX !== "scroll";
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
        if (clipsX && !ellipsis && el.children.length === 0) out.push(`clipped: ${name}`);
        if (r.right > vw + 1 && !inScroller(el)) out.push(`past the viewport (${Math.round(r.right)} > ${vw}): ${name}`);
      }
    }
    return [...new Set(out)];
  }, scope);
}

export async function walkScreens(e: E2E, p: Page, co: MailCompany, loginId: string, lng: Lang, width: number, ids: { home: DriveItem; trash: DriveItem }) {
  const tr = strings(lng);
  const tag = `${lng}-${width}`;
  const phone = width < 600;
  const row = (name: string) => p.locator("tr.dr-row", { hasText: name });
  const bulk = p.getByRole("toolbar", { name: tr("drive:bulk.label") });
  async function look(name: string, scope?: string) {
    expect(await seriousViolations(p), `${tag} ${name}`).toEqual([]);
    expect(await overflowing(p, scope), `${tag} ${name}`).toEqual([]);
    await e.shot(p, `${tag}-${name}`);
  }
  async function dialogOf(name: string, open: () => Promise<void>, shot: string, then?: (d: Locator) => Promise<void>) {
    await open();
    const d = p.getByRole("dialog", { name, exact: true });
    await d.waitFor();
    if (then) await then(d);
    await look(shot, "[role=dialog]");
    await p.keyboard.press("Escape");
    await d.waitFor({ state: "detached" });
  }

  await signIn(e, p, loginId, co.domain, USER_PASSWORD, "/drive");
  await p.waitForURL(new RegExp(`#/drive/${ids.home.id}/1$`));
  await row("사진.png").waitFor();
  await look("home");

  if (phone) {
    await p.getByRole("button", { name: tr("drive:side.open") }).click();
    const drawer = p.getByRole("dialog", { name: tr("drive:side.label") });
    await drawer.getByRole("link", { name: tr("drive:side.trash") }).waitFor();
    await look("drawer");
    await p.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
  }

  // The upload dialog with a file done.
  await p.locator(".dr-toolbar").getByRole("button", { name: tr("drive:upload.open"), exact: true }).click();
  const upload = p.getByRole("dialog", { name: tr("drive:upload.title") });
  const chooser = p.waitForEvent("filechooser");
  await upload.getByRole("button", { name: tr("drive:upload.pickFiles") }).click();
  await (await chooser).setFiles([{ name: `올린파일-${lng}.txt`, mimeType: "text/plain", buffer: Buffer.from(lng) }]);
  await upload.getByText(tr("drive:upload.summary", { done: 1, total: 1, percent: 100 })).waitFor();
  await look("upload", "[role=dialog]");
  await upload.getByRole("button", { name: tr("common:action.close"), exact: true }).click();
  await upload.waitFor({ state: "detached" });

  await dialogOf(tr("drive:folder.new"), () => p.locator(".dr-toolbar").getByRole("button", { name: tr("drive:folder.new") }).click(), "new-folder", async (d) => {
    await d.getByRole("button", { name: tr("drive:folder.create") }).click();
    await d.getByText(tr("drive:errors.drive.name_required")).waitFor();
  });

  const file = "아주_긴_파일_이름을_가진_문서_2024_최종_수정본_검토완료_v3.docx";
  await row(file).locator("input[type=checkbox]").click();
  await bulk.waitFor();
  await look("selected");
  const action = (key: string) => () => bulk.getByRole("button", { name: tr(`drive:action.${key}`), exact: true }).click();
  await dialogOf(tr("drive:rename.title"), action("rename"), "rename");
  await dialogOf(tr("drive:target.moveTitle"), action("move"), "move");
  await dialogOf(tr("drive:target.copyTitle"), action("copy"), "copy");
  await dialogOf(tr("drive:target.shortcutTitle"), action("shortcut"), "shortcut");
  await dialogOf(tr("drive:share.title", { name: file }), action("share"), "share");
  await dialogOf(tr("drive:link.title", { name: file }), action("link"), "link");
  await action("delete")();
  const ask = p.getByRole("dialog", { name: tr("drive:trash.askTitle"), exact: true });
  await ask.getByText(tr("drive:trash.askOne", { name: file })).waitFor();
  await look("trash-ask", "[role=dialog]");
  await p.keyboard.press("Escape");
  await ask.waitFor({ state: "detached" });

  await dialogOf("사진.png", () => row("사진.png").getByRole("button", { name: "사진.png", exact: true }).click(), "preview", async (d) => {
    await expect.poll(() => d.getByRole("img", { name: "사진.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 5000 }).toBe(2);
  });

  // The views through the side pane (the drawer on phones), as a person goes there; the search from its box.
  const views: [string, string, string][] = [
    ["recent", "drive:side.recent", "사진.png"],
    ["important", "drive:side.important", "계약서.pdf"],
    ["shared", "drive:side.sharedWithMe", ""],
    ["my-shares", "drive:side.myShares", ""],
    ["trash", "drive:side.trash", "지난자료.txt"],
  ];
  for (const [name, label, shows] of views) {
    let side = p.getByRole("navigation", { name: tr("drive:side.label") });
    if (phone) {
      await p.getByRole("button", { name: tr("drive:side.open") }).click();
      side = p.getByRole("dialog", { name: tr("drive:side.label") });
    }
    await side.getByRole("link", { name: tr(label), exact: true }).click();
    if (phone) await side.waitFor({ state: "detached" });
    await p.getByRole("heading", { name: new RegExp(tr(label)) }).waitFor().catch(async (err) => {
      await e.shot(p, `failed-${name}`);
      throw err;
    });
    if (shows) await row(shows).waitFor();
    else await p.locator(".dr-empty").waitFor();
    await look(name);
  }
  // Connecting as a network drive: the side pane's last entry; the two WebDAV addresses of this server and the
  // user's address as the user name.
  let side = p.getByRole("navigation", { name: tr("drive:side.label") });
  if (phone) {
    await p.getByRole("button", { name: tr("drive:side.open") }).click();
    side = p.getByRole("dialog", { name: tr("drive:side.label") });
  }
  await dialogOf(tr("drive:dav.title"), () => side.getByRole("button", { name: tr("drive:dav.open"), exact: true }).click(), "network-drive", async (d) => {
    await expect.poll(() => d.locator("code").allTextContents(), { timeout: 5000 })
      .toEqual([`${e.base}/dav/files/`, `${e.base}/dav/shared/`, `${loginId}@${co.domain}`]);
    await d.getByRole("link", { name: tr("drive:dav.passwordLink") }).waitFor();
  });
  await p.getByRole("searchbox", { name: tr("drive:search.label") }).fill("사진");
  await p.getByRole("button", { name: tr("drive:search.submit"), exact: true }).click();
  await p.waitForURL(/#\/drive\/search\/1\//);
  await row("사진.png").waitFor();
  await look("search");

  if (!phone && lng === "ko") {
    // The dialog's link goes to where the mail-program password is set.
    await p.getByRole("navigation", { name: tr("drive:side.label") }).getByRole("button", { name: tr("drive:dav.open"), exact: true }).click();
    await p.getByRole("dialog", { name: tr("drive:dav.title"), exact: true }).getByRole("link", { name: tr("drive:dav.passwordLink") }).click();
    await p.waitForURL(/#\/mail\/config\/-1\/1\/client$/);
    await p.getByText(tr("mail:clients.password.title"), { exact: true }).waitFor();
  }
}
