// MailView.quoteContent: the quoted history of replies and forwards, split off server-side from real-world
// MIME (Gmail, Outlook web and desktop, Apple Mail, Thunderbird, a Naver-style separator, plain ">" quotes)
// and from a reply written with our own compose; an inline reply and a bottom reply stay whole; content and
// quote together keep every word; a blocked mail answers with neither, and unblocking brings both back.
import { beforeAll, describe, expect, test } from "vitest";
import type { MailView } from "../../../shared/mail/reading.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { file, folders, member, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let u: Who;
let v: Who;

const raw = (s: string) => new TextEncoder().encode(s.replace(/\r?\n/g, "\r\n"));
const htmlMail = (subject: string, html: string) =>
  raw(`From: Bob <bob@partner.example>
To: someone@alpha.test
Subject: ${subject}
Date: Sun, 01 Nov 2026 09:00:00 +0000
Message-ID: <${subject.replace(/\W/g, "")}@partner.example>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b1"

--b1
Content-Type: text/plain; charset=utf-8

(plain alternative)
--b1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: 8bit

${html}
--b1--
`);
const textMail = (subject: string, text: string) =>
  raw(`From: Bob <bob@partner.example>
To: someone@alpha.test
Subject: ${subject}
Date: Sun, 01 Nov 2026 09:00:00 +0000
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

${text}
`);

async function view(who: Who, mailId: number): Promise<MailView> {
  const r = await t.call("GET", `/api/mails/view/${mailId}`, { token: who.token });
  expect(r.status).toBe(200);
  return r.body as MailView;
}
/** The words a reader sees (the head's styles, repeated in both parts on purpose, left out). */
const words = (html: string) =>
  html.replace(/<head>[\s\S]*?<\/head>|<style[\s\S]*?<\/style>/gi, " ").replace(/<[^>]+>/g, " ").replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
    .split(/\s+/).filter(Boolean);

