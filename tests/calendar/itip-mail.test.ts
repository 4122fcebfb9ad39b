// Invitations by mail both ways (issue 23 "People"), over real SMTP on loopback: a stand-in for the outside
// guest's mail server (an SMTP server the outbound queue delivers to, as to an MX) receives the organiser's
// iMIP invitations; the guest's answers (REPLY, COUNTER) are sent into our inbound SMTP listener as an
// outside server would. Also an invitation from outside answered from the mail reader's card (reply), and
// its cancellation.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";
import { calendarEvents, mailMessages, mails } from "../../db/schema/index.ts";
import { processOutbound } from "../../server/modules/mail/outbound/queue.ts";
import { whenItipInboundDone } from "../../server/modules/calendar/itip-mail/inbound.ts";
import { buildImipMessage, buildReply, buildRequest, buildCancel, type ItipMessage, parseItip } from "../../server/modules/calendar/ics/index.ts";
import { createTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import { listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { calendarApi, type Co, company, type Member } from "./helpers.ts";
import { readFileSync } from "node:fs";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The guest's mail server: keeps what our outbound queue delivers to it. */
async function startGuestMx() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

const mx = await startGuestMx();
const t = await createTestApp({ OUTBOUND_MX_PORT: String(mx.port), MAIL_HOSTNAME: "mail.itip.test" });
t.deps.resolveMx = () => Promise.resolve([{ exchange: "127.0.0.1", priority: 10 }]);
const inbound = await listen(t.deps, localResolver({}));
const api = calendarApi(t);
const GUEST = "guest@partner.example";
const BOSS = "boss@partner.example";
let A: Co;
let juno: Member, sora: Member, han: Member;
let cal = 0;

afterAll(() => mx.close());
beforeAll(async () => {
  A = await company(t, "itip-mail.test");
  juno = await A.user("juno");
  sora = await A.user("sora");
  han = await A.user("han");
  cal = (await api.defaultCalendar(juno)).id;
});

/** Delivers the outbound queue and answers the mails the guest's server got since `from` (their index). */
async function deliveredSince(from: number): Promise<{ mail: Received; itip: ItipMessage; method: string; subject: string }[]> {
  await processOutbound(t.deps, { relayUrl: null, timeoutMs: 5000 });
  const out = [];
  for (const mail of mx.received.slice(from)) {
    const parsed = await PostalMime.parse(mail.raw);
    const part = parsed.attachments.find((a) => a.mimeType === "text/calendar");
    expect(part, "a text/calendar part").toBeTruthy();
    const text = typeof part!.content === "string" ? part!.content : new TextDecoder().decode(part!.content as ArrayBuffer);
    const itip = parseItip(text, part!.method);
    out.push({ mail, itip, method: itip.method, subject: parsed.subject ?? "" });
  }
  return out;
}

/** An outside server sends a mail into our inbound SMTP listener. */
async function sendIn(from: string, to: string, raw: Uint8Array) {
  const r = await sendRaw(inbound.port, { from, to: [to] }, Buffer.from(raw), "mx.partner.example");
  expect(r.ok, r.response).toBe(true);
  await whenItipInboundDone(t.deps);
}

async function imip(from: string, to: string, method: "REPLY" | "COUNTER" | "REQUEST" | "CANCEL", ics: string, subject: string) {
  return await buildImipMessage({
    from: { name: "", address: from }, to: [{ name: "", address: to }], subject, text: subject, method, ics,
    date: new Date(), messageId: `${crypto.randomUUID()}@partner.example`,
  });
}

async function lastMailOf(userId: number) {
  const [m] = await t.db.db.select({ id: mails.id, subject: mailMessages.subject }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(eq(mails.userId, userId)).orderBy(desc(mails.id)).limit(1);
  return m;
}

const statusOf = async (who: Member, id: number, email: string) =>
  (await api.view(who, id)).detail.attendees.find((a) => a.email === email)?.partStat;

describe("an event with an outside guest", () => {
  let eventId = 0;
  let invitation: ItipMessage;

  test("creating it mails the guest a METHOD:REQUEST from the organiser; the two colleagues get no mail", async () => {
    const before = mx.received.length;
    const e = await api.createEvent(juno, {
      calendarId: cal, summary: "분기 계획 회의", dtStart: "2026-12-10T14:00", dtEnd: "2026-12-10T15:00", location: "3층 회의실",
      attendees: [{ email: sora.username }, { email: han.username }, { email: GUEST, name: "Guest Park" }],
    });
    eventId = e.eventId;
    const got = await deliveredSince(before);
    expect(got).toHaveLength(1);
    const [m] = got;
    expect(m.mail.to).toEqual([GUEST]);
    expect(m.mail.from).toBe(juno.username);
    expect(m.method).toBe("REQUEST");
    expect(m.mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(m.subject).toContain("분기 계획 회의");
    expect(m.itip.organizer?.email).toBe(juno.username);
    const guest = m.itip.attendees.find((a) => a.email === GUEST)!;
    expect(guest).toMatchObject({ partStat: "NEEDS-ACTION", rsvp: true });
    expect(m.itip.components[0].start).toBe("2026-12-10T14:00:00");
    invitation = m.itip;
  });

  test("the guest's REPLY by mail and the colleagues' answers in the app: everybody's status shows", async () => {
    const got: { event: string; data: Record<string, unknown> }[] = [];
    const conn: Conn = { username: juno.username, send: (text) => got.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true) };
    t.deps.realtime.hub.add(conn);
    t.deps.realtime.hub.subscribe(conn, calendarTopic(juno.username));
    const reply = buildReply(invitation.objectText, { now: new Date(), attendee: GUEST, partStat: "ACCEPTED" });
    await sendIn(GUEST, juno.username, await imip(GUEST, juno.username, "REPLY", reply, "Accepted: 분기 계획 회의"));
    expect(await statusOf(juno, eventId, GUEST)).toBe("ACCEPTED");
    // The organiser's open calendar is told at once.
    await until(() => got.some((m) => m.event === "CALENDAR_CHANGED" && m.data.eventId === eventId), "CALENDAR_CHANGED");
    await api.raw("PUT", "/api/calendar/event/partStat", sora, { id: String(eventId), partStat: "TENTATIVE" });
    await api.raw("PUT", "/api/calendar/event/partStat", han, { id: String(eventId), partStat: "DECLINED" });
    const byEmail = (d: Awaited<ReturnType<typeof api.view>>) => Object.fromEntries(d.detail.attendees.map((a) => [a.email, a.partStat]));
    const expected = { [GUEST]: "ACCEPTED", [sora.username]: "TENTATIVE", [han.username]: "DECLINED" };
    // Everybody's status shows, to the organiser and to each colleague.
    expect(byEmail(await api.view(juno, eventId))).toMatchObject(expected);
    expect(byEmail(await api.view(sora, eventId))).toMatchObject(expected);
    expect(byEmail(await api.view(han, eventId))).toMatchObject(expected);
    // The reply stays in the organiser's inbox as any mail.
    const mail = await lastMailOf(juno.id);
    expect(mail.subject).toContain("Accepted");
  });

  test("a REPLY whose From is not the answering attendee changes nothing", async () => {
    const forged = buildReply(invitation.objectText, { now: new Date(), attendee: GUEST, partStat: "DECLINED" });
    await sendIn("mallory@elsewhere.example", juno.username, await imip("mallory@elsewhere.example", juno.username, "REPLY", forged, "Declined"));
    expect(await statusOf(juno, eventId, GUEST)).toBe("ACCEPTED");
  });

  test("a time change mails an updated REQUEST with a higher SEQUENCE; a stale REPLY is not applied", async () => {
    const before = mx.received.length;
    await api.patchEvent(juno, eventId, { dtStart: "2026-12-10T16:00", dtEnd: "2026-12-10T17:00", scope: "ALL" });
    const got = await deliveredSince(before);
    expect(got.map((g) => g.method)).toEqual(["REQUEST"]);
    expect(got[0].itip.sequence).toBeGreaterThan(invitation.sequence);
    expect(got[0].itip.components[0].start).toBe("2026-12-10T16:00:00");
    const stale = buildReply(invitation.objectText, { now: new Date(), attendee: GUEST, partStat: "DECLINED" });
    await sendIn(GUEST, juno.username, await imip(GUEST, juno.username, "REPLY", stale, "Declined (old)"));
    expect(await statusOf(juno, eventId, GUEST)).not.toBe("DECLINED");
    invitation = got[0].itip;
  });

  test("an answer-only write (the colleague's partStat) sends no mail", async () => {
    const before = mx.received.length;
    await api.raw("PUT", "/api/calendar/event/partStat", sora, { id: String(eventId), partStat: "ACCEPTED" });
    expect(await deliveredSince(before)).toEqual([]);
  });

  test("a COUNTER stays in the inbox; counterReply declines it (DECLINECOUNTER) or accepts it (new times, new REQUEST)", async () => {
    const counter = buildRequest(invitation.objectText, { now: new Date() })
      .replace("METHOD:REQUEST", "METHOD:COUNTER")
      .replace(/DTSTART;TZID=Asia\/Seoul:20261210T160000/, "DTSTART;TZID=Asia/Seoul:20261211T090000")
      .replace(/DTEND;TZID=Asia\/Seoul:20261210T170000/, "DTEND;TZID=Asia/Seoul:20261211T100000");
    expect(counter).toContain("20261211T090000");
    await sendIn(GUEST, juno.username, await imip(GUEST, juno.username, "COUNTER", counter, "New time proposed"));
    const mail = await lastMailOf(juno.id);
    expect(mail.subject).toBe("New time proposed");
    // Nothing moved yet.
    expect((await api.view(juno, eventId)).start).toBe("2026-12-10T07:00:00.000Z");

    const status = await api.raw("GET", `/api/calendar/reply/status?mailId=${mail.id}`, juno);
    expect(status.body).toMatchObject({ method: "COUNTER", organizer: true, eventId });
    // Only the organiser decides.
    const soraTry = await api.raw("POST", "/api/calendar/counterReply", sora, { mailId: mail.id, accept: true });
    expect(soraTry.status).toBe(404);

    let before = mx.received.length;
    const declined = await api.raw("POST", "/api/calendar/counterReply", juno, { mailId: mail.id, accept: false, comment: "Not that day" });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ accepted: false, mailedTo: [GUEST] });
    let got = await deliveredSince(before);
    expect(got.map((g) => g.method)).toEqual(["DECLINECOUNTER"]);
    expect(got[0].itip.components[0].comment).toBe("Not that day");

    before = mx.received.length;
    const accepted = await api.raw("POST", "/api/calendar/counterReply", juno, { mailId: mail.id, accept: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, eventId, mailedTo: [GUEST] });
    expect((await api.view(juno, eventId)).start).toBe("2026-12-11T00:00:00.000Z");
    got = await deliveredSince(before);
    expect(got.map((g) => g.method)).toEqual(["REQUEST"]);
    expect(got[0].itip.components[0].start).toBe("2026-12-11T09:00:00");
  });

  test("adding someone invites them alone; taking the guest off mails them a CANCEL; deleting the event mails the rest a CANCEL", async () => {
    let before = mx.received.length;
    const other = "other@partner.example";
    await api.patchEvent(juno, eventId, { attendees: [{ email: sora.username }, { email: GUEST }, { email: other }], scope: "ALL" });
    let got = await deliveredSince(before);
    // Only the person added is invited; the others' copies did not change in what they show.
    expect(got.map((g) => [g.method, g.mail.to.join()])).toEqual([["REQUEST", other]]);

    before = mx.received.length;
    await api.patchEvent(juno, eventId, { attendees: [{ email: sora.username }, { email: other }], scope: "ALL" });
    got = await deliveredSince(before);
    expect(got.map((g) => [g.method, g.mail.to.join()])).toEqual([["CANCEL", GUEST]]);
    expect(got[0].itip.components[0].status).toBe("CANCELLED");

    before = mx.received.length;
    const r = await api.raw("DELETE", `/api/calendar/event/${eventId}`, juno);
    expect(r.status).toBe(204);
    got = await deliveredSince(before);
    expect(got.map((g) => [g.method, g.mail.to.join()])).toEqual([["CANCEL", other]]);
  });

  test("one occurrence of a series deleted: a CANCEL of that occurrence (RECURRENCE-ID)", async () => {
    const e = await api.createEvent(juno, {
      calendarId: cal, summary: "주간 회의", dtStart: "2026-12-07T10:00", dtEnd: "2026-12-07T11:00",
      recurrence: { freq: "WEEKLY", count: 4 }, attendees: [{ email: GUEST }],
    });
    let before = mx.received.length;
    await deliveredSince(before);
    const items = await api.list(juno, [cal], "2026-12-13T00:00", "2026-12-20T00:00");
    const second = items.find((i) => i.eventId === e.eventId)!;
    before = mx.received.length;
    const r = await api.raw("POST", "/api/calendar/event/deleteByDate", juno, { id: second.id, scope: "THIS" });
    expect(r.status).toBe(204);
    const got = await deliveredSince(before);
    expect(got.map((g) => g.method)).toEqual(["CANCEL"]);
    expect(got[0].itip.components[0].recurrenceId).toBe("2026-12-14T01:00:00Z");
  });
});

describe("between two companies of this server (local delivery, no SMTP)", () => {
  test("the invitation lands in the other company's inbox, its card answers, and the REPLY updates the organiser's event", async () => {
    const B = await company(t, "itip-mail-b.test");
    const mina = await B.user("mina");
    const before = mx.received.length;
    const e = await api.createEvent(juno, {
      calendarId: cal, summary: "Joint review", dtStart: "2026-12-18T10:00", dtEnd: "2026-12-18T11:00", attendees: [{ email: mina.username }],
    });
    expect(await deliveredSince(before)).toEqual([]); // not through any MX
    const invitation = await lastMailOf(mina.id);
    expect(invitation.subject).toContain("Joint review");
    const r = await api.raw("POST", "/api/calendar/reply", mina, { mailId: invitation.id, partStat: "TENTATIVE" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ mailed: true, partStat: "TENTATIVE" });
    await whenItipInboundDone(t.deps);
    expect(await statusOf(juno, e.eventId, mina.username)).toBe("TENTATIVE");
    // Each company keeps its own row of the event.
    const rows = await t.db.db.select({ companyId: calendarEvents.companyId }).from(calendarEvents).where(eq(calendarEvents.uid, e.eventUId));
    expect(rows.map((x) => x.companyId).sort()).toEqual([A.companyId, B.companyId].sort());
  });
});

describe("a calendar deleted", () => {
  test("its invitations are cancelled to their outside guests", async () => {
    const side = (await api.add(juno, { title: "Side", color: "#33B679" })).id;
    await api.createEvent(juno, { calendarId: side, summary: "Side meeting", dtStart: "2026-12-22T10:00", dtEnd: "2026-12-22T11:00", attendees: [{ email: GUEST }] });
    await api.createEvent(juno, { calendarId: side, summary: "Alone", dtStart: "2026-12-23T10:00", dtEnd: "2026-12-23T11:00" });
    let before = mx.received.length;
    await deliveredSince(before);
    before = mx.received.length;
    expect((await api.raw("DELETE", `/api/calendar/delete/${side}`, juno)).status).toBe(204);
    const got = await deliveredSince(before);
    expect(got.map((g) => [g.method, g.mail.to.join(), g.itip.components[0].summary])).toEqual([["CANCEL", GUEST, "Side meeting"]]);
  });
});

describe("an invitation from outside, answered from the mail reader's card", () => {
  const uid = `outside-${crypto.randomUUID()}@partner.example`;
  const object = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Partner//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z",
    "DTSTART:20261215T020000Z", "DTEND:20261215T030000Z", "SUMMARY:Partner review", "SEQUENCE:0",
    `ORGANIZER;CN=Boss:mailto:${BOSS}`, `ATTENDEE;CN=Boss;PARTSTAT=ACCEPTED:mailto:${BOSS}`,
    "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:sora@itip-mail.test", "END:VEVENT", "END:VCALENDAR", "",
  ].join("\r\n");
  let mailId = 0;

  test("the card's status, then accept: the event in sora's DEFAULT calendar and a REPLY mailed to the organiser", async () => {
    expect(sora.username).toBe("sora@itip-mail.test");
    await sendIn(BOSS, sora.username, await imip(BOSS, sora.username, "REQUEST", buildRequest(object, { now: new Date() }), "Invitation: Partner review"));
    mailId = (await lastMailOf(sora.id)).id;
    const status = await api.raw("GET", `/api/calendar/reply/status?mailId=${mailId}`, sora);
    expect(status.body).toEqual({ method: "REQUEST", uid, eventId: null, partStat: null, outdated: false, organizer: false });

    const before = mx.received.length;
    const r = await api.raw("POST", "/api/calendar/reply", sora, { mailId, partStat: "accepted" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ method: "REQUEST", partStat: "ACCEPTED", mailed: true });
    const own = (await api.defaultCalendar(sora)).id;
    const [row] = await t.db.db.select().from(calendarEvents).where(and(eq(calendarEvents.uid, uid), eq(calendarEvents.calendarId, own)));
    expect(row.id).toBe(r.body.eventId);
    const items = await api.list(sora, [own], "2026-12-15T00:00", "2026-12-16T00:00");
    expect(items.map((i) => i.name)).toContain("Partner review");
    expect(await statusOf(sora, row.id, sora.username)).toBe("ACCEPTED");

    const got = await deliveredSince(before);
    expect(got.map((g) => [g.method, g.mail.to.join(), g.mail.from])).toEqual([["REPLY", BOSS, sora.username]]);
    expect(got[0].itip.attendees).toMatchObject([{ email: sora.username, partStat: "ACCEPTED" }]);
    expect(got[0].itip.uid).toBe(uid);

    const again = await api.raw("GET", `/api/calendar/reply/status?mailId=${mailId}`, sora);
    expect(again.body).toMatchObject({ eventId: row.id, partStat: "ACCEPTED" });
  });

  test("changing the answer updates the same copy and mails a new REPLY", async () => {
    const before = mx.received.length;
    const r = await api.raw("POST", "/api/calendar/reply", sora, { mailId, partStat: "DECLINED", comment: "Travelling" });
    expect(r.status).toBe(200);
    const rows = await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid));
    expect(rows).toHaveLength(1);
    const got = await deliveredSince(before);
    expect(got[0].itip.attendees[0].partStat).toBe("DECLINED");
    expect(got[0].itip.components[0].comment).toBe("Travelling");
  });

  test("the organiser's update arriving by mail moves the answered copy at once; an old or forged one does not", async () => {
    const moved = object.replace("SEQUENCE:0", "SEQUENCE:1").replace("DTSTART:20261215T020000Z", "DTSTART:20261216T020000Z")
      .replace("DTEND:20261215T030000Z", "DTEND:20261216T030000Z");
    // From someone else than the organiser: ignored.
    await sendIn("mallory@elsewhere.example", sora.username, await imip("mallory@elsewhere.example", sora.username, "REQUEST", buildRequest(moved, { now: new Date() }), "Updated"));
    const [before] = await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid));
    expect(before.firstStart.toISOString()).toBe("2026-12-15T02:00:00.000Z");
    await sendIn(BOSS, sora.username, await imip(BOSS, sora.username, "REQUEST", buildRequest(moved, { now: new Date() }), "Updated: Partner review"));
    const [after] = await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid));
    expect(after.id).toBe(before.id);
    expect(after.firstStart.toISOString()).toBe("2026-12-16T02:00:00.000Z");
    expect(after.sequence).toBe(1);
    // A changed time asks again: the card offers the answers for the new mail.
    const updateMail = (await lastMailOf(sora.id)).id;
    const status = await api.raw("GET", `/api/calendar/reply/status?mailId=${updateMail}`, sora);
    expect(status.body).toMatchObject({ method: "REQUEST", eventId: after.id, partStat: "NEEDS-ACTION", outdated: false });
    // The first invitation is now outdated: answering it is refused.
    const old = await api.raw("POST", "/api/calendar/reply", sora, { mailId, partStat: "ACCEPTED" });
    expect([old.status, old.body.code]).toEqual([409, "calendar.itip_outdated"]);
    expect((await api.raw("GET", `/api/calendar/reply/status?mailId=${mailId}`, sora)).body.outdated).toBe(true);
  });

  test("the organiser's CANCEL arriving by mail removes the copy; the card's remove answers the same", async () => {
    await sendIn(BOSS, sora.username, await imip(BOSS, sora.username, "CANCEL", buildCancel(object.replace("SEQUENCE:0", "SEQUENCE:1"), { now: new Date() }), "Cancelled: Partner review"));
    expect(await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid))).toEqual([]);
    const cancelMail = (await lastMailOf(sora.id)).id;
    const r = await api.raw("POST", "/api/calendar/reply", sora, { mailId: cancelMail });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ method: "CANCEL", eventId: null, partStat: null, mailed: false });
  });

  test("bad input: no partStat 400, a mail without invitation 400, another user's mail 404", async () => {
    const noStat = await api.raw("POST", "/api/calendar/reply", sora, { mailId });
    expect([noStat.status, noStat.body.code]).toEqual([400, "calendar.partstat_invalid"]);
    const badStat = await api.raw("POST", "/api/calendar/reply", sora, { mailId, partStat: "MAYBE" });
    expect([badStat.status, badStat.body.code]).toEqual([400, "calendar.partstat_invalid"]);
    const plain = new TextEncoder().encode(`From: ${BOSS}\r\nTo: ${sora.username}\r\nSubject: hello\r\nMessage-ID: <p-${crypto.randomUUID()}@partner.example>\r\n\r\nno invitation\r\n`);
    await sendIn(BOSS, sora.username, plain);
    const plainId = (await lastMailOf(sora.id)).id;
    const none = await api.raw("POST", "/api/calendar/reply", sora, { mailId: plainId, partStat: "ACCEPTED" });
    expect([none.status, none.body.code]).toEqual([400, "calendar.itip_none"]);
    const foreign = await api.raw("POST", "/api/calendar/reply", juno, { mailId, partStat: "ACCEPTED" });
    expect(foreign.status).toBe(404);
    const foreignStatus = await api.raw("GET", `/api/calendar/reply/status?mailId=${mailId}`, juno);
    expect(foreignStatus.status).toBe(404);
  });
});

