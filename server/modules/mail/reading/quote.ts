// Separates the quoted history of a reply or forward from the new text (MailView.quoteContent), once per view,
// on the already-sanitised HTML (parsed with htmlparser2, never cut with regexes) or on the plain text.
//
// A quote is recognised by what the common clients write: Gmail (div/blockquote .gmail_quote), Outlook
// (div#divRplyFwdMsg, a border-top block starting "From:", "-----Original Message-----"), Thunderbird
// (div.moz-cite-prefix + blockquote), Apple Mail (blockquote type=cite, or a blockquote after/opening with an
// "... wrote:" line: the sanitiser drops type=), our own compose (div.mail-quote, compose/prefill.ts) and the
// Korean clients' "-----원본 메시지-----" / "원본 메일" separators; in plain text, those separators or a trailing
// block of ">" lines. Only a quote at the END is split off: a quote followed by more text (an inline or bottom
// reply) stays whole, and so does a mail that would be left with nothing before its quote. Nothing is lost:
// content followed by quoteContent shows the whole mail (wrappers around the quote appear in both parts).
import { parseDocument } from "htmlparser2";
import render from "dom-serializer";
import { type AnyNode, type ChildNode, type Document, type Element, isTag, isText, type ParentNode } from "domhandler";

export interface QuoteSplit {
  content: string;
  quote: string | null;
}

/** Separator lines: Outlook / Naver / Daum / ours ("-----Original Message-----", "-----원본 메시지-----"), Gmail forwards. */
const SEPARATOR =
  /^\s*-{2,}\s*(original message|원본 메시지|원본 메일|원본메일|pesan asli|forwarded message|전달된 메시지|전달 메시지|전달된 메일)\s*-{2,}/i;
/** "From:" in the header block after an Outlook separator. */
const FROM_LABEL = /^\s*(from|보낸 사람|보낸사람|dari|von|de)\s*:/i;
/** An attribution line closing with "wrote:" (Gmail, Apple, Thunderbird in several languages). */
const ATTRIBUTION = /(wrote|schrieb|a écrit|escribió|menulis|작성|님이 씀|썼습니다)\s*:?\s*$/i;
const APPLE_OPENING = /^\s*(on\b.{4,300}\bwrote\s*:|.{4,300}(작성|님이 씀)\s*:)/is;
const KEEP_TAGS = new Set(["head", "style", "meta", "title"]);

type Candidate = { start: ChildNode; end: ChildNode | null };

export function splitHtmlQuote(html: string): QuoteSplit {
  const whole = { content: html, quote: null };
  if (!html) return whole;
  try {
    return splitParsed(html, whole);
  } catch (e) {
    // The walks below recurse per level: HTML stored before ingest limited its depth (store/html-depth.ts)
    // can overflow the stack. The mail is then shown whole rather than not at all.
    if (e instanceof RangeError) return whole;
    throw e;
  }
}

function splitParsed(html: string, whole: QuoteSplit): QuoteSplit {
  const doc = parseDocument(html);
  const found = findQuote(doc);
  if (!found) return whole;
  const { start, end } = found;
  // A self-contained quote (end set) must be the last thing of the mail; a separator takes everything after it.
  if (end && hasMeaningAfter(end)) return whole;
  const startPath = pathOf(start);
  const endPath = end ? pathOf(end) : null;

  const contentDoc = doc.cloneNode(true) as Document;
  const quoteDoc = doc.cloneNode(true) as Document;
  cutContent(nodeAt(contentDoc, startPath), endPath ? nodeAt(contentDoc, endPath) : null);
  keepQuote(nodeAt(quoteDoc, startPath), endPath ? nodeAt(quoteDoc, endPath) : null);
  if (!meaningful(contentDoc)) return whole;
  return { content: render(contentDoc, { encodeEntities: "utf8" }), quote: render(quoteDoc, { encodeEntities: "utf8" }) };
}

function classes(el: Element): string[] {
  return (el.attribs.class ?? "").toLowerCase().split(/\s+/);
}

