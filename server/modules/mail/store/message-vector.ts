// The search lexemes (tsvector literal, search/tokens.ts) of one mailbox copy of a parsed message: subject,
// the From/To/Cc names and addresses (Bcc only in the sender's own copy), the text body and the attachment
// names. Shared by the filing rows (store/filing-rows.ts) and the inbound preparation worker
// (smtp/prepare.ts), which computes it off the listener's event loop.
import type { MailAddressJson } from "../../../../db/schema/mail.ts";
import { searchVectorLiteral } from "../search/tokens.ts";
import type { ParsedMessage } from "./parse.ts";

export function messageSearchVector(parsed: ParsedMessage, bcc: MailAddressJson[] = []): string {
  return searchVectorLiteral({
    subject: parsed.subject,
    addresses: [parsed.from, ...parsed.to, ...parsed.cc, ...bcc].map((a) => `${a.name} ${a.address}`).join(" "),
    body: parsed.textBody,
    attachmentNames: parsed.attachments.map((a) => a.name).join(" "),
  });
}
