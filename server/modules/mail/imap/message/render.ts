// IMAP text of a MIME tree (RFC 3501 §7.4.2): BODY / BODYSTRUCTURE parenthesised lists and the ENVELOPE.
// Header values go out as they are in the message (encoded words stay encoded), unfolded; strings follow
// text.ts (quoted when 7-bit, else a literal counted in UTF-8 bytes).
import { type EnvelopeAddress, parseAddressList } from "./address.ts";
import { field } from "./headers.ts";
import { isMultipart, isRfc822, type MimeNode } from "./mime.ts";
import { imapString, nstring } from "./text.ts";

/** Empty multipart (no boundary or no parts): rendered as an empty text part, as dovecot does. */
const EMPTY_PART = '("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 0 0';
/** Envelope of a message/rfc822 part whose body is encoded (not parsed), as dovecot answers. */
const EMPTY_ENVELOPE = "(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)";

function params(list: [string, string][]): string {
  if (list.length === 0) return "NIL";
  return "(" + list.map(([k, v]) => `${imapString(k)} ${imapString(v)}`).join(" ") + ")";
}

function disposition(node: MimeNode): string {
  const d = node.disposition;
  return d ? `(${imapString(d.type)} ${params(d.params)})` : "NIL";
}

function language(node: MimeNode): string {
  const l = node.language;
  if (!l) return "NIL";
  return "(" + l.map(imapString).join(" ") + ")";
}

export function bodyStructure(node: MimeNode, extended: boolean): string {
  if (isMultipart(node)) {
    const parts = node.children.length
      ? node.children.map((c) => bodyStructure(c, extended)).join("")
      : EMPTY_PART + (extended ? " NIL NIL NIL NIL)" : ")");
    let out = `(${parts} ${imapString(node.subtype)}`;
    if (extended) {
      out += ` ${params(node.params)} ${disposition(node)} ${language(node)} ${nstring(node.location)}`;
    }
    return out + ")";
  }
  let out =
    `(${imapString(node.type)} ${imapString(node.subtype)} ${params(node.params)} ${nstring(node.id)} ` +
    `${nstring(node.description)} ${imapString(node.encoding ?? "7bit")} ${node.size}`;
  if (node.message) {
    out += ` ${envelope(node.message)} ${bodyStructure(node.message, extended)} ${node.lines}`;
  } else if (isRfc822(node)) {
    // RFC 3501 requires envelope, body and lines for message/rfc822: an encoded one gets empty ones.
    out += ` ${EMPTY_ENVELOPE} ${EMPTY_PART}${extended ? " NIL NIL NIL NIL" : ""}) ${node.lines}`;
  } else if (node.type.toLowerCase() === "text") {
    out += ` ${node.lines}`;
  }
  if (extended) {
    out += ` ${nstring(node.md5)} ${disposition(node)} ${language(node)} ${nstring(node.location)}`;
  }
  return out + ")";
}

function addresses(list: EnvelopeAddress[] | null): string {
  if (!list || list.length === 0) return "NIL";
  return "(" +
    list.map((a) => `(${nstring(a.name)} ${nstring(a.adl)} ${nstring(a.mailbox)} ${nstring(a.host)})`)
      .join("") +
    ")";
}

/** The ENVELOPE of a message node (the root, or the embedded message of a message/rfc822 part). */
export function envelope(node: MimeNode): string {
  const get = (name: string) => field(node.headers, name)?.value ?? null;
  const list = (name: string) => {
    const v = get(name);
    if (v === null) return null;
    const parsed = parseAddressList(v);
    return parsed.length ? parsed : null;
  };
  const from = list("from");
  const sender = list("sender") ?? from;
  const replyTo = list("reply-to") ?? from;
  return "(" + [
    nstring(get("date")),
    nstring(get("subject")),
    addresses(from),
    addresses(sender),
    addresses(replyTo),
    addresses(list("to")),
    addresses(list("cc")),
    addresses(list("bcc")),
    nstring(get("in-reply-to")),
    nstring(get("message-id")),
  ].join(" ") + ")";
}
