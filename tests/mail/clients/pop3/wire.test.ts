// The POP3 wire forms (server/modules/mail/pop3/wire.ts): line endings normalised to CRLF, TOP cuts, dot-stuffing.
import { describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { dotStuff, normalise, top } from "../../../../server/modules/mail/pop3/wire.ts";

const s = (b: Buffer) => b.toString("latin1");
const n = (text: string) => normalise(Buffer.from(text, "latin1"));

describe("POP3 wire forms", () => {
  test("normalise: LF, CR and CRLF all become CRLF; a final CRLF is added; 8-bit bytes pass unchanged", () => {
    expect(s(n("a\nb\r\nc\rd"))).toBe("a\r\nb\r\nc\r\nd\r\n");
    expect(s(n("a\r\n"))).toBe("a\r\n");
    expect(s(n("\n\n"))).toBe("\r\n\r\n");
    expect(s(n(""))).toBe("");
    expect(s(n("\xff\xfe\n"))).toBe("\xff\xfe\r\n");
  });

  test("top: header, blank line and the first n body lines; a message without body is all header", () => {
    const m = n("H: 1\nI: 2\n\nb1\nb2\nb3\n");
    expect(s(top(m, 0))).toBe("H: 1\r\nI: 2\r\n\r\n");
    expect(s(top(m, 2))).toBe("H: 1\r\nI: 2\r\n\r\nb1\r\nb2\r\n");
    expect(s(top(m, 99))).toBe(s(m));
    expect(s(top(n("H: 1\nI: 2"), 1))).toBe("H: 1\r\nI: 2\r\n");
    expect(s(top(n("\nbody\nmore"), 1))).toBe("\r\nbody\r\n");
  });

  test("dotStuff: every line starting with '.' gets another; the answer ends with .CRLF", () => {
    expect(s(dotStuff(n(".a\n..b\nc.\n.\n")))).toBe("..a\r\n...b\r\nc.\r\n..\r\n.\r\n");
    expect(s(dotStuff(n("")))).toBe(".\r\n");
  });
});
