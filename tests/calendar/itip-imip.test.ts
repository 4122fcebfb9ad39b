// iMIP mails (RFC 6047) built by the calendar's library (server/modules/calendar/ics/imip.ts): the MIME
// shape Outlook and Gmail expect (multipart/mixed holding a multipart/alternative of text/plain and
// text/calendar; method=REQUEST; charset=utf-8, then the same calendar as an invite.ics attachment), read
// back by the mail module's own parser and invitation reader, as a colleague's inbox on this server would
// read it; the plain-text summary in Korean, English and Indonesian.
import { describe, expect, it } from "vitest";
import { parseIcs } from "../../server/modules/mail/reading/calendar-ics.ts";
import { hasCalendarPart, isCalendarAttachment } from "../../server/modules/mail/reading/calendar-parts.ts";
import { parseMessage, parseStored } from "../../server/modules/mail/store/parse.ts";
import { buildImipMessage, IMIP_LABELS, imipText } from "../../server/modules/calendar/ics/imip.ts";
import { parseIcsFile } from "../../server/modules/calendar/ics/import.ts";
import { buildCancel, buildRequest } from "../../server/modules/calendar/ics/itip.ts";
import { parseItip } from "../../server/modules/calendar/ics/itip-parse.ts";

const NOW = new Date("2026-11-21T09:30:00Z");
const OBJECT = parseIcsFile([
  "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:imip-1@alpha.test", "DTSTAMP:20261120T000000Z",
  "DTSTART;TZID=Asia/Seoul:20261203T100000", "DTEND;TZID=Asia/Seoul:20261203T113000",
  "SUMMARY:분기 실적 회의", "LOCATION:본사 3층 대회의실", "DESCRIPTION:자료는 공유 드라이브에 있습니다.",
  "ORGANIZER;CN=김민수:mailto:minsu.kim@alpha.test",
  "ATTENDEE;CN=김민수;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:minsu.kim@alpha.test",
  "ATTENDEE;CN=Guest Partner;PARTSTAT=NEEDS-ACTION:mailto:guest@beta.example",
  "END:VEVENT", "END:VCALENDAR", "",
].join("\r\n")).objects[0];

describe("iMIP mail", () => {
  it("has the shape Outlook expects and the mail reader shows as an invitation", async () => {
    const ics = buildRequest(OBJECT.text, { now: NOW });
    const text = imipText(OBJECT.fields, { locale: "ko", headline: "김민수 님이 회의에 초대했습니다." });
    const raw = await buildImipMessage({
      from: { name: "김민수", address: "minsu.kim@alpha.test" },
      to: [{ name: "Guest Partner", address: "guest@beta.example" }],
      subject: "초대: 분기 실적 회의",
      text,
      method: "REQUEST",
      ics,
      date: NOW,
      messageId: "imip-1-request@mail.alpha.test",
    });
    const mime = new TextDecoder().decode(raw);
    // multipart/mixed > multipart/alternative (text/plain, text/calendar) + the .ics attachment.
    expect(mime).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(mime).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mime).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(mime).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST$/m);
    expect(mime).toMatch(/^Content-Type: application\/ics; name=invite\.ics$/m);
    expect(mime).toMatch(/^Content-Disposition: attachment; filename=invite\.ics$/m);
    expect(mime.indexOf("text/plain")).toBeLessThan(mime.indexOf("text/calendar"));
    expect(mime.indexOf("text/calendar")).toBeLessThan(mime.indexOf("application/ics"));
    expect(mime).toContain("Message-ID: <imip-1-request@mail.alpha.test>");

    // The mail module reads it as a mail with an invitation: subject, body, the calendar parts.
    const parsed = await parseMessage(raw);
    expect(parsed.subject).toBe("초대: 분기 실적 회의");
    expect(parsed.textBody).toContain("김민수 님이 회의에 초대했습니다.");
    expect(parsed.textBody).toContain("장소: 본사 3층 대회의실");
    expect(hasCalendarPart(parsed.attachments)).toBe(true);
    const positions = parsed.attachments.filter(isCalendarAttachment).map((a) => a.position);
    expect(positions).toHaveLength(2);

    // Each part, as the invitation card reads it: the same event, method REQUEST.
    const email = await parseStored(raw);
    for (const p of positions) {
      const a = email.attachments[p];
      const body = typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content as ArrayBuffer);
      const [event] = parseIcs(body, a.method ?? null);
      expect(event.method).toBe("REQUEST");
      expect(event.uid).toBe("imip-1@alpha.test");
      expect(event.summary).toBe("분기 실적 회의");
      expect(event.start?.iso).toBe("2026-12-03T01:00:00.000Z");
      expect(event.attendees.map((x) => [x.email, x.partstat])).toEqual([["minsu.kim@alpha.test", "ACCEPTED"], ["guest@beta.example", "NEEDS-ACTION"]]);
      // And our own iTIP parser reads the part back as what was sent.
      const itip = parseItip(body, a.method);
      expect([itip.method, itip.uid, itip.sequence]).toEqual(["REQUEST", "imip-1@alpha.test", 0]);
    }
  });

  it("carries a CANCEL with its method and a reply threading header", async () => {
    const raw = await buildImipMessage({
      from: { name: "", address: "minsu.kim@alpha.test" },
      to: [{ name: "", address: "guest@beta.example" }],
      subject: "Cancelled: Quarterly review",
      text: imipText(OBJECT.fields, { locale: "en", headline: "This meeting has been cancelled." }),
      method: "CANCEL",
      ics: buildCancel(OBJECT.text, { now: NOW }),
      date: NOW,
      messageId: "imip-1-cancel@mail.alpha.test",
      inReplyTo: "imip-1-request@mail.alpha.test",
      filename: "cancel.ics",
    });
    const mime = new TextDecoder().decode(raw);
    expect(mime).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL$/m);
    expect(mime).toContain("filename=cancel.ics");
    expect(mime).toContain("In-Reply-To: <imip-1-request@mail.alpha.test>");
    const email = await parseStored(raw);
    const part = email.attachments.find((a) => a.mimeType === "text/calendar")!;
    expect(part.method).toBe("CANCEL");
  });
});

