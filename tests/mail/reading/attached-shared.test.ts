// An attached message of a mail in a shared folder (GET /api/share/mails/view/{id}?attachPosition=N): a member
// opens it as the owner does in their own mailbox (same view), its files download with the member's inline
// token, nothing is marked read; a non-member, a foreign company and a wrong position answer as a missing
// mail or attachment; once the share is removed the view and the token's file URLs answer like a missing mail.
import { beforeAll, describe, expect, test } from "vitest";
import type { MailView } from "../../../shared/mail/reading.ts";
import { createTestApp } from "../../support/test-app.ts";
import { api, who, type World, world } from "../shared/support.ts";
import { crlf, file, forwardingMessage, mailRow, privateFolder } from "./support.ts";

const t = await createTestApp();
const { get, share, unshare } = api(t);
let W: World;
let folder: number, mailId: number;

const INNER = crlf(`From: Minsu Kim <minsu@partner.example>
To: Bob <bob@partner.example>
Subject: Quote
Date: Fri, 30 Oct 2026 08:30:00 +0900
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="in"

--in
Content-Type: text/html; charset=utf-8

<p>Please find the quote attached.<script>alert(1)</script></p>
--in
Content-Type: application/pdf; name="quote.pdf"
Content-Disposition: attachment; filename="quote.pdf"
Content-Transfer-Encoding: base64

${btoa("%PDF-1.4 the quote")}
--in--
`);
const OUTER = forwardingMessage("FW: quote", `Content-Type: message/rfc822
Content-Disposition: attachment; filename="forwarded.eml"

${INNER}`);

beforeAll(async () => {
  W = await world(t, "attached-share.test");
  const alice = who(W.A, W.alice);
  folder = await privateFolder(t, alice, "Forwarded");
  mailId = await file(t, alice, OUTER, { folder });
  await share(W.alice, folder, [{ memberType: "USER", memberId: W.bob.id, permission: 2 }]);
});

const sharedAt = (m: World["bob"], position: number | string) =>
  get(m, `/api/share/mails/view/${mailId}?attachPosition=${position}&folderId=${folder}`);

describe("an attached message in a shared folder", () => {
  test("a member sees what the owner sees, downloads its file with their token, and nothing is marked read", async () => {
    const own = await get(W.alice, `/api/mails/view/${mailId}?attachPosition=1`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const r = await sharedAt(W.bob, 1);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = r.body as MailView;
    expect(view.attachPosition).toBe(1);
    expect(view.subject).toBe("Quote");
    expect(view.content).not.toContain("script");
    const strip = (v: MailView) => ({ ...v, inlineToken: "", attachList: v.attachList.map((a) => ({ ...a, url: "" })) });
    expect(strip(view)).toEqual(strip(own.body));
    const pdf = view.attachList.find((a) => a.name === "quote.pdf")!;
    const download = await t.app.request(pdf.url);
    expect(download.status).toBe(200);
    expect(new TextDecoder().decode(await download.arrayBuffer())).toBe("%PDF-1.4 the quote");
    expect((await mailRow(t, mailId)).read).toBe(false);
  });

  test("a wrong position, a non-member and another company answer as missing", async () => {
    expect((await sharedAt(W.bob, 0)).body.code).toBe("mail.attach_not_found"); // notes.txt: not a message
    expect((await sharedAt(W.bob, 7)).body.code).toBe("mail.attach_not_found");
    expect((await sharedAt(W.bob, -1)).body.code).toBe("mail.attach_not_found");
    for (const stranger of [W.erin, W.mallory]) {
      const r = await sharedAt(stranger, 1);
      expect([r.status, r.body.code]).toEqual([404, "mail.not_found"]);
    }
  });

  test("after the share is removed, the view and the file URL answer like a missing mail", async () => {
    const pdfUrl = ((await sharedAt(W.bob, 1)).body as MailView).attachList.find((a) => a.name === "quote.pdf")!.url;
    await unshare(W.alice, folder);
    const r = await sharedAt(W.bob, 1);
    expect([r.status, r.body.code]).toEqual([404, "mail.not_found"]);
    const download = await t.app.request(pdfUrl);
    expect([download.status, (await download.json()).code]).toEqual([404, "mail.not_found"]);
  });
});
