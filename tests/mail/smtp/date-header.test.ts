// The Date header through the real paths (store/mail-date.ts): a message arriving over SMTP shows the instant
// its Date header names as sentTimeMillis in the mail view, also when the header is malformed in a way with
// one meaning (a zone without its sign, KST, no zone); a Date that cannot be read shows none and the received
// time stands. A restored .eml is filed at the instant its Date header names.
import { beforeAll, describe, expect, test } from "vitest";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { listen, localResolver, sendRaw } from "./support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let inbox: number;

const message = (subject: string, date: string) =>
  `From: Partner <partner@remote.example>\r\nTo: ${A.username}\r\nSubject: ${subject}\r\nDate: ${date}\r\n` +
  `Message-ID: <${subject}@remote.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nbody\r\n`;

/** The mail view of the inbox mail with this subject. */
async function viewOf(subject: string) {
  const list = await t.call("GET", `/api/mails?folderId=${inbox}&pageSize=200`, { token: A.token });
  expect(list.status).toBe(200);
  const mail = (list.body.mails as { mailId: number; subject: string }[]).find((m) => m.subject === subject);
  if (!mail) throw new Error(`no mail "${subject}"`);
  const view = await t.call("GET", `/api/mails/view/${mail.mailId}`, { token: A.token });
  expect(view.status).toBe(200);
  return view.body as { sentTimeMillis: number | null; receivedTimeMillis: number };
}

async function deliver(subject: string, date: string) {
  const r = await sendRaw(smtp.port, { from: "partner@remote.example", to: [A.username] }, message(subject, date));
  expect(r.ok).toBe(true);
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "date-header.test" });
  const userId = (await t.call("GET", "/api/users/detail", { token: A.token })).body.id as number;
  inbox = (await systemFolders(t.db.db, A.companyId, userId)).INBOX;
});

describe("the Date header over SMTP, as the mail view shows it", () => {
  test.each([
    ["zone-without-sign", "Tue, 24 Nov 2026 10:00:00 0900", "2026-11-24T01:00:00Z"],
    ["zone-abbreviation", "Tue, 24 Nov 2026 10:00:00 KST", "2026-11-24T01:00:00Z"],
    ["no-zone", "2026-11-24 10:00:00", "2026-11-24T10:00:00Z"],
    ["obsolete-syntax", "24 Nov 26 10:00 EST (comment)", "2026-11-24T15:00:00Z"],
  ])("%s: %s → %s", async (subject, date, instant) => {
    await deliver(subject, date);
    expect((await viewOf(subject)).sentTimeMillis).toBe(Date.parse(instant));
  });

  test("a Date that cannot be read (year 0026) shows none; the received time stands", async () => {
    await deliver("year-0026", "Tue, 24 Nov 0026 10:00:00 +0900");
    expect(await viewOf("year-0026")).toMatchObject({ sentTimeMillis: null, receivedTimeMillis: t.clock.now().getTime() });
  });
});

describe("a restored .eml", () => {
  test("is filed at the instant its Date header names, a zone without its sign read as east of UTC", async () => {
    const form = new FormData();
    form.append("folderId", String(inbox));
    form.append("part", new File([message("restored", "Mon, 2 Mar 2026 09:30:00 0900")], "restored.eml"));
    const res = await t.app.request("/api/mails/import", { method: "POST", body: form, headers: { authorization: `Bearer ${A.token}` } });
    expect(res.status).toBe(200);
    expect(await viewOf("restored")).toMatchObject({
      sentTimeMillis: Date.parse("2026-03-02T00:30:00Z"),
      receivedTimeMillis: Date.parse("2026-03-02T00:30:00Z"),
    });
  });
});