describe("plain-text summary", () => {
  it("writes the time in the event's zone in Korean, English and Indonesian", () => {
    const ko = imipText(OBJECT.fields, { locale: "ko" });
    expect(ko.split("\n")).toEqual([
      "분기 실적 회의",
      "",
      expect.stringMatching(/^일시: 2026년 12월 3일 목요일 오전 10:00\s?~\s?(오전 )?11:30 \(Asia\/Seoul\)$/),
      "장소: 본사 3층 대회의실",
      "주최자: 김민수 <minsu.kim@alpha.test>",
      "참석자: 김민수 <minsu.kim@alpha.test>, Guest Partner <guest@beta.example>",
      "",
      "자료는 공유 드라이브에 있습니다.",
    ]);
    const en = imipText(OBJECT.fields, { locale: "en", headline: "You are invited" });
    expect(en).toMatch(/^You are invited\n\n분기 실적 회의\n\nWhen: Thursday, December 3, 2026, 10:00\s?–\s?11:30\sAM \(Asia\/Seoul\)\nWhere: /);
    const id = imipText(OBJECT.fields, { locale: "id" });
    expect(id).toMatch(/Waktu: Kamis, 0?3 Desember 2026 10.00\s?–\s?11.30 \(Asia\/Seoul\)/);
    expect(id).toContain("Tempat: 본사 3층 대회의실");
    expect(id).toContain("Penyelenggara: 김민수 <minsu.kim@alpha.test>");
    expect(Object.keys(IMIP_LABELS)).toEqual(["ko", "en", "id"]);
  });

  it("writes all-day events as dates, the last day included", () => {
    const allDay = parseIcsFile("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:d\r\nDTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261226\r\nSUMMARY:연말 휴가\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").objects[0].fields;
    const text = imipText(allDay, { locale: "en" });
    expect(text).toBe("연말 휴가\n\nWhen: Thursday, December 24, 2026 – Friday, December 25, 2026 (All day)");
    const one = parseIcsFile("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nDTSTART;VALUE=DATE:20261225\r\nSUMMARY:성탄절\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").objects[0].fields;
    expect(imipText(one, { locale: "ko" })).toBe("성탄절\n\n일시: 2026년 12월 25일 금요일 (종일)");
  });
});
