// A form's template body is HTML the admin designs; it is sanitised when saved (sanitize-html, as mail's HTML
// is) and stored that way. What survives is document markup: paragraphs, headings, lists, tables, basic
// formatting with a few inline styles, the <gw-field key="..."> element that places a field (the client
// renders the field's input or value there) and the frame's <gw-label key="..."> (a label of FRAME_LABELS the
// client shows in the reader's language). Scripts, event handlers, links, images, forms and frames never do.
import sanitizeHtml from "sanitize-html";

const LENGTH = /^\d{1,4}(\.\d{1,2})?(px|pt|em|rem|%)$/;
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i, /^[a-z]{3,20}$/i];
const BORDER = /^(\d{1,2}px\s+)?(solid|dashed|dotted|double|none)(\s+(#[0-9a-f]{3,8}|[a-z]{3,20}))?$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "div", "span", "br", "hr", "b", "strong", "i", "em", "u", "s", "strike", "sub", "sup", "small", "mark",
    "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col", "gw-field", "gw-label",
  ],
  allowedAttributes: {
    "*": ["class", "style", "align", "title"],
    table: ["class", "style", "align", "border", "width", "cellpadding", "cellspacing"],
    td: ["class", "style", "align", "valign", "colspan", "rowspan", "width"],
    th: ["class", "style", "align", "valign", "colspan", "rowspan", "width", "scope"],
    col: ["class", "style", "span", "width"],
    colgroup: ["class", "style", "span"],
    ol: ["class", "style", "start", "type"],
    "gw-field": ["key"],
    "gw-label": ["key"],
  },
  allowedStyles: {
    "*": {
      "text-align": [/^(left|right|center|justify)$/],
      "vertical-align": [/^(top|middle|bottom)$/],
      "font-weight": [/^(normal|bold|[1-9]00)$/],
      "font-style": [/^(normal|italic)$/],
      "font-size": [LENGTH],
      "text-decoration": [/^(none|underline|line-through)$/],
      color: COLOUR,
      "background-color": COLOUR,
      width: [LENGTH],
      height: [LENGTH],
      "min-width": [LENGTH],
      padding: [/^(\d{1,3}(px|em)\s*){1,4}$/],
      margin: [/^(\d{1,3}(px|em)\s*){1,4}$/],
      border: [BORDER],
      "border-collapse": [/^(collapse|separate)$/],
    },
  },
  allowedSchemes: [],
  disallowedTagsMode: "discard",
};

/** The template body as stored: only the markup above. */
export function sanitizeTemplate(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The keys of the <gw-field> elements of a sanitised body, in order; a field element without a key gives "". */
export function templateFieldKeys(sanitised: string): string[] {
  return [...sanitised.matchAll(/<gw-field\b([^>]*)>/g)].map((m) => /\bkey="([^"]*)"/.exec(m[1])?.[1] ?? "");
}
