// Read-only rendering of a form's HTML (templateFrame, templateBody) without dangerouslySetInnerHTML: the text
// is parsed with DOMParser into an inert document and rebuilt as React elements from an allow-list of tags,
// attributes and style properties; scripts, frames, forms, event handlers and url() styles never get through.
// Custom elements are handed to `slot` (<gw-field key> → the field's value; <gw-slot name> → the frame's parts).
import { createElement, Fragment, type ReactNode } from "react";

const TAGS = new Set([
  "p", "div", "span", "br", "b", "strong", "i", "em", "u", "s", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "thead",
  "tbody", "tfoot", "tr", "th", "td", "colgroup", "col", "caption", "hr", "blockquote", "pre", "code", "sub", "sup", "small", "section",
  "header", "footer", "a", "label", "dl", "dt", "dd", "mark",
]);
/** Dropped with everything inside. */
const DROP = new Set(["script", "style", "iframe", "object", "embed", "frame", "frameset", "form", "input", "button", "select", "textarea",
  "link", "meta", "base", "svg", "math", "template", "noscript", "img", "video", "audio", "source", "canvas"]);
const VOID = new Set(["br", "hr", "col"]);
/** Whitespace between these elements' rows and cells is not text. */
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr", "colgroup"]);
const STYLES = new Set([
  "text-align", "vertical-align", "width", "min-width", "max-width", "height", "font-weight", "font-style", "font-size", "text-decoration",
  "color", "background-color", "border", "border-top", "border-right", "border-bottom", "border-left", "border-collapse", "border-color",
  "border-width", "border-style", "padding", "padding-top", "padding-right", "padding-bottom", "padding-left", "margin", "margin-top",
  "margin-bottom", "white-space", "line-height", "letter-spacing",
]);

function styleOf(raw: string | null): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const decl of raw.split(";")) {
    const i = decl.indexOf(":");
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!STYLES.has(prop) || !value || /url\s*\(|expression\s*\(|javascript:|[<>\\]/i.test(value)) continue;
    out[prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

function propsOf(el: Element, key: number): Record<string, unknown> {
  const tag = el.tagName.toLowerCase();
  const props: Record<string, unknown> = { key, style: styleOf(el.getAttribute("style")) };
  // The server's frame and starter forms style themselves with gw-* classes (approval.css gives them their look).
  const classes = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => /^gw-[a-z0-9-]{1,40}$/.test(c));
  if (classes.length) props.className = classes.join(" ");
  for (const name of ["colspan", "rowspan"]) {
    const v = el.getAttribute(name);
    if (v && /^\d{1,3}$/.test(v)) props[name === "colspan" ? "colSpan" : "rowSpan"] = Number(v);
  }
  if ((tag === "th" || tag === "td") && el.getAttribute("scope")) props.scope = el.getAttribute("scope");
  if (tag === "a") {
    const href = el.getAttribute("href") ?? "";
    if (/^(https?:|mailto:)/i.test(href)) Object.assign(props, { href, target: "_blank", rel: "noopener noreferrer" });
  }
  return props;
}

/** Custom elements (<gw-…>): their React replacement, or undefined to render their children. */
export type Slot = (tag: string, el: Element) => ReactNode | undefined;

function build(node: Node, slot: Slot, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (tag.startsWith("gw-")) {
    const replaced = slot(tag, el);
    if (replaced !== undefined) return <Fragment key={key}>{replaced}</Fragment>;
  }
  if (DROP.has(tag)) return null;
  const table = TABLE_PARTS.has(tag);
  const children = Array.from(el.childNodes, (c, i) => table && c.nodeType === Node.TEXT_NODE && !c.textContent?.trim() ? null : build(c, slot, i));
  if (!TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  if (VOID.has(tag)) return createElement(tag, propsOf(el, key));
  return createElement(tag, propsOf(el, key), ...children);
}

/** The HTML as React nodes. */
export function safeHtml(html: string, slot: Slot): ReactNode {
  if (!html.trim()) return null;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return Array.from(doc.body.childNodes, (n, i) => build(n, slot, i));
}