/** The first quote marker in document order; an outer marker wins over what it contains. */
function findQuote(root: ParentNode): Candidate | null {
  for (const node of root.children) {
    if (isText(node)) {
      if (SEPARATOR.test(node.data)) return { start: node, end: null };
      continue;
    }
    if (!isTag(node)) continue;
    if (KEEP_TAGS.has(node.name)) continue;
    const hit = markerAt(node);
    if (hit) return hit;
    const inner = findQuote(node);
    if (inner) return inner;
  }
  return null;
}

function markerAt(el: Element): Candidate | null {
  const cls = classes(el);
  if (cls.includes("gmail_quote") || cls.includes("gmail_quote_container") || cls.includes("mail-quote")) {
    return { start: el, end: el };
  }
  if (cls.includes("moz-cite-prefix")) {
    const next = nextElement(el);
    return { start: el, end: next?.name === "blockquote" ? next : el };
  }
  if (el.attribs.id === "divRplyFwdMsg") {
    const prev = previousElement(el);
    return { start: prev?.name === "hr" ? prev : el, end: null };
  }
  const text = textOf(el).trim();
  if (/border-top\s*:\s*solid/i.test(el.attribs.style ?? "") && FROM_LABEL.test(text)) return { start: el, end: null };
  if (el.name !== "html" && el.name !== "body" && SEPARATOR.test(text)) {
    // The separator opens this element: the quote starts at the element (or, deeper, at the separator text).
    return leadsWithSeparator(el) ? { start: el, end: null } : null;
  }
  if (el.name === "blockquote") {
    if (el.attribs.type === "cite" || APPLE_OPENING.test(text.slice(0, 400))) return { start: attributionBefore(el) ?? el, end: el };
    const attribution = attributionBefore(el);
    if (attribution) return { start: attribution, end: el };
  }
  return null;
}

/** True when the first text of the element is the separator (nothing meaningful comes before it inside). */
function leadsWithSeparator(el: Element): boolean {
  for (const t of texts(el)) {
    if (!t.data.trim()) continue;
    return SEPARATOR.test(t.data);
  }
  return false;
}

/** The sibling holding an "... wrote:" line just before a blockquote (a text node or a small element). */
function attributionBefore(el: Element): ChildNode | null {
  let prev = el.prev;
  while (prev && isBlank(prev)) prev = prev.prev;
  if (!prev) return null;
  const text = isText(prev) ? prev.data : isTag(prev) ? textOf(prev) : "";
  if (text.trim().length > 400 || !ATTRIBUTION.test(text.trim())) return null;
  return prev;
}

function nextElement(n: ChildNode): Element | null {
  let s = n.next;
  while (s && !isTag(s)) s = s.next;
  return s;
}

function previousElement(n: ChildNode): Element | null {
  let s = n.prev;
  while (s && isText(s) && !s.data.trim()) s = s.prev;
  return s && isTag(s) ? s : null;
}

function* texts(n: AnyNode): Generator<import("domhandler").Text> {
  if (isText(n)) yield n;
  else if (isTag(n) || n.type === "root") {
    if (isTag(n) && KEEP_TAGS.has(n.name)) return;
    for (const c of (n as ParentNode).children) yield* texts(c);
  }
}

function textOf(n: AnyNode): string {
  let s = "";
  for (const t of texts(n)) s += t.data;
  return s;
}

/** Whitespace, line breaks and empty wrappers: nothing a reader would miss. */
function isBlank(n: AnyNode): boolean {
  if (isText(n)) return !n.data.replace(/&nbsp;|\u00a0/g, "").trim();
  if (n.type === "root") return (n as Document).children.every(isBlank);
  if (!isTag(n)) return true;
  if (n.name === "img") return false;
  if (KEEP_TAGS.has(n.name)) return true;
  return n.children.every(isBlank);
}

function meaningful(n: AnyNode): boolean {
  return !isBlank(n);
}

/** Anything meaningful after this node in document order (its later siblings and those of its ancestors). */
function hasMeaningAfter(n: ChildNode): boolean {
  for (let cur: ChildNode | ParentNode | null = n; cur && cur.type !== "root"; cur = cur.parent) {
    for (let s = (cur as ChildNode).next; s; s = s.next) if (!isBlank(s)) return true;
  }
  return false;
}

