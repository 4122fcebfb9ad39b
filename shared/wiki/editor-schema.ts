// The wiki editor's document schema, the same on the server and in the browser: the server turns HTML into
// the editor's document and back with it (server/modules/wiki/content/), so what a PATCH, an import, a rollback
// or the live editor stores is exactly what the editor can show, and anything else (scripts, event handlers,
// unknown tags and attributes) is dropped on the way in.
//
// Nodes: paragraphs, headings 1–4, bullet, numbered and task lists, quotes, code (inline and blocks), rules,
// tables, hard breaks; marks bold, italic, underline, strike, code, link. Links to other documents are plain
// links to #/wiki/docs/{id}. Images are files of the document: <img data-file-id="N" src=…>; an image that is
// not one of ours is kept only with an https source. A file attachment is a block <div data-wiki-file="N"
// data-name="…" data-size="…"> shown as a link to the file.
import { type Extensions, mergeAttributes, Node } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { fileUrl } from "./constants.ts";

export interface WikiSchemaOptions {
  /** Where an attached file's bytes are for this reader (the browser adds its token); default fileUrl. */
  fileSrc?: (fileId: number) => string;
  /** The browser's live editor: Collaboration brings its own undo, so StarterKit's is left out. */
  collab?: boolean;
}

const fileIdAttr = (attr: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => {
    const v = el.getAttribute(attr);
    return v && /^\d{1,15}$/.test(v) ? Number(v) : null;
  },
  renderHTML: () => ({}),
});

function wikiImage(src: (fileId: number) => string) {
  return Image.extend({
    addAttributes() {
      return {
        src: {
          default: null,
          parseHTML: (el: HTMLElement) => {
            const s = el.getAttribute("src") ?? "";
            return /^https:\/\//i.test(s) ? s : null;
          },
        },
        alt: { default: null },
        title: { default: null },
        fileId: fileIdAttr("data-file-id"),
      };
    },
    parseHTML() {
      return [{ tag: "img[data-file-id]" }, { tag: 'img[src^="https://"]' }];
    },
    renderHTML({ HTMLAttributes, node }) {
      const fileId = node.attrs.fileId as number | null;
      const attrs = fileId ? { ...HTMLAttributes, src: src(fileId), "data-file-id": String(fileId) } : HTMLAttributes;
      return ["img", mergeAttributes(attrs)];
    },
  }).configure({ inline: false, allowBase64: false });
}

function wikiFile(src: (fileId: number) => string) {
  return Node.create({
    name: "wikiFile",
    group: "block",
    atom: true,
    draggable: true,
    addAttributes() {
      return {
        fileId: fileIdAttr("data-wiki-file"),
        name: { default: "", parseHTML: (el: HTMLElement) => el.getAttribute("data-name") ?? "", renderHTML: () => ({}) },
        size: {
          default: 0,
          parseHTML: (el: HTMLElement) => Number(el.getAttribute("data-size")) || 0,
          renderHTML: () => ({}),
        },
      };
    },
    parseHTML() {
      return [{ tag: "div[data-wiki-file]" }];
    },
    renderHTML({ node }) {
      const { fileId, name, size } = node.attrs as { fileId: number | null; name: string; size: number };
      return [
        "div",
        { "data-wiki-file": String(fileId ?? ""), "data-name": name, "data-size": String(size), class: "wiki-file" },
        ["a", { href: fileId ? src(fileId) : "#", download: name, rel: "noopener" }, name],
      ];
    },
  });
}

/** The extensions that make the wiki's schema (the browser adds Collaboration, the caret and its UI ones). */
export function wikiExtensions(opts: WikiSchemaOptions = {}): Extensions {
  const src = opts.fileSrc ?? fileUrl;
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      ...(opts.collab ? { undoRedo: false } : {}),
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    wikiImage(src),
    wikiFile(src),
  ];
}

/** The Y.XmlFragment the live editor and the server share inside a document's Y.Doc. */
export const COLLAB_FIELD = "default";
