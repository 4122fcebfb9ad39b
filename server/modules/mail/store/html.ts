// Mail HTML is sanitised once, at ingest (sanitize-html), and stored that way. What survives is markup and
// inline styling real mail needs (tables, fonts, colours, <style> blocks of newsletters); scripts, event
// handlers, forms, frames, objects and javascript: URLs never do. The result is meant only for the reader's
// sandboxed frame (no scripts, no same origin), whose Content-Security-Policy also decides whether remote
// images and stylesheets load: they stay blocked until the reader allows them.
import sanitizeHtml from "sanitize-html";
import { limitHtmlDepth } from "./html-depth.ts";

const COMMON = ["style", "class", "id", "dir", "lang", "title", "align", "valign", "width", "height", "bgcolor", "background"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "html", "head", "body", "style", "title", "meta",
    "p", "div", "br", "hr", "span", "font", "center", "b", "strong", "i", "em", "u", "s", "strike", "del", "ins",
    "sub", "sup", "mark", "small", "big", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "tt",
    "ul", "ol", "li", "dl", "dt", "dd", "a", "img", "abbr", "address", "cite", "q", "wbr", "figure", "figcaption",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col", "section", "article",
    "header", "footer", "nav", "main", "aside",
  ],
  allowedAttributes: {
    "*": COMMON,
    a: [...COMMON, "href", "name", "target", "rel"],
    img: [...COMMON, "src", "alt", "border", "hspace", "vspace"],
    font: [...COMMON, "color", "face", "size"],
    table: [...COMMON, "border", "cellpadding", "cellspacing", "summary"],
    td: [...COMMON, "colspan", "rowspan", "nowrap"],
    th: [...COMMON, "colspan", "rowspan", "nowrap", "scope"],
    col: [...COMMON, "span"],
    colgroup: [...COMMON, "span"],
    ol: [...COMMON, "start", "type"],
    ul: [...COMMON, "type"],
    meta: ["charset"],
    body: [...COMMON, "text", "link", "vlink", "alink"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Inline images: cid: parts of the message, data: images embedded in the HTML.
  allowedSchemesByTag: { img: ["http", "https", "cid", "data"] },
  allowProtocolRelative: false,
  allowVulnerableTags: true, // <style>: inert in the sandboxed frame the reader renders mail in
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "textarea", "option", "noscript", "title", "head"],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, "src", isImageUrl) }),
    // The legacy background attribute of body and table cells loads an image as <img> does.
    "*": (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, "background", isBackgroundUrl) }),
  },
};

/**
 * The image addresses mail keeps. The reader's frame resolves addresses against this suite's own page, so a
 * relative one ("x", "/api/...", and "https:x", which a browser reads relative to a page of the same scheme)
 * would, once remote images are allowed, become a request to the suite itself: only absolute http(s)
 * addresses with a host are kept, beside the mail's own cid: parts (the reader points them at its inline
 * route) and data: images of raster types (an SVG, which may carry script, opened on its own must not come
 * from mail).
 */
const REMOTE_URL = /^\s*https?:[\\/]{2}[^\\/\s]/i;
const RASTER_DATA_URL = /^\s*data:image\/(?:png|gif|jpe?g|webp|bmp)[;,]/i;
const isImageUrl = (url: string) => REMOTE_URL.test(url) || /^\s*cid:\S/i.test(url) || RASTER_DATA_URL.test(url);
/** Background attributes (whose data: URLs the sanitiser's scheme list drops) and CSS: never rewritten from cid:. */
const isBackgroundUrl = (url: string) => REMOTE_URL.test(url);
const isCssImageUrl = (url: string) => REMOTE_URL.test(url) || /^\s*data:/i.test(url);

function keepIf(attribs: sanitizeHtml.Attributes, name: string, ok: (url: string) => boolean): sanitizeHtml.Attributes {
  if (!(name in attribs) || ok(attribs[name])) return attribs;
  const { [name]: _, ...rest } = attribs;
  return rest;
}

/**
 * CSS is kept as written (style attributes, <style> blocks), so what only old browsers would run from it is
 * made inert: javascript:/vbscript: URLs, IE expression() and behavior:, Firefox -moz-binding. Its images
 * follow the rule of <img>: a url() or image-set() naming anything but an absolute http(s) address or a
 * data: image becomes `none`. Escaped letters (`u\72l(`, which a browser reads as `url(`) are read first.
 */
