// The editor's JSON on its way to and from Markdown (content/html.ts jsonToMarkdown, markdownToJson). Markdown
// has no form of its own for a file of the document, so before serialising:
//   - an image of ours (attrs.fileId) becomes a Markdown image of the address `fileHref` gives it, or, when it
//     has none, a paragraph linking to it (the text its alt or the file's name);
//   - an attached file (the wikiFile block) becomes a paragraph holding one link: [name](address);
//   - a link to a wiki document (#/wiki/docs/{id}) takes the address `docHref` gives it.
// On import the other way round (importJson): an image whose source is a file of the zip, and a paragraph that
// is only a link to a file of the zip, become the new document's image and attached file; a link to a Markdown
// file of the zip becomes a link to the document made from it.
import type { JSONContent } from "@tiptap/core";
import type { Property, PropertyValue } from "../../../../shared/wiki/properties.ts";

export interface FileRef {
  name: string;
  /** Where the file is, or null when it cannot be given (the reader may not have it). */
  href: string | null;
  /** An image written as a link (the file is not beside the Markdown). */
  asLink?: boolean;
}

export interface ExportLinks {
  file(fileId: number): FileRef | null;
  /** A wiki document's address in the export, or null to keep the link as it is. */
  doc(docId: number): string | null;
}

const DOC_LINK = /^\/?#\/wiki\/docs\/(\d{1,15})$/;

const linkParagraph = (text: string, href: string | null): JSONContent => ({
  type: "paragraph",
  content: text ? [{ type: "text", text, ...(href ? { marks: [{ type: "link", attrs: { href } }] } : {}) }] : [],
});

/** The JSON with files and document links in their Markdown form (see the header). */
export function exportJson(json: JSONContent, links: ExportLinks): JSONContent {
  const map = (n: JSONContent): JSONContent | null => {
    if (n.type === "image" && n.attrs?.fileId) {
      const f = links.file(Number(n.attrs.fileId));
      const label = String(n.attrs.alt || f?.name || "");
      if (!f?.href) return label ? linkParagraph(label, null) : null;
      if (f.asLink) return linkParagraph(label, f.href);
      return { ...n, attrs: { ...n.attrs, src: f.href, fileId: null } };
    }
    if (n.type === "wikiFile") {
      const f = n.attrs?.fileId ? links.file(Number(n.attrs.fileId)) : null;
      const name = String(n.attrs?.name || f?.name || "");
      return name ? linkParagraph(name, f?.href ?? null) : null;
    }
    const out: JSONContent = { ...n };
    if (n.marks) {
      out.marks = n.marks.map((m) => {
        const id = m.type === "link" ? DOC_LINK.exec(String(m.attrs?.href ?? ""))?.[1] : undefined;
        const href = id ? links.doc(Number(id)) : null;
        return href ? { ...m, attrs: { ...m.attrs, href } } : m;
      });
    }
    if (n.content) out.content = n.content.map(map).filter((c): c is JSONContent => c !== null);
    return out;
  };
  return map(json) ?? { type: "doc", content: [] };
}

/** A zip file an imported document refers to, stored as one of its files. */
export interface ImportedFile {
  fileId: number;
  name: string;
  size: number;
  image: boolean;
}

export interface ImportLinks {
  /** The file of the zip at `href` (relative to the Markdown file), stored for the document; null if none. */
  file(href: string): ImportedFile | null;
  /** The address of the document made from the Markdown file at `href`, or null. */
  doc(href: string): string | null;
}

/** The imported JSON with the zip's files and Markdown files as the new documents' (see the header). */
export function importJson(json: JSONContent, links: ImportLinks): JSONContent {
  const map = (n: JSONContent): JSONContent => {
    if (n.type === "image" && n.attrs?.src && !/^https:\/\//i.test(String(n.attrs.src))) {
      const f = links.file(String(n.attrs.src));
      if (f?.image) return { ...n, attrs: { ...n.attrs, src: null, fileId: f.fileId } };
      return n;
    }
    if (n.type === "paragraph" && n.content?.length === 1 && n.content[0].type === "text") {
      const link = n.content[0].marks?.find((m) => m.type === "link");
      const f = link ? links.file(String(link.attrs?.href ?? "")) : null;
      if (f) return { type: "wikiFile", attrs: { fileId: f.fileId, name: f.name, size: f.size } };
    }
    const out: JSONContent = { ...n };
    if (n.marks) {
      out.marks = n.marks.map((m) => {
        const href = m.type === "link" ? links.doc(String(m.attrs?.href ?? "")) : null;
        return href ? { ...m, attrs: { ...m.attrs, href } } : m;
      });
    }
    if (n.content) out.content = n.content.map(map);
    return out;
  };
  return map(json);
}

/** The plain text of a node (a heading's title). */
export function textOf(n: JSONContent): string {
  return n.text ?? (n.content ?? []).map(textOf).join("");
}

/**
 * The title an imported Markdown file gives: its first block when that is a "# heading" (removed from the
 * body); otherwise null (the caller takes the file's name).
 */
export function takeTitle(json: JSONContent): { title: string | null; body: JSONContent } {
  const blocks = json.content ?? [];
  const first = blocks.findIndex((b) => !(b.type === "paragraph" && !b.content?.length));
  const b = blocks[first];
  if (b?.type === "heading" && b.attrs?.level === 1) {
    const title = textOf(b).trim();
    if (title) return { title, body: { ...json, content: blocks.slice(first + 1) } };
  }
  return { title: null, body: json };
}

/** One cell of a Markdown table: pipes escaped, one line. */
export const tableCell = (s: string) => s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\s*[\r\n]+\s*/g, " ").trim();

/** A property value as a table cell's text. */
export function valueText(p: Property, v: PropertyValue | undefined): string {
  if (!v) return "";
  const option = (id: unknown) => p.config.options?.find((o) => o.id === id)?.name ?? "";
  switch (p.type) {
    case "number":
      return v.numberValue === null ? "" : String(v.numberValue);
    case "checkbox":
      return v.boolValue ? "✓" : "";
    case "select":
      return option(v.textValue);
    case "multi_select":
      return Array.isArray(v.jsonValue) ? v.jsonValue.map(option).filter(Boolean).join(", ") : "";
    case "person":
      return Array.isArray(v.jsonValue) ? v.jsonValue.map((u) => String((u as { accountName?: string }).accountName ?? "")).join(", ") : "";
    default:
      return v.textValue ?? "";
  }
}

/** A database's rows as a Markdown table: its title (a link when `href` gives one) and each property's value. */
export function rowsTable(
  properties: Property[],
  rows: { id: number; title: string; href: string | null; values: PropertyValue[] }[],
  titleLabel = "Title",
): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const out = [line([titleLabel, ...properties.map((p) => tableCell(p.name))]), line(["---", ...properties.map(() => "---")])];
  for (const r of rows) {
    const title = tableCell(r.title);
    const first = r.href ? `[${title.replace(/[[\]]/g, "\\$&")}](${r.href})` : title;
    out.push(line([first, ...properties.map((p) => tableCell(valueText(p, r.values.find((v) => v.propertyId === p.id))))]));
  }
  return out.join("\n");
}