const GMAIL = `<div dir="ltr">Thanks, Thursday works.<div><br></div><div>-- <br>Bob</div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Sat, Oct 31, 2026 at 6:12 PM Sujin &lt;sujin@alpha.test&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div>Can we meet on Thursday?</div></blockquote></div>`;
const OUTLOOK_WEB = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div style="font-family: Aptos, sans-serif; font-size: 12pt;">Sounds good to me.</div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt"><b>From:</b> Sujin &lt;sujin@alpha.test&gt;<br><b>Sent:</b> Saturday, October 31, 2026 6:12 PM<br><b>Subject:</b> Budget</font><div>&nbsp;</div></div><div><div dir="ltr">Please review the budget draft.</div></div></body></html>`;
const OUTLOOK_DESKTOP = `<html><head><style>p.MsoNormal{margin:0cm;font-size:11.0pt}</style></head><body lang="KO" link="#0563C1"><div class="WordSection1"><p class="MsoNormal">확인했습니다. 감사합니다.</p><p class="MsoNormal">&nbsp;</p><div><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal"><b>보낸 사람:</b> 이수진 &lt;sujin@alpha.test&gt;<br><b>보낸 날짜:</b> 2026년 10월 31일 토요일 오후 6:12<br><b>제목:</b> 예산</p></div></div><p class="MsoNormal">&nbsp;</p><p class="MsoNormal">예산 초안을 검토해 주세요.</p></div></body></html>`;
const APPLE = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body style="overflow-wrap: break-word;"><div>Yes, see attached notes.</div><div><br><blockquote type="cite"><div>On 31 Oct 2026, at 18:12, Sujin &lt;sujin@alpha.test&gt; wrote:</div><br class="Apple-interchange-newline"><div><div>Did you get the notes?</div></div></blockquote></div><br></body></html>`;
const THUNDERBIRD = `<html><body><p>Here is my answer.</p><div class="moz-cite-prefix">On 31/10/2026 18:12, Sujin wrote:<br></div><blockquote type="cite" cite="mid:abc@alpha.test"><p>What is the answer?</p></blockquote><br></body></html>`;
const THUNDERBIRD_BOTTOM = `<html><body><div class="moz-cite-prefix">On 31/10/2026 18:12, Sujin wrote:<br></div><blockquote type="cite"><p>What is the answer?</p></blockquote><p>Forty-two, answered below the quote.</p></body></html>`;
const INLINE = `<div>Answers inline:</div><blockquote class="gmail_quote">1. Budget?</blockquote><div>Approved.</div><blockquote class="gmail_quote">2. Date?</blockquote><div>Thursday.</div>`;
const NAVER = `<div style="font-size:10pt;font-family:Gulim;"><p>네, 확인했습니다.</p><p><br></p><p>-----Original Message-----<br>From: "김민수"&lt;minsu@naver.com&gt;<br>To: &lt;sujin@alpha.test&gt;;<br>Sent: 2026-10-31 (토) 18:12:00 (GMT+09:00)<br>Subject: 회의</p><p>목요일 회의 가능하신가요?</p></div>`;

let ids: Record<string, number> = {};

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  u = await member(t, A, "sujin");
  v = await member(t, A, "minsu");
  ids = {
    gmail: await file(t, u, htmlMail("Gmail reply", GMAIL)),
    outlookWeb: await file(t, u, htmlMail("Outlook web reply", OUTLOOK_WEB)),
    outlookDesktop: await file(t, u, htmlMail("Outlook desktop reply", OUTLOOK_DESKTOP)),
    apple: await file(t, u, htmlMail("Apple reply", APPLE)),
    thunderbird: await file(t, u, htmlMail("Thunderbird reply", THUNDERBIRD)),
    bottom: await file(t, u, htmlMail("Bottom reply", THUNDERBIRD_BOTTOM)),
    inline: await file(t, u, htmlMail("Inline reply", INLINE)),
    naver: await file(t, u, htmlMail("Naver reply", NAVER)),
    plain: await file(t, u, textMail("Plain reply", "Sure, Thursday.\n\nOn Sat, Oct 31, 2026 at 6:12 PM Sujin <sujin@alpha.test>\nwrote:\n> Can we meet?\n>\n> Sujin\n")),
    plainInline: await file(t, u, textMail("Plain inline", "> Budget?\nApproved.\n> Date?\nThursday.\n")),
    plainOutlook: await file(t, u, textMail("Plain outlook", "Fine by me.\n\n________________________________\nFrom: Sujin <sujin@alpha.test>\nSent: Saturday\nSubject: Plan\n\nThe plan.\n")),
    fresh: await file(t, u, htmlMail("No quote", "<p>Just a new message with a <blockquote>famous line</blockquote> at the end.</p>")),
  };
});

describe("quoteContent of HTML replies", () => {
  const cases: [string, string, string, string][] = [
    ["gmail", GMAIL, "Thanks, Thursday works.", "Can we meet on Thursday?"],
    ["outlookWeb", OUTLOOK_WEB, "Sounds good to me.", "Please review the budget draft."],
    ["outlookDesktop", OUTLOOK_DESKTOP, "확인했습니다. 감사합니다.", "예산 초안을 검토해 주세요."],
    ["apple", APPLE, "Yes, see attached notes.", "Did you get the notes?"],
    ["thunderbird", THUNDERBIRD, "Here is my answer.", "What is the answer?"],
    ["naver", NAVER, "네, 확인했습니다.", "목요일 회의 가능하신가요?"],
  ];
  for (const [key, html, reply, quoted] of cases) {
    test(`${key}: the new text in content, the history in quoteContent, nothing lost`, async () => {
      const m = await view(u, ids[key]);
      expect(m.contentType).toBe("html");
      expect(m.content).toContain(reply);
      expect(m.content).not.toContain(quoted);
      expect(m.quoteContent).toContain(quoted);
      expect(m.quoteContent).not.toContain(reply);
      expect([...words(m.content), ...words(m.quoteContent!)].join(" ")).toBe(words(html).join(" "));
    });
  }

  test("outlook web: the separator line and the From/Sent header go with the quote", async () => {
    const m = await view(u, ids.outlookWeb);
    expect(m.quoteContent).toMatch(/<body[^>]*><hr[^>]*><div id="divRplyFwdMsg"/);
    expect(m.quoteContent).toContain("divRplyFwdMsg");
    expect(m.content).not.toContain("<hr");
  });

  test("an inline reply, a reply below the quote and a mail ending in a plain blockquote stay whole", async () => {
    for (const key of ["inline", "bottom", "fresh"]) {
      const m = await view(u, ids[key]);
      expect(m.quoteContent, key).toBeNull();
    }
    expect((await view(u, ids.inline)).content).toContain("Thursday.");
  });
});

describe("quoteContent of plain-text replies", () => {
  test("a trailing block of '>' lines with its (wrapped) attribution", async () => {
    const m = await view(u, ids.plain);
    expect(m.contentType).toBe("text");
    expect(m.content).toBe("Sure, Thursday.");
    expect(m.quoteContent).toBe("On Sat, Oct 31, 2026 at 6:12 PM Sujin <sujin@alpha.test>\nwrote:\n> Can we meet?\n>\n> Sujin");
  });

  test("an Outlook underscore separator with From: below it", async () => {
    const m = await view(u, ids.plainOutlook);
    expect(m.content).toBe("Fine by me.");
    expect(m.quoteContent).toMatch(/^_{10,}\nFrom: Sujin/);
    expect(m.quoteContent).toContain("The plan.");
  });

  test("interleaved '>' quotes stay whole", async () => {
    const m = await view(u, ids.plainInline);
    expect(m.quoteContent).toBeNull();
    expect(m.content).toContain("> Date?");
  });
});

describe("our own replies", () => {
  test("a reply written with the compose prefill splits at its quote; the prefill still quotes the full original", async () => {
    const inboxU = (await folders(t, u)).INBOX;
    // minsu writes to sujin; sujin answers with the reply prefill.
    const sent = await t.call("POST", "/api/mails/v2/send", {
      token: v.token,
      json: { composeType: "DEFAULT", to: [u.username], subject: "Workshop", content: "<p>Shall we book the workshop room?</p>" },
    });
    expect(sent.status).toBe(200);
    const list = await t.call("GET", `/api/mails?folderId=${inboxU}`, { token: u.token });
    const orig = list.body.mails.find((m: { subject: string }) => m.subject === "Workshop");
    const prefill = await t.call("GET", `/api/mails/v2/reply/${orig.mailId}/false`, { token: u.token });
    expect(prefill.body.content).toContain("Shall we book the workshop room?");
    const reply = await t.call("POST", "/api/mails/v2/send", {
      token: u.token,
      json: { ...prefill.body, content: "<p>Booked for Friday.</p>" + prefill.body.content },
    });
    expect(reply.status).toBe(200);
    const inboxV = (await folders(t, v)).INBOX;
    const got = (await t.call("GET", `/api/mails?folderId=${inboxV}`, { token: v.token })).body.mails
      .find((m: { subject: string }) => m.subject === "RE: Workshop");
    const m = await view(v, got.mailId);
    expect(m.content).toContain("Booked for Friday.");
    expect(m.content).not.toContain("workshop room");
    expect(m.quoteContent).toContain("mail-quote");
    expect(m.quoteContent).toContain("Shall we book the workshop room?");

    // Replying to the reply quotes the FULL stored message, its own quote included.
    const again = await t.call("GET", `/api/mails/v2/reply/${got.mailId}/false`, { token: v.token });
    expect(again.body.content).toContain("Booked for Friday.");
    expect(again.body.content).toContain("Shall we book the workshop room?");
  });
});

describe("blocked mail", () => {
  test("answers without content or quote; unblocking restores both", async () => {
    const id = await file(t, u, htmlMail("Blocked reply", GMAIL), { folder: "SPAM", spamReason: "BLOCK_LIST" });
    const blocked = await view(u, id);
    expect(blocked.blocked).toBe(true);
    expect(blocked.content).toBe("");
    expect(blocked.quoteContent).toBeNull();
    expect(blocked.attachList).toEqual([]);
    const un = await t.call("PATCH", `/api/mails/${id}/unblock`, { token: u.token });
    expect(un.status).toBe(200);
    const back = await view(u, id);
    expect(back.mailType).toBe("NORMAL");
    expect(back.content).toContain("Thanks, Thursday works.");
    expect(back.quoteContent).toContain("Can we meet on Thursday?");
  });
});