const ACTIVE_CSS = /(?:java|vb)script\s*:|expression\s*\(|behavior\s*:|-moz-binding/gi;
const CSS_ESCAPE = /\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^0-9a-f\r\n\f]))/gi;
const CSS_URL = /\burl\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;
const CSS_IMAGE_SET = /(?:-webkit-)?image-set\(([^()]*(?:\([^()]*\)[^()]*)*)\)/gi;
const CSS_STRING = /"([^"]*)"|'([^']*)'/g;

function cssImagesChecked(css: string): string {
  const letters = css.replace(CSS_ESCAPE, (whole, hex?: string, char?: string) => {
    const c = hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)) : char!;
    return /^[a-z]$/i.test(c) ? c : whole;
  });
  return letters
    .replace(CSS_IMAGE_SET, (whole, inner: string) => {
      const urls = [...inner.replace(CSS_URL, "").matchAll(CSS_STRING)].map((m) => m[1] ?? m[2]);
      return urls.every(isCssImageUrl) ? whole : "none";
    })
    .replace(CSS_URL, (whole, dq?: string, sq?: string, bare?: string) => isCssImageUrl(dq ?? sq ?? bare ?? "") ? whole : "none");
}

const inertCss = (css: string) => cssImagesChecked(css.replace(ACTIVE_CSS, "blocked-"));

export function sanitizeMailHtml(html: string): string {
  // Depth first (html-depth.ts): the sanitiser's parser is quadratic in it.
  const clean = sanitizeHtml(limitHtmlDepth(html), OPTIONS).trim();
  if (!/style|url|image-set/i.test(clean)) return clean;
  // The sanitiser writes attributes double-quoted ('"' as &quot;); a <style> block's text ends at </style>.
  return clean
    .replace(/(\sstyle=")([^"]*)"/gi, (_, pre: string, css: string) => `${pre}${inertCss(css.replace(/&quot;/g, '"')).replace(/"/g, "&quot;")}"`)
    .replace(/(<style\b[^>]*>)([^<]*(?:<(?!\/style)[^<]*)*)/gi, (_, tag: string, css: string) => `${tag}${inertCss(css)}`);
}

const LINE_END = /<(?:br|\/p|\/div|\/tr|\/h[1-6]|\/li)\b[^>]*>/gi;
const BLOCKS = "p|div|h[1-6]|li|ul|ol|dl|dt|dd|tr|table|thead|tbody|tfoot|caption|blockquote|pre|section|article|header|" +
  "footer|nav|main|aside|figure|figcaption|address|center|hr";
const BLOCK_EDGE = new RegExp(`<\\/?(?:${BLOCKS})\\b[^>]*>`, "gi");
const CELL_EDGE = /<\/?t[dh]\b[^>]*>/gi;
/** Marks of a boundary that separates words only where no white space already does (see softBreaks). */
const SOFT_LINE = "\u0001";
const SOFT_SPACE = "\u0002";

/**
 * Plain text of an HTML body (search, preview, text reply): tags dropped, the ends of paragraphs, divisions,
 * rows, headings and list items and <br> as line breaks. Words of separate blocks never run together (the list
 * preview once showed "결재 요청click"): the other edges of blocks part them with a line break and table cells
 * with a space, unless white space already stands there.
 */
export function htmlToText(html: string): string {
  const marked = html.replace(LINE_END, "\n").replace(BLOCK_EDGE, SOFT_LINE).replace(CELL_EDGE, SOFT_SPACE);
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["style", "script", "head", "title"] });
  return softBreaks(decodeEntities(text)).replace(/[ \t\u00a0]+/g, " ").replace(/\n\s*\n\s*\n+/g, "\n\n").trim();
}

/** Each run of soft marks: nothing beside white space or at an end, else a line break (a space between cells). */
function softBreaks(text: string): string {
  // deno-lint-ignore no-control-regex -- the marks are control characters, chosen because text never needs them
  return text.replace(/[\u0001\u0002]+/g, (run: string, at: number) => {
    const before = text[at - 1];
    const after = text[at + run.length];
    if (before === undefined || after === undefined || /\s/.test(before) || /\s/.test(after)) return "";
    return run.includes(SOFT_LINE) ? "\n" : " ";
  });
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === "amp") return "&";
    if (k === "lt") return "<";
    if (k === "gt") return ">";
    if (k === "quot") return '"';
    if (k === "apos") return "'";
    if (k === "nbsp") return " ";
    const code = k.startsWith("#x") ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
  });
}
