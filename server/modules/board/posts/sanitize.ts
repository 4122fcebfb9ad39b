// A post's content is HTML from the tiptap editor, sanitised here when it is written (sanitize-html, as mail's
// and approval's HTML are) and stored that way. What survives is what the editor writes: paragraphs, headings,
// lists, blockquote, code and pre, tables, hr, bold/italic/underline/strike, text-align, links (http, https,
// mailto; opened in a new tab with rel="noopener noreferrer"), images only as <img data-file-id="N"> (an
// inline upload of the post; no src is stored: every answer sets a fresh signed one, withImageSources) and
// the mention span <span data-type="mention" data-id="123" data-label="Name">. Scripts, event handlers,
// styles beyond text-align, iframes, forms and any other attribute never do (another span, or a link to
// anything else, stays as a bare <span> or <a> around its text).
import sanitizeHtml from "sanitize-html";
import { htmlToText } from "../../mail/store/html.ts";
import { limitHtmlDepth } from "../../mail/store/html-depth.ts";

const ALIGN = { "text-align": [/^(left|right|center|justify)$/] };
const FILE_ID = /^\d{1,15}$/;
/** The links kept: absolute http(s) addresses with a host, and mailto: (the scheme check below drops the rest). */
const LINK = /^\s*(https?:\/\/[^\s/\\]|mailto:\S)/i;

function options(keepImage: (id: number) => boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "code", "pre", "hr",
      "table", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col", "strong", "b", "em", "i", "u", "s",
      "strike", "del", "a", "img", "span",
    ],
    allowedAttributes: {
      p: ["style"],
      h1: ["style"], h2: ["style"], h3: ["style"], h4: ["style"], h5: ["style"], h6: ["style"],
      li: ["style"],
      td: ["style", "colspan", "rowspan", "colwidth"],
      th: ["style", "colspan", "rowspan", "colwidth"],
      col: ["span"],
      ol: ["start"],
      code: ["class"],
      a: ["href", "target", "rel"],
      img: ["data-file-id", "alt"],
      span: ["data-type", "data-id", "data-label"],
    },
    allowedClasses: { code: ["language-*"] },
    allowedStyles: { p: ALIGN, h1: ALIGN, h2: ALIGN, h3: ALIGN, h4: ALIGN, h5: ALIGN, h6: ALIGN, li: ALIGN, td: ALIGN, th: ALIGN },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "style", "textarea", "option", "select", "noscript", "title", "head", "iframe", "object", "template", "svg", "math"],
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag =>
        LINK.test(attribs.href ?? "")
          ? { tagName, attribs: { href: attribs.href.trim(), target: "_blank", rel: "noopener noreferrer" } }
          : { tagName, attribs: {} }, // an <a> without an address is text (renaming the tag would break the closing tags)
      span: (tagName, attribs) => {
        if (attribs["data-type"] !== "mention" || !FILE_ID.test(attribs["data-id"] ?? "")) return { tagName, attribs: {} };
        const label = (attribs["data-label"] ?? "").slice(0, 60);
        return { tagName, attribs: { "data-type": "mention", "data-id": attribs["data-id"], ...(label ? { "data-label": label } : {}) } };
      },
      img: (tagName, attribs) => {
        const id = attribs["data-file-id"] ?? "";
        const alt = (attribs.alt ?? "").slice(0, 200);
        return { tagName, attribs: FILE_ID.test(id) ? { "data-file-id": id, ...(alt ? { alt } : {}) } : {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !(FILE_ID.test(frame.attribs["data-file-id"] ?? "") && keepImage(Number(frame.attribs["data-file-id"]))),
  };
}

export interface CleanContent {
  html: string;
  /** Plain text (previews, search). */
  text: string;
  /** The file ids of the images, in the order they stand (each once). */
  imageIds: number[];
}

const IMG_ID = /<img\b[^>]*?\bdata-file-id="(\d{1,15})"[^>]*>/g;

/** The ids of the images of sanitised HTML, in order, each once. */
export function imageIdsOf(html: string): number[] {
  return [...new Set([...html.matchAll(IMG_ID)].map((m) => Number(m[1])))];
}

function cleaned(html: string): CleanContent {
  return { html, text: htmlToText(html), imageIds: imageIdsOf(html) };
}

/** The content as stored, with every image whose id passes `keepImage` (all, by default). */
export function sanitizePostHtml(html: string, keepImage: (id: number) => boolean = () => true): CleanContent {
  return cleaned(sanitizeHtml(limitHtmlDepth(html), options(keepImage)).trim());
}

/** Sanitised content without the images not in `keep` (a second pass over what sanitizePostHtml answered). */
export function keepImages(clean: CleanContent, keep: ReadonlySet<number>): CleanContent {
  if (clean.imageIds.every((id) => keep.has(id))) return clean;
  return sanitizePostHtml(clean.html, (id) => keep.has(id));
}

/** Content that says nothing: no text and no image. */
export const isEmptyContent = (c: CleanContent) => !c.text.trim() && !c.imageIds.length;

/** Stored content as answered: each image gets src, its signed address (`urlOf`; none when it has none). */
export function withImageSources(html: string, urlOf: (fileId: number) => string | null): string {
  return html.replace(/<img\b([^>]*?)\bdata-file-id="(\d{1,15})"/g, (whole, pre: string, id: string) => {
    const url = urlOf(Number(id));
    return url ? `<img${pre}src="${url.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" data-file-id="${id}"` : whole;
  });
}
