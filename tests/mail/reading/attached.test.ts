// MailView.attachPosition: a mail whose attachment is itself a message (a message/rfc822 part, an .eml file)
// opens that message through GET /api/mails/view/{id}?attachPosition=N, sanitised like any inbound mail,
// with its own attachments downloadable through the parent (bearer and inline token); a message attached
// inside it opens by its path (attachPosition=1.1), as deep as shared/mail/attach-path.ts allows; 404 for a
// position that is not a message, for a missing one and for another user's mail; 403 while the parent is
// blocked.
import { beforeAll, describe, expect, test } from "vitest";
import type { MailView } from "../../../shared/mail/reading.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { crlf, file, forwardingMessage, mailRow, member, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let u: Who;
let other: Who;
let rfc822Mail: number;
let emlMail: number;
let nestedMail: number;

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/.{76}/g, "$&\n");

/** The inner message: HTML with a script, a remote image, an inline cid image, a quote, and a PDF. */
const INNER = crlf(`From: Minsu Kim <minsu@partner.example>
To: Bob <bob@partner.example>
Cc: Carol <carol@partner.example>
Subject: =?UTF-8?B?${b64("견적서 송부")}?=
Date: Fri, 30 Oct 2026 08:30:00 +0900
Message-ID: <inner-1@partner.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="in-mixed"

--in-mixed
Content-Type: multipart/related; boundary="in-rel"

--in-rel
Content-Type: text/html; charset=utf-8

<p>Please find the quote attached.<script>alert(1)</script><img src="https://tracker.example/p.gif"><img src="cid:logo@x"></p><div class="gmail_quote">On Thu, Bob wrote:<blockquote class="gmail_quote">Send me a quote.</blockquote></div>
--in-rel
Content-Type: image/png
Content-ID: <logo@x>
Content-Transfer-Encoding: base64

iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==
--in-rel--
--in-mixed
Content-Type: application/pdf; name="quote.pdf"
Content-Disposition: attachment; filename="quote.pdf"
Content-Transfer-Encoding: base64

${b64("%PDF-1.4 the quote")}
--in-mixed--
`);

const RFC822_PART = `Content-Type: message/rfc822
Content-Disposition: attachment; filename="forwarded.eml"

${INNER}`;
const EML_FILE_PART = `Content-Type: application/octet-stream; name="original.eml"
Content-Disposition: attachment; filename="original.eml"
Content-Transfer-Encoding: base64

${btoa(INNER).replace(/.{76}/g, "$&\n")}`;

/** A forward of a forward: a note (position 0), then the first forward as a message/rfc822 part (position 1). */
const MIDDLE_PART = `Content-Type: message/rfc822
Content-Disposition: attachment; filename="first-forward.eml"

${crlf(`From: Bob <bob@partner.example>
To: Dana <dana@partner.example>
Subject: FW: quote
Date: Sat, 31 Oct 2026 10:00:00 +0900
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="mid"

--mid
Content-Type: text/plain; charset=utf-8

Forwarding Minsu's quote.
--mid
Content-Type: text/plain; name="memo.txt"
Content-Disposition: attachment; filename="memo.txt"

a memo
--mid
${RFC822_PART}
--mid--
`)}`;

const viewAt = (who: Who, id: number, position: number | string) =>
  t.call("GET", `/api/mails/view/${id}?attachPosition=${position}`, { token: who.token });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  u = await member(t, A, "sujin");
  other = await member(t, A, "jihoon");
  rfc822Mail = await file(t, u, forwardingMessage("FW: quote (rfc822)", RFC822_PART));
  emlMail = await file(t, u, forwardingMessage("FW: quote (eml)", EML_FILE_PART));
  nestedMail = await file(t, u, forwardingMessage("FW: FW: quote", MIDDLE_PART));
});

describe("opening an attached message", () => {
  for (const [kind, id] of [["message/rfc822 part", () => rfc822Mail], [".eml file", () => emlMail]] as const) {
    test(`${kind}: a MailView of the attached message under the parent's id`, async () => {
      const parent = (await t.call("GET", `/api/mails/view/${id()}`, { token: u.token })).body as MailView;
      const msg = parent.attachList.find((a) => a.position === 1)!;
      expect(msg.name).toMatch(/\.eml$/);
      const r = await viewAt(u, id(), 1);
      expect(r.status).toBe(200);
      const m = r.body as MailView;
      expect(m).toMatchObject({
        mailId: id(),
        attachPosition: 1,
        subject: "견적서 송부",
        from: { name: "Minsu Kim", address: "minsu@partner.example" },
        to: [{ name: "Bob", address: "bob@partner.example" }],
        cc: [{ name: "Carol", address: "carol@partner.example" }],
        contentType: "html",
        sentTimeMillis: Date.parse("2026-10-29T23:30:00Z"),
        blocked: false,
      });
      // Sanitised like inbound mail: no script; the remote image stays for the frame's policy to block.
      expect(m.content).toContain("Please find the quote attached.");
      expect(m.content).not.toContain("<script");
      expect(m.content).toContain("https://tracker.example/p.gif");
      // Its cid image and its attachments go through the parent: .../{position}/{sub}.
      expect(m.content).toContain(`/api/mail-inline/${id()}/1/0?token=`);
      expect(m.quoteContent).toContain("Send me a quote.");
      expect(m.content).not.toContain("Send me a quote.");
      const pdf = m.attachList.find((a) => a.name === "quote.pdf")!;
      expect(pdf.url).toBe(`/api/mail-inline/${id()}/1/${pdf.position}?token=${encodeURIComponent(m.inlineToken)}`);

      const viaToken = await t.app.request(pdf.url);
      expect(viaToken.status).toBe(200);
      expect(viaToken.headers.get("content-type")).toContain("application/pdf");
      expect(await viaToken.text()).toBe("%PDF-1.4 the quote");
      const viaBearer = await t.call("GET", `/api/mails/view/${id()}/attach/1/${pdf.position}`, { token: u.token });
      expect(viaBearer.status).toBe(200);
      const logo = await t.app.request(`/api/mail-inline/${id()}/1/0?token=${encodeURIComponent(m.inlineToken)}`);
      expect(logo.headers.get("content-type")).toContain("image/png");
      await logo.arrayBuffer();
    });
  }

  test("opening it changes nothing about the parent (no read mark)", async () => {
    const id = await file(t, u, forwardingMessage("FW: unread parent", RFC822_PART));
    expect((await viewAt(u, id, 1)).status).toBe(200);
    expect((await mailRow(t, id)).read).toBe(false);
  });
});

