// The world of the reader's browser tests (tests/e2e/mail-view-*.test.ts): a company with a reader and two
// colleagues; in the reader's mailbox an HTML mail with a remote image (served by a local server that counts
// what reaches it), an inline (cid) image and a PNG attachment, a mail to report as spam, a blocked mail in
// spam, and a Korean subject with an EUC-KR body; the API look-ups the tests check the server with; a page
// whose print() is observed, not performed.
import { afterAll, afterEach, expect } from "vitest";
import type { Page } from "playwright-core";
import { axe, startE2E } from "./browser.ts";
import { build, deliver, file, folders, mailCompany } from "./mail.ts";

export async function startViewWorld(suite: string) {
  const e = await startE2E(suite);
  const co = await mailCompany(e, "view.test");
  const reader = await co.member("reader");
  const box = await folders(e.t, reader);
  const colleague1 = await co.member("minji");
  await co.member("jisu");

  const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  const LOGO = b64("iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGP4v0yFKohh1KBRg0YNGjVo1KBRgwbeIABM5wR9NB2N7wAAAABJRU5ErkJggg==");
  const CHART = b64(
    "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAWElEQVR4nO3PwQkAIBDAsFvIGZ3bn0P4CEKhA6Sz9vm64YIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALHruV+3LxbqFsOwAAAABJRU5ErkJggg==",
  );

  // A remote image server that counts what reaches it (a request the frame's policy blocks never does).
  const remoteHits: string[] = [];
  const remoteServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    remoteHits.push(new URL(req.url).pathname);
    return new Response(CHART, { headers: { "content-type": "image/png" } });
  });
  afterAll(() => remoteServer.shutdown());

  const SUBJECT = "3분기 실적 보고서 검토 요청";
  const REMOTE = `http://127.0.0.1:${remoteServer.addr.port}/x.png`;
  const htmlId = await deliver(e, reader, {
    subject: SUBJECT,
    to: reader.username,
    html: `<p>안녕하세요, 보고서를 첨부합니다.</p><p><img src="${REMOTE}" alt="원격 이미지" width="40" height="40"></p>` +
      `<p><img src="cid:logo@view.test" alt="회사 로고"></p><p><a href="https://example.com/report">보고서 링크</a></p>`,
    attachments: [
      { filename: "logo.png", content: LOGO, contentType: "image/png", cid: "logo@view.test" },
      { filename: "chart.png", content: CHART, contentType: "image/png" },
    ],
  });
  const spamId = await deliver(e, reader, { subject: "광고 메일입니다", to: reader.username, text: "지금 바로 구매하세요." });
  const blockedId = await file(e.t, reader, build({ subject: "차단된 발신자의 메일", to: reader.username, text: "숨겨진 본문 내용" }), {
    folder: "SPAM",
    spamReason: "RULE",
  });
  // A Korean subject (EUC-KR encoded word) and an EUC-KR body, as older Korean mail programs send them.
  const EUC_KR_HELLO = "bec8b3e7c7cfbcbcbfe4"; // "안녕하세요" in EUC-KR
  const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));
  const eucKrBody = btoa(String.fromCharCode(...hex(EUC_KR_HELLO), 0x0d, 0x0a));
  const eucId = await file(
    e.t,
    reader,
    new TextEncoder().encode([
      "From: =?EUC-KR?B?" + btoa(String.fromCharCode(...hex("b1e8b0fcb8ae"))) + "?= <old@legacy.example>", // 김관리
      `To: ${reader.username}`,
      "Subject: =?EUC-KR?B?" + btoa(String.fromCharCode(...hex(EUC_KR_HELLO))) + "?=",
      "Date: Sun, 01 Nov 2026 09:00:00 +0900",
      "Message-ID: <euc-kr@legacy.example>",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=EUC-KR",
      "Content-Transfer-Encoding: base64",
      "",
      eucKrBody,
      "",
    ].join("\r\n")),
  );

  async function inboxUnread(): Promise<number> {
    const r = await e.t.call("GET", "/api/folders", { token: reader.token });
    type Node = { id: number | string; newCount: number; children: Node[] };
    const find = (list: Node[]): Node | undefined => list.map((f) => (f.id === box.INBOX ? f : find(f.children))).find(Boolean);
    return find(r.body)!.newCount;
  }
  async function folderOf(mailId: number): Promise<number | undefined> {
    for (const f of [box.INBOX, box.SPAM]) {
      const r = await e.t.call("GET", `/api/mails?folderId=${f}&page=0&pageSize=100`, { token: reader.token });
      if (r.body.mails.some((m: { mailId: number }) => m.mailId === mailId)) return f;
    }
    return undefined;
  }
  async function rowOf(mailId: number) {
    const r = await e.t.call("GET", `/api/mails?folderId=-1&page=0&pageSize=100`, { token: reader.token });
    return r.body.mails.find((m: { mailId: number }) => m.mailId === mailId);
  }

  const viewUrl = (folderId: number, mailId: number, page = 1, list: { ownerId?: number } = {}) =>
    `${e.base}/#/mail/view/${folderId}/${page}/${encodeURIComponent(JSON.stringify({ list, view: { mailId } }))}`;

  /** A private folder of `who` (POST /api/folders). */
  async function privateFolder(who: typeof reader, nameFolder: string): Promise<number> {
    const r = await e.t.call("POST", "/api/folders", { token: who.token, json: { folderType: "PRIVATE", nameFolder } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id;
  }
  /** The rows of one list page as the server orders them (page from 1). */
  async function listRows(folderId: number, page: number, pageSize: number): Promise<{ mailId: number; subject: string }[]> {
    const r = await e.t.call("GET", `/api/mails?folderId=${folderId}&page=${page - 1}&pageSize=${pageSize}`, { token: reader.token });
    expect(r.status).toBe(200);
    return r.body.mails;
  }
  const listIds = async (folderId: number, page: number, pageSize: number) =>
    (await listRows(folderId, page, pageSize)).map((m) => m.mailId);

  /**
   * axe on the reader (the folder pane and list are other parts', checked by their own tests). The mail's own
   * HTML in the sandboxed frame is the sender's, not ours to audit; axe cannot run scripts in that frame (no
   * allow-scripts) and would wait for it, so the frame is left out.
   */
  async function readerViolations(page: Page): Promise<string[]> {
    const result = await axe(page).include(".mr-reader").include(".modal-overlay").exclude("iframe.mr-frame")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  }

  const { context, page } = await e.newPage();
  page.setDefaultTimeout(10_000);
  // Printing is observed, not performed (a print dialog would hold the headless browser).
  await context.addInitScript(() => {
    const w = globalThis as unknown as { __printed: number; print(): void };
    w.__printed = 0;
    w.print = () => void (w.__printed += 1);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await e.shot(page, `failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
  });
  const frame = () => page.frameLocator("iframe.mr-frame");

  return {
    e, co, reader, box, colleague1, LOGO, CHART, remoteHits, SUBJECT, REMOTE, htmlId, spamId, blockedId, eucId,
    inboxUnread, folderOf, rowOf, viewUrl, privateFolder, listRows, listIds, readerViolations, context, page, frame,
  };
}
