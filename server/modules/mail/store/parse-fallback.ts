// What is kept of a message postal-mime cannot read as MIME: mail is accepted as it comes (a refusal of a
// message already sent loses it for the sender), so what cannot be read as parts is read as text.
//   - parsing fails (postal-mime's limits: parts nested past 256 levels, more than 2 MB of headers in all
//     parts): the top header block is parsed alone, so the list still shows its From and Subject, and the
//     body is kept as text;
//   - parsing yields nothing readable (a multipart without a boundary parameter, or one whose boundary never
//     occurs: every line is preamble, which MIME readers drop): the body is kept as text, as mail clients
//     show it.
import PostalMime, { type Email } from "postal-mime";
import { bodyStart } from "./raw-headers.ts";

/** Text kept of a body read as text, at most (the raw message stays whole in the blob store). */
const BODY_TEXT_CHARS = 1_000_000;

/** The body of the message (after its top headers) as UTF-8 text. */
export function bodyAsText(raw: Uint8Array): string {
  const start = bodyStart(raw);
  return new TextDecoder().decode(raw.subarray(start, start + BODY_TEXT_CHARS * 4)).slice(0, BODY_TEXT_CHARS);
}

/**
 * A multipart message whose parts cannot be found: no boundary parameter, or a boundary that never occurs in
 * the body. postal-mime then yields no text and no parts at all.
 */
export function partsNotFound(email: Email, raw: Uint8Array): boolean {
  const type = email.headers.find((h) => h.key === "content-type")?.value ?? "";
  if (!/^\s*multipart\//i.test(type)) return false;
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(type);
  const value = boundary?.[1] ?? boundary?.[2];
  return !value || !bodyAsText(raw).includes(`--${value}`);
}

/** A message postal-mime refused: its top headers parsed alone, its body as text, no parts. */
export async function unreadableMessage(raw: Uint8Array): Promise<Email> {
  const body = bodyAsText(raw);
  const start = bodyStart(raw);
  let head: Email | null = null;
  try {
    // Only the header block: without its parts, the nesting limit cannot be reached. Content-Type is left
    // out, so a multipart type does not make postal-mime look for parts the block has none of.
    const block = new TextDecoder().decode(raw.subarray(0, start)).replace(/^content-type:.*(?:\r?\n[ \t].*)*\r?\n/gim, "");
    head = await PostalMime.parse(`${block.trimEnd()}\r\n\r\n`, { attachmentEncoding: "arraybuffer" });
  } catch { /* headers beyond the limit too: none kept */ }
  return { ...(head ?? { headers: [], headerLines: [] }), attachments: [], html: undefined, text: body };
}
