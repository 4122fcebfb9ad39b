// A mail as a post's parts: the title (the subject; "(제목 없음)" when it has none), the content (the mail's
// HTML through the posts' sanitiser, or its text as paragraphs when it has no HTML or the HTML says nothing;
// "(내용 없음)" when neither says anything)
// and which of its attachments become the post's files (the first FILES_PER_POST that are not inline parts of
// the HTML, each at most FILE_MAX_BYTES; the others are named as skipped).
import { FILE_MAX_BYTES, FILES_PER_POST, POST_CONTENT_MAX, POST_TITLE_MAX } from "../../../../shared/board/constants.ts";
import { type CleanContent, isEmptyContent, sanitizePostHtml } from "../posts/sanitize.ts";

export const NO_SUBJECT = "(제목 없음)";
/** A post needs text: a mail without any says so. */
export const NO_CONTENT = "(내용 없음)";

/** What the board needs of a mail (the mail module's parsed message has these fields). */
export interface MailParts {
  subject: string;
  from: { name: string; address: string };
  messageIdHeader: string | null;
  sentAt: Date | null;
  htmlBody: string | null;
  textBody: string;
  attachments: MailAttachment[];
}

export interface MailAttachment {
  position: number;
  name: string;
  size: number;
  contentType: string;
  contentId: string | null;
  inline: boolean;
}

export function titleOf(subject: string): string {
  const t = subject.replace(/\s+/g, " ").trim();
  return t ? [...t].slice(0, POST_TITLE_MAX).join("") : NO_SUBJECT;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text as paragraphs: blank lines part them, single line breaks stay as <br>. */
export function paragraphs(text: string): string {
  return text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ""))
    .filter((p) => p.trim())
    .map((p) => `<p>${p.split("\n").map(escape).join("<br>")}</p>`)
    .join("");
}

/** The mail's body as post content; `before` (trusted HTML, e.g. the quoted header) is put in front. */
export function contentOf(m: Pick<MailParts, "htmlBody" | "textBody">, before = ""): CleanContent {
  let body = m.htmlBody ? sanitizePostHtml(m.htmlBody) : null;
  if (!body || isEmptyContent(body)) body = sanitizePostHtml(paragraphs(m.textBody));
  if (isEmptyContent(body)) body = sanitizePostHtml(`<p>${NO_CONTENT}</p>`);
  let clean = before ? sanitizePostHtml(before + body.html) : body;
  // A huge mail is cut to what a post holds (as text paragraphs, which cannot be cut inside a tag).
  if (clean.html.length > POST_CONTENT_MAX) clean = sanitizePostHtml(paragraphs(clean.text.slice(0, POST_CONTENT_MAX / 2)));
  return clean;
}

/**
 * The attachments that become files (in order) and the names of those left out. Parts inline in the HTML
 * (an image the body shows by cid) are not attachments to the reader and are neither taken nor named.
 */
export function filesOf(attachments: MailAttachment[]): { take: MailAttachment[]; skipped: string[] } {
  const take: MailAttachment[] = [];
  const skipped: string[] = [];
  for (const a of attachments) {
    if (a.inline && a.contentId) continue;
    if (take.length < FILES_PER_POST && a.size <= FILE_MAX_BYTES) take.push(a);
    else skipped.push(a.name);
  }
  return { take, skipped };
}

/** The small header a mail posted from the reader starts with: who sent it and when. */
export function quotedHeader(labels: { from: string; sent: string }, from: { name: string; address: string }, date: Date | null): string {
  const who = from.name ? `${escape(from.name)} &lt;${escape(from.address)}&gt;` : escape(from.address);
  const when = date ? escape(date.toISOString().slice(0, 16).replace("T", " ") + " UTC") : "";
  return `<blockquote><p><strong>${escape(labels.from)}:</strong> ${who}` +
    (when ? `<br><strong>${escape(labels.sent)}:</strong> ${when}` : "") + `</p></blockquote>`;
}
