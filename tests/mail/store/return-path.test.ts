// The Return-Path of final delivery on raw bytes (server/modules/mail/store/return-path.ts): the envelope
// sender on top, any field of that name in the header dropped (folded ones whole, in any case, CRLF or LF),
// nothing else touched: not a look-alike field, not the body, not 8-bit bytes.
import { describe, expect, test } from "vitest";
import { returnPathField, withoutReturnPath, withReturnPath } from "../../../server/modules/mail/store/return-path.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe("Return-Path at delivery", () => {
  test("the envelope sender on top; <> for the null sender; nothing but the address gets in", () => {
    expect(dec(withReturnPath(enc("Subject: hi\r\n\r\nbody\r\n"), "a@b.test"))).toBe("Return-Path: <a@b.test>\r\nSubject: hi\r\n\r\nbody\r\n");
    expect(returnPathField("")).toBe("Return-Path: <>\r\n");
    expect(returnPathField("x y>\r\nBcc: <z@e.test")).toBe("Return-Path: <xyBcc:z@e.test>\r\n");
    expect(returnPathField("김@회사.test")).toBe("Return-Path: <김@회사.test>\r\n");
  });

  test("every Return-Path of the header goes, folded lines with it; look-alikes, the body and 8-bit bytes stay", () => {
    const input = "return-path: <a@x.test>\r\nSubject: \xea\xb9\x80\r\nRETURN-PATH :\r\n <b@x.test>\r\n\t(comment)\r\n" +
      "Return-Paths: <keep@x.test>\r\nReturn-Path: <c@x.test>\r\nTo: t@x.test\r\n\r\nReturn-Path: <body@x.test>\r\n";
    const bytes = Uint8Array.from(input, (c) => c.charCodeAt(0));
    const out = withoutReturnPath(bytes);
    expect(String.fromCharCode(...out)).toBe(
      "Subject: \xea\xb9\x80\r\nReturn-Paths: <keep@x.test>\r\nTo: t@x.test\r\n\r\nReturn-Path: <body@x.test>\r\n",
    );
    expect(dec(withReturnPath(bytes, "env@x.test"))).toMatch(/^Return-Path: <env@x\.test>\r\nSubject: 김\r\n/);
  });

  test("LF line ends, a message that is all header, and one without any: same bytes when nothing is dropped", () => {
    expect(dec(withoutReturnPath(enc("Return-Path: <a@x>\nFrom: f@x\n\nbody\n")))).toBe("From: f@x\n\nbody\n");
    expect(dec(withoutReturnPath(enc("From: f@x\r\nReturn-Path: <a@x>")))).toBe("From: f@x\r\n");
    const plain = enc("From: f@x\r\n\r\nReturn-Path: <a@x>\r\n");
    expect(withoutReturnPath(plain)).toBe(plain);
    const bodyOnly = enc("\r\nReturn-Path: <a@x>\r\n");
    expect(withoutReturnPath(bodyOnly)).toBe(bodyOnly);
    expect(withoutReturnPath(new Uint8Array())).toEqual(new Uint8Array());
  });
});