describe("a message attached inside an attached message", () => {
  test("opens by its path; its attachments and inline image download through the mail, at that path", async () => {
    const middle = (await viewAt(u, nestedMail, 1)).body as MailView;
    expect(middle).toMatchObject({ mailId: nestedMail, subject: "FW: quote", attachPosition: 1, attachPath: "1" });
    expect(middle.attachList.map((a) => a.name)).toEqual(["memo.txt", expect.stringMatching(/\.eml$/)]);

    const r = await viewAt(u, nestedMail, "1.1");
    expect(r.status).toBe(200);
    const m = r.body as MailView;
    expect(m).toMatchObject({
      mailId: nestedMail,
      attachPosition: 1,
      attachPath: "1.1",
      subject: "견적서 송부",
      from: { name: "Minsu Kim", address: "minsu@partner.example" },
    });
    expect(m.content).not.toContain("<script");
    expect(m.content).toContain(`/api/mail-inline/${nestedMail}/1.1/0?token=`);
    const pdf = m.attachList.find((a) => a.name === "quote.pdf")!;
    expect(pdf.url).toBe(`/api/mail-inline/${nestedMail}/1.1/${pdf.position}?token=${encodeURIComponent(m.inlineToken)}`);
    const viaToken = await t.app.request(pdf.url);
    expect(viaToken.status).toBe(200);
    expect(await viaToken.text()).toBe("%PDF-1.4 the quote");
    const viaBearer = await t.call("GET", `/api/mails/view/${nestedMail}/attach/1.1/${pdf.position}`, { token: u.token });
    expect(viaBearer.status).toBe(200);
    // The middle message's own attachment, by its one-level path, as before.
    const memo = await t.call("GET", `/api/mails/view/${nestedMail}/attach/1/0`, { token: u.token });
    expect(memo.status).toBe(200);
  });

  test("every level must be a message; a path past the depth limit or malformed is refused; foreign is 404", async () => {
    for (const path of ["1.0", "1.2", "1.1.0", "0.1"]) {
      const r = await viewAt(u, nestedMail, path);
      expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 404, code: "mail.attach_not_found" });
    }
    for (const path of ["1.1.1.1.1.1", "1..1", "1.", "-1", "1.a"]) {
      expect({ path, status: (await viewAt(u, nestedMail, path)).status }).toEqual({ path, status: 400 });
    }
    expect((await t.call("GET", `/api/mails/view/${nestedMail}/attach/1.0/0`, { token: u.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/view/${nestedMail}/attach/1.1.1.1.1.1/0`, { token: u.token })).status).toBe(404);
    const foreign = await viewAt(other, nestedMail, "1.1");
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: "mail.not_found" });
    expect((await t.call("GET", `/api/mails/view/${nestedMail}/attach/1.1/1`, { token: other.token })).status).toBe(404);
  });
});

describe("refusals", () => {
  test("404 for a position that is not a message, a missing position and a missing nested attachment", async () => {
    const notMessage = await viewAt(u, rfc822Mail, 0);
    expect(notMessage.status).toBe(404);
    expect(notMessage.body.code).toBe("mail.attach_not_found");
    expect((await viewAt(u, rfc822Mail, 7)).status).toBe(404);
    expect((await t.call("GET", `/api/mails/view/${rfc822Mail}/attach/1/9`, { token: u.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/view/${rfc822Mail}/attach/0/0`, { token: u.token })).status).toBe(404);
    expect((await viewAt(u, rfc822Mail, "x")).status).toBe(400);
  });

  test("another user's mail answers 404, as a missing one; a bad token 404", async () => {
    const foreign = await viewAt(other, rfc822Mail, 1);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("mail.not_found");
    expect((await t.call("GET", `/api/mails/view/${rfc822Mail}/attach/1/1`, { token: other.token })).status).toBe(404);
    expect((await t.app.request(`/api/mail-inline/${rfc822Mail}/1/1?token=nope`)).status).toBe(404);
  });

  test("a blocked parent withholds the attached message (403), like its attachments", async () => {
    const id = await file(t, u, forwardingMessage("FW: blocked", RFC822_PART), { folder: "SPAM", spamReason: "BLOCK_LIST" });
    const r = await viewAt(u, id, 1);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("mail.blocked");
    const parent = (await t.call("GET", `/api/mails/view/${id}`, { token: u.token })).body as MailView;
    expect(parent).toMatchObject({ blocked: true, content: "", quoteContent: null, attachList: [] });
  });
});