function pathOf(n: ChildNode): number[] {
  const path: number[] = [];
  for (let cur: ChildNode | ParentNode | null = n; cur?.parent; cur = cur.parent) {
    path.unshift(cur.parent.children.indexOf(cur as ChildNode));
  }
  return path;
}

function nodeAt(doc: Document, path: number[]): ChildNode {
  let cur: ParentNode = doc;
  let node: ChildNode = doc.children[0];
  for (const i of path) {
    node = cur.children[i];
    cur = node as ParentNode;
  }
  return node;
}

function detach(n: ChildNode) {
  const parent = n.parent;
  if (!parent) return;
  const i = parent.children.indexOf(n);
  parent.children.splice(i, 1);
  if (n.prev) n.prev.next = n.next;
  if (n.next) n.next.prev = n.prev;
  n.parent = n.prev = n.next = null;
}

/** The content: the quote taken out (start..end siblings, or start and everything after it). */
function cutContent(start: ChildNode, end: ChildNode | null) {
  if (end) {
    for (let s: ChildNode | null = start; s;) {
      const next: ChildNode | null = s === end ? null : s.next;
      detach(s);
      s = next;
    }
    return;
  }
  for (let cur: ChildNode | ParentNode | null = start; cur && cur.type !== "root"; cur = cur.parent) {
    const c = cur as ChildNode;
    while (c.next) detach(c.next);
  }
  detach(start);
}

/** The quote: only the quote and the wrappers around it (and the head's styles) remain. */
function keepQuote(start: ChildNode, end: ChildNode | null) {
  if (end) {
    let after = end.next;
    while (after) {
      const next: ChildNode | null = after.next;
      if (!keeps(after)) detach(after);
      after = next;
    }
  }
  for (let cur: ChildNode | ParentNode | null = start; cur && cur.type !== "root"; cur = cur.parent) {
    const c = cur as ChildNode;
    for (let p = c.prev; p;) {
      const prev: ChildNode | null = p.prev;
      if (!keeps(p)) detach(p);
      p = prev;
    }
    if (cur !== start && end) {
      // Above the quote's own level, later siblings go too (they are blank, see hasMeaningAfter).
      for (let s = c.next; s;) {
        const next: ChildNode | null = s.next;
        if (!keeps(s)) detach(s);
        s = next;
      }
    }
  }
}

const keeps = (n: ChildNode) => isTag(n) && KEEP_TAGS.has(n.name);

/** Plain text: a separator line, or a trailing block of ">" lines (with the "... wrote:" line above it). */
export function splitTextQuote(text: string): QuoteSplit {
  const whole = { content: text, quote: null };
  if (!text) return whole;
  const lines = text.split("\n");
  let at = lines.findIndex((l, i) =>
    SEPARATOR.test(l) || (/^\s*_{10,}\s*$/.test(l) && FROM_LABEL.test(lines[i + 1] ?? ""))
  );
  if (at < 0) {
    let last = lines.length - 1;
    while (last >= 0 && !lines[last].trim()) last--;
    if (last < 0 || !/^\s*>/.test(lines[last])) return whole;
    let first = last;
    while (first > 0 && (/^\s*>/.test(lines[first - 1]) || (!lines[first - 1].trim() && /^\s*>/.test(lines[first - 2] ?? "")))) first--;
    // Quoted lines higher up mean an inline reply: keep it whole.
    if (lines.slice(0, first).some((l) => /^\s*>/.test(l))) return whole;
    let p = first - 1;
    while (p >= 0 && !lines[p].trim()) p--;
    if (p >= 0 && ATTRIBUTION.test(lines[p].trim())) {
      first = p;
      // An attribution wrapped over two lines ("On ..., X <x@y>\nwrote:").
      if (/^\s*wrote\s*:?\s*$/i.test(lines[p]) && p > 0 && lines[p - 1].trim()) first = p - 1;
    }
    at = first;
  }
  const content = lines.slice(0, at).join("\n");
  if (!content.trim()) return whole;
  return { content: content.replace(/\s+$/, ""), quote: lines.slice(at).join("\n").replace(/\s+$/, "") };
}
