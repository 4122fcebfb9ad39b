// IMAP message rendering: pure functions over the raw bytes of a stored message for FETCH — the MIME tree
// (parseMime), BODY/BODYSTRUCTURE (bodyStructure), ENVELOPE (envelope) and BODY[section] bytes (section).
// Offsets and sizes are in bytes of the raw message as given (CRLF or bare LF line endings alike).
export { isMultipart, isRfc822, type MimeNode, parseMime } from "./mime.ts";
export { bodyStructure, envelope } from "./render.ts";
export { resolvePart, section, type SectionSpec } from "./section.ts";
