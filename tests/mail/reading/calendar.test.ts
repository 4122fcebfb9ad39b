// GET /api/mails/view/calendar and its shared variant: invitations written as real clients send them
// (Outlook: a base64 text/calendar alternative with a Windows-named VTIMEZONE; Google: a quoted-printable
// text/calendar alternative plus the same invite.ics attached, TZID without VTIMEZONE), a CANCEL, a REPLY,
// an all-day .ics file, a malformed one; the view item's hasCalendar; 404 for missing, foreign and
// other-company mail; 403 for a blocked one; the shared-folder variant.
import { beforeAll, describe, expect, test, vi } from "vitest";
import type { CalendarEvent } from "../../../shared/mail/calendar.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { api, who, type World, world } from "../shared/support.ts";
import { build, crlf, file, member, privateFolder, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let u: Who;

const b64 = (s: string) => {
  const bytes = new TextEncoder().encode(s);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/.{76}/g, "$&\n");
};
const raw = (s: string) => new TextEncoder().encode(crlf(s));
const calendar = (who: Who, mailId: number | string) => t.call("GET", `/api/mails/view/calendar?mailId=${mailId}`, { token: who.token });

const OUTLOOK_ICS = `BEGIN:VCALENDAR
METHOD:REQUEST
PRODID:Microsoft Exchange Server 2010
VERSION:2.0
BEGIN:VTIMEZONE
TZID:Korea Standard Time
BEGIN:STANDARD
DTSTART:16010101T000000
TZOFFSETFROM:+0900
TZOFFSETTO:+0900
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010101T000000
TZOFFSETFROM:+0900
TZOFFSETTO:+0900
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
ORGANIZER;CN=김민수:mailto:Minsu.Kim@partner.example
ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=이수진:mailto:sujin@alpha.test
ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;CN="Park, Jihoon":mailto:park@alpha.test
DESCRIPTION;LANGUAGE=ko-KR:4분기 실적 검토\\n자료: 공유 드라이브\\, 재무 폴더\\n
RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=4
UID:040000008200E00074C5B7101A82E0080000000010CA5E1BB45DDB01000000000000000010000000
SUMMARY;LANGUAGE=ko-KR:주간 실적 회의
DTSTART;TZID=Korea Standard Time:20261203T100000
DTEND;TZID=Korea Standard Time:20261203T113000
CLASS:PUBLIC
PRIORITY:5
DTSTAMP:20261120T012345Z
TRANSP:OPAQUE
STATUS:CONFIRMED
SEQUENCE:1
LOCATION;LANGUAGE=ko-KR:본사 3층 대회의실
X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE
BEGIN:VALARM
DESCRIPTION:REMINDER
TRIGGER;RELATED=START:-PT15M
ACTION:DISPLAY
END:VALARM
END:VEVENT
END:VCALENDAR
`;

const OUTLOOK_MAIL = `From: =?utf-8?B?6rmA66+87IiY?= <Minsu.Kim@partner.example>
To: =?utf-8?B?7J207IiY7KeE?= <sujin@alpha.test>
Subject: =?utf-8?B?7KO86rCEIOyLpOyggSDtmozsnZg=?=
Date: Fri, 20 Nov 2026 10:23:45 +0900
Message-ID: <outlook-1@partner.example>
Content-Type: multipart/alternative; boundary="_000_OUTLOOK_"
MIME-Version: 1.0

--_000_OUTLOOK_
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: base64

${b64("주간 실적 회의에 초대합니다.\n")}
--_000_OUTLOOK_
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: base64

${b64("<html><body><p>주간 실적 회의에 초대합니다.</p></body></html>\n")}
--_000_OUTLOOK_
Content-Type: text/calendar; charset="utf-8"; method=REQUEST
Content-Transfer-Encoding: base64

${b64(crlf(OUTLOOK_ICS))}
--_000_OUTLOOK_--
`;

