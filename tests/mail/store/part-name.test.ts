// A nameless attachment gets "attachment-N.<ext>" with its type's usual extension (store/part-name.ts), and
// parseMessage lists it so.
import { describe, expect, test } from "vitest";
import { nameForUnnamedPart } from "../../../server/modules/mail/store/part-name.ts";
import { parseMessage } from "../../../server/modules/mail/store/parse.ts";

describe("names of nameless attachments", () => {
  test.each([
    ["application/octet-stream", "attachment-1.bin"],
    ["application/pdf", "attachment-1.pdf"],
    ["APPLICATION/PDF; name=x", "attachment-1.pdf"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "attachment-1.xlsx"],
    ["application/x-hwp", "attachment-1.hwp"],
    ["image/jpeg", "attachment-1.jpg"],
    ["image/avif", "attachment-1.avif"],
    ["text/x-some-log", "attachment-1.txt"],
    ["application/x-very-unusual-thing", "attachment-1.bin"],
    ["", "attachment-1.bin"],
    ["message/rfc822", "message-1.eml"],
    ["text/calendar", "invite-1.ics"],
  ])("%s → %s", (type, name) => {
    expect(nameForUnnamedPart(type, 0)).toBe(name);
  });

  test("parseMessage names a nameless octet-stream part .bin and a nameless PDF .pdf", async () => {
    const raw = new TextEncoder().encode([
      "From: a@example.com",
      "To: b@example.com",
      "Subject: parts",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "body",
      "--b",
      "Content-Type: application/octet-stream",
      "Content-Disposition: attachment",
      "Content-Transfer-Encoding: base64",
      "",
      "AAEC",
      "--b",
      "Content-Type: application/pdf",
      "Content-Disposition: attachment",
      "",
      "%PDF-1.4",
      "--b--",
      "",
    ].join("\r\n"));
    const parsed = await parseMessage(raw);
    expect(parsed.attachments.map((a) => a.name)).toEqual(["attachment-1.bin", "attachment-2.pdf"]);
  });
});
