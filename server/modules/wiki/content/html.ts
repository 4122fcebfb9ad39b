// A document's text between its forms, with the editor's own schema (shared/wiki/editor-schema.ts) and no
// browser: HTML (stored, PATCHed, exported) ⇄ the editor's JSON ⇄ the live editor's Y.Doc, and Markdown.
// Parsing HTML through the schema is also the sanitiser: what the editor cannot hold (scripts, handlers,
// styles, unknown tags and attributes, javascript: links) does not survive.
import { getSchema, type JSONContent } from "@tiptap/core";
import { generateHTML, generateJSON } from "@tiptap/html/server";
import { MarkdownManager } from "@tiptap/markdown";
import { prosemirrorJSONToYDoc, updateYFragment, yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import type * as Y from "yjs";
import { COLLAB_FIELD, wikiExtensions } from "../../../../shared/wiki/editor-schema.ts";

const extensions = wikiExtensions();
export const wikiSchema = getSchema(extensions);
const EMPTY: JSONContent = { type: "doc", content: [{ type: "paragraph" }] };

/** The editor's JSON of some HTML (anything outside the schema dropped). */
export function htmlToJson(html: string): JSONContent {
  if (!html.trim()) return EMPTY;
  return generateJSON(html, extensions) as JSONContent;
}

/** HTML of the editor's JSON; "" for an empty document. */
export function jsonToHtml(json: JSONContent): string {
  const node = wikiSchema.nodeFromJSON(json);
  if (node.childCount === 0 || (node.childCount === 1 && node.firstChild!.isTextblock && node.firstChild!.content.size === 0)) return "";
  return generateHTML(json, extensions);
}

/** The stored form of some HTML: through the schema and back (the sanitiser). */
export const normalizeHtml = (html: string): string => jsonToHtml(htmlToJson(html));

/** The plain text of the editor's JSON: blocks on their own lines (search, highlights, previews). */
export function jsonToPlain(json: JSONContent): string {
  return wikiSchema.nodeFromJSON(json).textBetween(0, wikiSchema.nodeFromJSON(json).content.size, "\n", (n) =>
    n.type.name === "wikiFile" ? String(n.attrs.name ?? "") : n.type.name === "hardBreak" ? "\n" : "").trim();
}

/** A fresh Y.Doc holding the JSON in COLLAB_FIELD (a live room's first state). */
export const jsonToYDoc = (json: JSONContent): Y.Doc => prosemirrorJSONToYDoc(wikiSchema, json, COLLAB_FIELD);

/** The editor's JSON of a Y.Doc's COLLAB_FIELD. */
export const yDocToJson = (doc: Y.Doc): JSONContent => yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(COLLAB_FIELD)) as JSONContent;

/** Makes the Y.Doc's COLLAB_FIELD hold `json`, as a diff (open editors keep their carets where text is kept). */
export function replaceYContent(doc: Y.Doc, json: JSONContent, origin?: unknown): void {
  const node = wikiSchema.nodeFromJSON(json);
  doc.transact(() => {
    // deno-lint-ignore no-explicit-any
    updateYFragment(doc, doc.getXmlFragment(COLLAB_FIELD), node, { mapping: new Map(), isOMark: new Map() } as any);
  }, origin);
}

const markdown = new MarkdownManager({ extensions });

export const jsonToMarkdown = (json: JSONContent): string => markdown.serialize(json);
export const markdownToJson = (md: string): JSONContent => markdown.parse(md) as JSONContent;