const GOOGLE_ICS = `BEGIN:VCALENDAR
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
CALSCALE:GREGORIAN
METHOD:REQUEST
BEGIN:VEVENT
DTSTART;TZID=America/Los_Angeles:20260715T090000
DTEND;TZID=America/Los_Angeles:20260715T100000
DTSTAMP:20260701T170000Z
ORGANIZER;CN=Dana Lee:mailto:dana@gmail.example
UID:7kukuqrfedlm2f9t0vr42q2t5m@google.com
ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE
 ;CN=Dana Lee;X-NUM-GUESTS=0:mailto:dana@gmail.example
ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=
 TRUE;CN=sujin@alpha.test;X-NUM-GUESTS=0:mailto:sujin@alpha.test
DESCRIPTION:Quarterly sync. Join: https://meet.example/abc-defg-hij
LOCATION:Room 4\\, Building B
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Q3 planning
TRANSP:OPAQUE
END:VEVENT
END:VCALENDAR
`;

const qp = (s: string) => crlf(s).replace(/=/g, "=3D");

const GOOGLE_MAIL = `From: Dana Lee <dana@gmail.example>
To: sujin@alpha.test
Subject: Invitation: Q3 planning @ Wed Jul 15, 2026 9am - 10am (PDT)
Date: Wed, 01 Jul 2026 17:00:00 +0000
Message-ID: <google-1@gmail.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="000000000000mixed"

--000000000000mixed
Content-Type: multipart/alternative; boundary="000000000000alt"

--000000000000alt
Content-Type: text/plain; charset="UTF-8"

You have been invited to Q3 planning.

--000000000000alt
Content-Type: text/calendar; charset="UTF-8"; method=REQUEST
Content-Transfer-Encoding: quoted-printable

${qp(GOOGLE_ICS)}
--000000000000alt--

--000000000000mixed
Content-Type: application/ics; name="invite.ics"
Content-Disposition: attachment; filename="invite.ics"
Content-Transfer-Encoding: base64

${b64(crlf(GOOGLE_ICS))}
--000000000000mixed--
`;

const CANCEL_ICS = `BEGIN:VCALENDAR
METHOD:CANCEL
PRODID:Microsoft Exchange Server 2010
VERSION:2.0
BEGIN:VEVENT
ORGANIZER;CN=김민수:mailto:minsu.kim@partner.example
ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=이수진:mailto:sujin@alpha.test
UID:cancel-1@partner.example
SUMMARY:취소됨: 예산 회의
DTSTART:20261210T050000Z
DTEND:20261210T060000Z
STATUS:CANCELLED
SEQUENCE:3
END:VEVENT
END:VCALENDAR
`;

const simpleMail = (subject: string, ctype: string, body: string, extra = "") => `From: Minsu Kim <minsu.kim@partner.example>
To: sujin@alpha.test
Subject: ${subject}
Date: Fri, 20 Nov 2026 10:23:45 +0900
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: text/plain; charset=utf-8

See the calendar part.
--b1
Content-Type: ${ctype}${extra}

${body}
--b1--
`;

const REPLY_ICS = `BEGIN:VCALENDAR
METHOD:REPLY
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
BEGIN:VEVENT
DTSTART:20261203T010000Z
DTEND:20261203T023000Z
UID:reply-1@alpha.test
ATTENDEE;PARTSTAT=DECLINED;CN=Park Jihoon:mailto:park@alpha.test
ORGANIZER;CN=Sujin:mailto:sujin@alpha.test
SUMMARY:Weekly sync
SEQUENCE:1
END:VEVENT
END:VCALENDAR
`;

