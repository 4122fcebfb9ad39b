// Announcement contents are rich text from the administrators' editor: only formatting, links and images
// survive; scripts, styles, event handlers and javascript: or data: links never do (sanitize-html).
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "div", "br", "hr", "span", "b", "strong", "i", "em", "u", "s", "strike", "del", "sub", "sup", "mark", "small",
    "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "a", "img",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open in a new tab and cannot reach back into the app.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeContents(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
