// A document's HTML shown read-only through the wiki's schema (shared/wiki/editor-schema.ts), without the live
// connection: a version's text, a document in trash, and the live editor's place until it has synced. Images
// and files carry the reader's file token.
import { EditorContent, useEditor } from "@tiptap/react";
import { wikiExtensions } from "@shared/wiki/editor-schema.ts";
import { fileSrcOf } from "./file-src.ts";
import "./editor.css";

export function StaticDoc({ html, fileToken, label }: { html: string; fileToken: string; label: string }) {
  const editor = useEditor({
    extensions: wikiExtensions({ fileSrc: fileSrcOf(() => fileToken) }),
    content: html,
    editable: false,
    editorProps: { attributes: { class: "we-content", "aria-label": label, role: "document" } },
  }, [html, fileToken]);
  return <EditorContent editor={editor} />;
}
