// Modified UTF-7 mailbox names (RFC 3501 §5.1.3): ASCII, "&", Korean, and malformed input.
import { describe, expect, test } from "vitest";
import { decodeMutf7, encodeMutf7 } from "../../../../server/modules/mail/imap/protocol/mutf7.ts";

describe("modified UTF-7", () => {
  test("ASCII stays, & becomes &-", () => {
    expect(encodeMutf7("Projects/2024")).toBe("Projects/2024");
    expect(encodeMutf7("A&B")).toBe("A&-B");
    expect(decodeMutf7("A&-B")).toBe("A&B");
    expect(encodeMutf7("&")).toBe("&-");
  });

  test("Korean round-trips and matches the RFC encoding", () => {
    expect(encodeMutf7("받은편지함")).toBe("&vBvHQNO4ycDVaA-");
    expect(decodeMutf7("&vBvHQNO4ycDVaA-")).toBe("받은편지함");
    // RFC 3501's example: ~peter/mail/台北/日本語
    expect(encodeMutf7("~peter/mail/台北/日本語")).toBe("~peter/mail/&U,BTFw-/&ZeVnLIqe-");
    expect(decodeMutf7("~peter/mail/&U,BTFw-/&ZeVnLIqe-")).toBe("~peter/mail/台北/日本語");
  });

  test("mixed, emoji (surrogate pairs) and ASCII between runs", () => {
    for (const name of ["Projects/서울 & 부산", "Inbox 😀 done", "é", "a/b&c/가"]) {
      expect(decodeMutf7(encodeMutf7(name))).toBe(name);
    }
    expect(encodeMutf7("é")).toBe("&AOk-");
  });

  test("malformed input throws", () => {
    for (const bad of ["&abc", "&*-", "&AO-", "\u00e9"]) expect(() => decodeMutf7(bad)).toThrow();
  });
});
