// The compose body editor (TipTap v3): StarterKit (paragraphs, lists, quote, bold, italic, underline, strike,
// link, undo/redo), text style with font size and colour, and alignment. Pasted HTML is parsed into these.
// The editable area is a labelled multi-line textbox; its default size is the user's initFontSize (14 pt).
// `initialHtml` is read when the editor mounts: change the component's key to load other content. An inserted
// signature stays a node of its own (signatureNode.ts); `toolbarExtra` adds tools of the caller (the
// signature picker) at the toolbar's end.
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Color, FontSize, TextStyle } from "@tiptap/extension-text-style";
import TextAlign from "@tiptap/extension-text-align";
import { type ReactNode, useId } from "react";
import { MailSignature } from "./signatureNode.ts";
import { EditorToolbar } from "./EditorToolbar.tsx";
import "./editor.css";

export function MailEditor({ label, initialHtml, fontSizePt, onChange, toolbarExtra }: {
  label: string;
  initialHtml: string;
  fontSizePt: number;
  onChange(html: string): void;
  toolbarExtra?(editor: Editor): ReactNode;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      TextStyle,
      FontSize,
      Color,
      TextAlign.configure({ types: ["paragraph"] }),
      MailSignature,
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "cmp-editor-area",
        style: `font-size: ${fontSizePt}pt`,
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });

  return (
    <div className="cmp-editor">
      <span id={labelId} className="visually-hidden">{label}</span>
      {editor && <EditorToolbar editor={editor} defaultSizePt={fontSizePt} extra={toolbarExtra?.(editor)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