describe("as Google and Outlook write them", () => {
  test("a Google weekly invitation accepted from the card, then Outlook's CANCEL of one occurrence removes that meeting only", async () => {
    const alpha = await company(t, "alpha.test");
    const sujin = await alpha.user("sujin.lee");
    expect(sujin.username).toBe("sujin.lee@alpha.test");
    const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), "utf8");
    const PARTNER = "partner.kim@gmail.com";
    await sendIn(PARTNER, sujin.username, await imip(PARTNER, sujin.username, "REQUEST", sample("itip-google-request.ics"), "Invitation: 파트너 주간 점검"));
    const invitation = await lastMailOf(sujin.id);
    const before = mx.received.length;
    const r = await api.raw("POST", "/api/calendar/reply", sujin, { mailId: invitation.id, partStat: "ACCEPTED" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const own = (await api.defaultCalendar(sujin)).id;
    const weekly = async () => (await api.list(sujin, [own], "2026-12-14T00:00", "2027-01-05T00:00")).map((i) => i.start);
    expect(await weekly()).toEqual(["2026-12-14T06:00:00.000Z", "2026-12-21T06:00:00.000Z", "2026-12-28T06:00:00.000Z"]);
    const got = await deliveredSince(before);
    expect(got.map((g) => [g.method, g.mail.to.join()])).toEqual([["REPLY", PARTNER]]);
    expect(got[0].itip.uid).toBe("3k2j1h0g9f8d7s6a5p4o3i2u1y@google.com");

    await sendIn(PARTNER, sujin.username, await imip(PARTNER, sujin.username, "CANCEL", sample("itip-outlook-cancel-occurrence.ics"), "Cancelled: 파트너 주간 점검"));
    expect(await weekly()).toEqual(["2026-12-14T06:00:00.000Z", "2026-12-28T06:00:00.000Z"]);
  });
});

describe("from a blocked sender", () => {
  test("an invitation filed as spam cannot be answered (403 mail.blocked) and puts nothing in the calendar", async () => {
    const spammer = "spam@junk.example";
    const block = await api.raw("POST", "/api/spam/senders", sora, { kind: "BLOCK", pattern: spammer });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    const uid = `spam-${crypto.randomUUID()}@junk.example`;
    const object = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Junk//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z",
      "DTSTART:20261215T020000Z", "DTEND:20261215T030000Z", "SUMMARY:Prize", `ORGANIZER:mailto:${spammer}`,
      `ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${sora.username}`, "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n");
    await sendIn(spammer, sora.username, await imip(spammer, sora.username, "REQUEST", buildRequest(object, { now: new Date() }), "You won"));
    const mail = await lastMailOf(sora.id);
    expect(mail.subject).toBe("You won");
    const r = await api.raw("POST", "/api/calendar/reply", sora, { mailId: mail.id, partStat: "ACCEPTED" });
    expect([r.status, r.body.code]).toEqual([403, "mail.blocked"]);
    expect(await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.uid, uid))).toEqual([]);
  });
});
