// The header work of submission (server/modules/mail/submission/headers.ts) on messages as clients write
// them: a folded Bcc field taken out whole, Date and Message-ID added only when missing, LF-only line ends,
// a message without body, and 8-bit header text passed through byte for byte.
import { describe, expect, test } from "vitest";
import { prepareMessage } from "../../../../server/modules/mail/submission/headers.ts";

const now = new Date("2026-03-04T05:06:07Z");
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe("prepareMessage", () => {
  test("a folded Bcc is removed whole; Date and Message-ID added; addresses read", () => {
    const p = prepareMessage(
      enc("From: \"Ann\" <Ann@A.test>\r\nTo: x@b.test,\r\n y@c.test\r\nBcc: Secret <s1@d.test>,\r\n\ts2@d.test\r\nSubject: hi\r\n\r\nbody\r\nBcc: not a header\r\n"),
      now,
      "mail.a.test",
    );
    const text = dec(p.raw);
    expect(text).toMatch(/^From: "Ann" <Ann@A\.test>\r\nTo: x@b\.test,\r\n y@c\.test\r\nSubject: hi\r\nDate: Wed, 04 Mar 2026 05:06:07 \+0000\r\nMessage-ID: <[0-9a-f-]{36}@mail\.a\.test>\r\n\r\nbody\r\nBcc: not a header\r\n$/);
    expect(p.from).toEqual(["ann@a.test"]);
    expect(p.to).toEqual(["x@b.test", "y@c.test"]);
    expect(p.cc).toEqual([]);
    expect(p.bcc).toEqual([{ name: "Secret", address: "s1@d.test" }, { name: "", address: "s2@d.test" }]);
  });

  test("existing Date and Message-ID are kept; LF line ends stay LF", () => {
    const input = "Date: Mon, 1 Jan 2024 00:00:00 +0900\nMessage-ID: <keep@x>\nFrom: a@a.test\nCc: c@c.test\n\nbody\n";
    const p = prepareMessage(enc(input), now, "h");
    expect(dec(p.raw)).toBe(input);
    expect(p.cc).toEqual(["c@c.test"]);
  });

  test("a message without a body, and 8-bit header text unchanged", () => {
    const p = prepareMessage(enc("From: 김 <kim@a.test>\r\nSubject: 안녕\r\nDate: x\r\nMessage-ID: <m@x>"), now, "h");
    expect(dec(p.raw)).toBe("From: 김 <kim@a.test>\r\nSubject: 안녕\r\nDate: x\r\nMessage-ID: <m@x>\r\n\r\n");
    expect(p.from).toEqual(["kim@a.test"]);
  });
});