const ALLDAY_ICS = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Example//Holidays//KO
METHOD:PUBLISH
BEGIN:VEVENT
UID:holiday-2026-12-25@example.test
DTSTART;VALUE=DATE:20261225
DTEND;VALUE=DATE:20261226
SUMMARY:성탄절 휴무
DESCRIPTION:회사 전체 휴무입니다.
END:VEVENT
END:VCALENDAR
`;

const BROKEN_ICS = `BEGIN:VCALENDAR
VERSION:2.0
BEGIN:VEVENT
UID:broken
DTSTART:20261301T99
SUMMARY broken line without a colon
`;

let outlook: number, google: number, cancel: number, reply: number, allDay: number, broken: number, plain: number;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  u = await member(t, A, "sujin");
  outlook = await file(t, u, raw(OUTLOOK_MAIL));
  google = await file(t, u, raw(GOOGLE_MAIL));
  cancel = await file(t, u, raw(simpleMail("Canceled: budget", "text/calendar; charset=utf-8; method=CANCEL", CANCEL_ICS)));
  reply = await file(t, u, raw(simpleMail("Declined: Weekly sync", "text/calendar; charset=utf-8; method=REPLY", REPLY_ICS)));
  allDay = await file(
    t,
    u,
    raw(simpleMail("Holidays", 'application/octet-stream; name="holiday.ics"', b64(crlf(ALLDAY_ICS)), '\nContent-Disposition: attachment; filename="holiday.ics"\nContent-Transfer-Encoding: base64')),
  );
  broken = await file(t, u, raw(simpleMail("Broken invite", "text/calendar; method=REQUEST", BROKEN_ICS)));
  plain = await file(t, u, build({ subject: "No invitation", text: "hello", attachments: [{ filename: "a.txt", content: "A" }] }));
});

async function eventsOf(mailId: number): Promise<CalendarEvent[]> {
  const r = await calendar(u, mailId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.mailId).toBe(mailId);
  return r.body.events;
}

describe("GET /api/mails/view/calendar", () => {
  test("Outlook REQUEST: Windows-named VTIMEZONE resolved, Korean text, organizer, attendees, rule", async () => {
    const [e, ...rest] = await eventsOf(outlook);
    expect(rest).toEqual([]);
    expect(e).toEqual({
      method: "REQUEST",
      uid: "040000008200E00074C5B7101A82E0080000000010CA5E1BB45DDB01000000000000000010000000",
      summary: "주간 실적 회의",
      description: "4분기 실적 검토\n자료: 공유 드라이브, 재무 폴더\n",
      location: "본사 3층 대회의실",
      start: { iso: "2026-12-03T01:00:00.000Z", local: "2026-12-03T10:00:00", timezone: "Korea Standard Time", allDay: false },
      end: { iso: "2026-12-03T02:30:00.000Z", local: "2026-12-03T11:30:00", timezone: "Korea Standard Time", allDay: false },
      rrule: "FREQ=WEEKLY;COUNT=4;BYDAY=TH",
      recurrenceId: null,
      organizer: { name: "김민수", email: "minsu.kim@partner.example" },
      attendees: [
        { name: "이수진", email: "sujin@alpha.test", partstat: "NEEDS-ACTION", role: "REQ-PARTICIPANT" },
        { name: "Park, Jihoon", email: "park@alpha.test", partstat: "ACCEPTED", role: "OPT-PARTICIPANT" },
      ],
      sequence: 1,
      status: "CONFIRMED",
    });
    const view = await t.call("GET", `/api/mails/view/${outlook}`, { token: u.token });
    expect(view.body).toMatchObject({ hasCalendar: true, subject: "주간 실적 회의" });
  });

  test("Google: the alternative and invite.ics are one event; an IANA TZID without VTIMEZONE (summer time)", async () => {
    const events = await eventsOf(google);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      method: "REQUEST",
      uid: "7kukuqrfedlm2f9t0vr42q2t5m@google.com",
      summary: "Q3 planning",
      location: "Room 4, Building B",
      start: { iso: "2026-07-15T16:00:00.000Z", local: "2026-07-15T09:00:00", timezone: "America/Los_Angeles", allDay: false },
      end: { iso: "2026-07-15T17:00:00.000Z", timezone: "America/Los_Angeles" },
      organizer: { name: "Dana Lee", email: "dana@gmail.example" },
      sequence: 0,
      rrule: null,
    });
    expect(events[0].attendees.map((a) => [a.email, a.partstat])).toEqual([
      ["dana@gmail.example", "ACCEPTED"],
      ["sujin@alpha.test", "NEEDS-ACTION"],
    ]);
  });

  test("CANCEL and REPLY", async () => {
    const [c] = await eventsOf(cancel);
    expect(c).toMatchObject({
      method: "CANCEL", status: "CANCELLED", sequence: 3, summary: "취소됨: 예산 회의",
      start: { iso: "2026-12-10T05:00:00.000Z", timezone: "UTC", allDay: false },
    });
    const [r] = await eventsOf(reply);
    expect(r).toMatchObject({ method: "REPLY", status: null, attendees: [{ name: "Park Jihoon", email: "park@alpha.test", partstat: "DECLINED", role: "REQ-PARTICIPANT" }] });
  });

  test("an all-day event in an .ics file of any declared type", async () => {
    const [e] = await eventsOf(allDay);
    expect(e).toMatchObject({
      method: "PUBLISH", summary: "성탄절 휴무", description: "회사 전체 휴무입니다.", organizer: null, attendees: [],
      start: { iso: "2026-12-25", local: "2026-12-25", timezone: null, allDay: true },
      end: { iso: "2026-12-26", allDay: true },
    });
    expect((await t.call("GET", `/api/mails/view/${allDay}`, { token: u.token })).body.hasCalendar).toBe(true);
  });

  test("a malformed invitation answers no events and is logged; a mail without one answers none", async () => {
    const warn = vi.spyOn(t.deps.log, "warn");
    try {
      expect(await eventsOf(broken)).toEqual([]);
      expect(warn).toHaveBeenCalledWith("mail calendar: unreadable invitation", expect.objectContaining({ mailId: broken }));
    } finally {
      warn.mockRestore();
    }
    expect(await eventsOf(plain)).toEqual([]);
    expect((await t.call("GET", `/api/mails/view/${plain}`, { token: u.token })).body.hasCalendar).toBe(false);
  });

  test("missing, foreign and other-company mail answer 404; bad input 400; blocked 403", async () => {
    const colleague = await member(t, A, "colleague");
    const B = await signupCompany(t, { domain: "beta.test" });
    const outsider = await member(t, B, "outsider");
    const theirs = await file(t, colleague, raw(OUTLOOK_MAIL));
    const foreign = await file(t, outsider, raw(OUTLOOK_MAIL));
    for (const id of [theirs, foreign, 999999999]) {
      const r = await calendar(u, id);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("mail.not_found");
    }
    expect((await calendar(colleague, outlook)).status).toBe(404);
    expect((await calendar(u, "abc")).status).toBe(400);
    expect((await t.call("GET", "/api/mails/view/calendar", { token: u.token })).status).toBe(400);
    expect((await t.call("GET", `/api/mails/view/calendar?mailId=${outlook}`)).status).toBe(401);

    const blocked = await file(t, u, raw(OUTLOOK_MAIL), { folder: "SPAM", spamReason: "BLOCK_LIST" });
    const b = await calendar(u, blocked);
    expect(b.status).toBe(403);
    expect(b.body.code).toBe("mail.blocked");
    expect((await t.call("GET", `/api/mails/view/${blocked}`, { token: u.token })).body.hasCalendar).toBe(false);
  });
});

describe("GET /api/share/mails/view/calendar", () => {
  let W: World;
  let shared: number, notShared: number;
  const { share } = api(t);
  const sharedCal = (m: World["bob"], mailId: number, ownerId?: number) =>
    t.call("GET", `/api/share/mails/view/calendar?mailId=${mailId}${ownerId ? `&ownerId=${ownerId}` : ""}`, { token: m.token });

  beforeAll(async () => {
    W = await world(t, "cal-share.test");
    const alice = who(W.A, W.alice);
    const meetings = await privateFolder(t, alice, "Meetings");
    const secret = await privateFolder(t, alice, "Secret");
    shared = await file(t, alice, raw(OUTLOOK_MAIL), { folder: meetings });
    notShared = await file(t, alice, raw(GOOGLE_MAIL), { folder: secret });
    await share(W.alice, meetings, [{ memberType: "USER", memberId: W.bob.id, permission: 2 }]);
  });

  test("a member reads the events of a shared folder's mail; nothing else is reachable", async () => {
    const r = await sharedCal(W.bob, shared, W.alice.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.events).toHaveLength(1);
    expect(r.body.events[0]).toMatchObject({ method: "REQUEST", summary: "주간 실적 회의" });
    expect((await sharedCal(W.bob, shared)).status).toBe(200);
    for (const [m, id] of [[W.bob, notShared], [W.erin, shared], [W.mallory, shared]] as const) {
      const x = await sharedCal(m, id);
      expect(x.status).toBe(404);
      expect(x.body.code).toBe("mail.not_found");
    }
    const view = await t.call("GET", `/api/share/mails/view/${shared}?ownerId=${W.alice.id}`, { token: W.bob.token });
    expect(view.body.hasCalendar).toBe(true);
  });
});
