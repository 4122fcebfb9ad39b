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
    // data: images only of raster types: an SVG (which may carry script) opened on its own must not come from mail.
    img: (tagName, attribs) => {
      if (!/^\s*data:/i.test(attribs.src ?? "") || RASTER_DATA_URL.test(attribs.src)) return { tagName, attribs };
      const { src: _, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

const RASTER_DATA_URL = /^\s*data:image\/(?:png|gif|jpe?g|webp|bmp)[;,]/i;

/**
 * CSS is kept as written (style attributes, <style> blocks), so what only old browsers would run from it is
 * made inert: javascript:/vbscript: URLs, IE expression() and behavior:, Firefox -moz-binding.
 */
const ACTIVE_CSS = /(?:java|vb)script\s*:|expression\s*\(|behavior\s*:|-moz-binding/gi;
const inertCss = (css: string) => css.replace(ACTIVE_CSS, "blocked-");

export function sanitizeMailHtml(html: string): string {
  // Depth first (html-depth.ts): the sanitiser's parser is quadratic in it.
  const clean = sanitizeHtml(limitHtmlDepth(html), OPTIONS).trim();
  if (!/style/i.test(clean)) return clean;
  // The sanitiser writes attributes double-quoted ('"' as &quot;); a <style> block's text ends at </style>.
  return clean
    .replace(/(\sstyle=")([^"]*)"/gi, (_, pre: string, css: string) => `${pre}${inertCss(css)}"`)
    .replace(/(<style\b[^>]*>)([^<]*(?:<(?!\/style)[^<]*)*)/gi, (_, tag: string, css: string) => `${tag}${inertCss(css)}`);
}

/** Plain text of an HTML body (search, preview, text reply): tags dropped, block ends as line breaks. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<(?:br|\/p|\/div|\/tr|\/h[1-6]|\/li)\b[^>]*>/gi, "\n");
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["style", "script", "head", "title"] });
  return decodeEntities(text).replace(/[ \t\u00a0]+/g, " ").replace(/\n\s*\n\s*\n+/g, "\n\n").trim();
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
