// The mail reader's invitation card answers, in a browser (issue 23 "People"): an invitation from outside
// arrives over SMTP at our inbound listener; the reader presses "accept" on its card, which puts the event into
// their calendar and mails the organiser a REPLY (delivered by the outbound queue to a stand-in for the
// organiser's mail server); the pressed answer shows; the organiser's later CANCEL, arriving the same way,
// removes the event, and its card offers no answers. axe finds nothing serious on the card.
import { afterAll, describe, expect, test } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";
import { and, eq } from "drizzle-orm";
import { calendarEvents } from "../../db/schema/index.ts";
import { axe, startE2E } from "./support/browser.ts";
import { folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { processOutbound } from "../../server/modules/mail/outbound/queue.ts";
import { whenItipInboundDone } from "../../server/modules/calendar/itip-mail/inbound.ts";
import { buildCancel, buildImipMessage, buildRequest, parseItip } from "../../server/modules/calendar/ics/index.ts";

const received: string[] = [];
const mx = new SMTPServer({
  authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      done();
    });
  },
});
await new Promise<void>((ok) => mx.listen(0, "127.0.0.1", () => ok()));
afterAll(() => new Promise<void>((ok) => mx.close(() => ok())));

const e = await startE2E("calendar-itip-card");
(e.t.deps.config as { OUTBOUND_MX_PORT: number }).OUTBOUND_MX_PORT = (mx.server.address() as AddressInfo).port;
e.t.deps.resolveMx = () => Promise.resolve([{ exchange: "127.0.0.1", priority: 10 }]);
const co = await mailCompany(e, "cal-card.test");
const me = await co.member("sujin");
const box = await folders(e.t, me);
const inbound = await listen(e.t.deps, localResolver({}));
const BOSS = "boss@partner.example";
const uid = `card-${crypto.randomUUID()}@partner.example`;
const object = [
  "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Partner//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z",
  "DTSTART:20261215T020000Z", "DTEND:20261215T030000Z", "SUMMARY:Partner review", "SEQUENCE:0",
  `ORGANIZER;CN=Boss:mailto:${BOSS}`, `ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${me.username}`, "END:VEVENT", "END:VCALENDAR", "",
].join("\r\n");

async function sendIn(method: "REQUEST" | "CANCEL", ics: string, subject: string): Promise<number> {
  const raw = await buildImipMessage({
    from: { name: "Boss", address: BOSS }, to: [{ name: "", address: me.username }], subject, text: subject, method, ics,
    date: new Date(), messageId: `${crypto.randomUUID()}@partner.example`,
  });
  const r = await sendRaw(inbound.port, { from: BOSS, to: [me.username] }, Buffer.from(raw), "mx.partner.example");
  expect(r.ok, r.response).toBe(true);
  await whenItipInboundDone(e.t.deps);
  const main = await e.t.call("GET", "/api/mails/main?size=20", { token: me.token });
  return main.body.mails.find((m: { subject: string }) => m.subject === subject).mailId;
}

const viewUrl = (mailId: number) => `${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`;
const { page } = await e.newPage();
page.setDefaultTimeout(10_000);

describe("answering an invitation from the mail reader", () => {
  test("accept: the answer is pressed, the event is in the calendar, a REPLY reaches the organiser's server", async () => {
    const mailId = await sendIn("REQUEST", buildRequest(object, { now: new Date() }), "Invitation: Partner review");
    await signIn(e, page, "sujin", co.domain, USER_PASSWORD);
    await page.goto(viewUrl(mailId));
    const answers = page.getByRole("group", { name: "초대 회신" });
    await answers.getByRole("button", { name: "수락" }).click();
    await page.getByText("회신 메일을 보냈습니다.").waitFor();
    await answers.getByRole("button", { name: "수락", pressed: true }).waitFor();
    const violations = await axe(page).include(".mc-cards").withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(violations.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await e.shot(page, "accepted");
    const rows = await e.t.db.db.select().from(calendarEvents).where(and(eq(calendarEvents.uid, uid), eq(calendarEvents.ownerUserId, me.userId)));
    expect(rows).toHaveLength(1);
    await processOutbound(e.t.deps, { relayUrl: null, timeoutMs: 5000 });
    expect(received).toHaveLength(1);
    const parsed = await PostalMime.parse(received[0]);
    const cal = parsed.attachments.find((a) => a.mimeType === "text/calendar")!;
    const body = typeof cal.content === "string" ? cal.content : new TextDecoder().decode(cal.content as ArrayBuffer);
    const reply = parseItip(body, cal.method);
    expect(reply.method).toBe("REPLY");
    expect(reply.attendees).toMatchObject([{ email: me.username, partStat: "ACCEPTED" }]);
  });

  test("the organiser's CANCEL removes it; its card offers no answers", async () => {
    const cancelId = await sendIn("CANCEL", buildCancel(object, { now: new Date() }), "Cancelled: Partner review");
    expect(await e.t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid))).toEqual([]);
    await page.goto(viewUrl(cancelId));
    await page.getByTestId("mail-invitation").waitFor();
    await page.getByText("취소된 일정입니다.").waitFor();
    expect(await page.getByRole("group", { name: "초대 회신" }).count()).toBe(0);
  });
});
