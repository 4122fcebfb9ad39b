// The rich-text editor (TipTap v3) the modules share: StarterKit (paragraphs, lists, quote, bold, italic,
// underline, strike, link, undo/redo), text style with font size and colour, and alignment, with its toolbar
// above a labelled multi-line textbox. Modules add their own nodes through `extensions` (mail's signature;
// boards' images, tables, mentions: image.ts, mention.tsx, TableKit) and their own tools through
// `toolbarExtra`. With `images`, the toolbar offers an image button and pasted or dropped image files are
// uploaded by the caller and placed where they were pasted or dropped (a dropped image does not also reach an
// outer drop zone). `initialHtml` is read when the editor mounts: change the component's key to load other
// content. web/src/ui imports no module: every text comes through `texts`.
import { type Editor, EditorContent, type Extensions, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Color, FontSize, TextStyle } from "@tiptap/extension-text-style";
import TextAlign from "@tiptap/extension-text-align";
import { type ReactNode, useId, useRef } from "react";
import { EditorToolbar } from "./EditorToolbar.tsx";
import { imageFilesOf, type UploadedImage } from "./image.ts";
import type { EditorTexts } from "./texts.ts";
import "./editor.css";

export interface EditorImages {
  /** MIME types taken. */
  types: readonly string[];
  /** Uploads one image; null when it failed (the caller has told the user why). */
  upload(file: File): Promise<UploadedImage | null>;
}

export interface RichEditorProps {
  label: string;
  initialHtml: string;
  onChange(html: string): void;
  texts: EditorTexts;
  /** The text's size where none is set (the size menu's default). */
  fontSizePt?: number;
  extensions?: Extensions;
  images?: EditorImages;
  toolbarExtra?(editor: Editor): ReactNode;
  className?: string;
}

export function RichEditor({ label, initialHtml, onChange, texts, fontSizePt = 11, extensions = [], images, toolbarExtra, className }: RichEditorProps) {
  const labelId = useId();
  const imagesRef = useRef(images);
  imagesRef.current = images;
  const editorRef = useRef<Editor | null>(null);

  /** Uploads the images one after another, each placed at `at` (or the caret) once it is up. */
  async function place(files: File[], at?: number) {
    const img = imagesRef.current;
    for (const file of files) {
      const up = img && (await img.upload(file));
      const ed = editorRef.current;
      if (!up || !ed || ed.isDestroyed) continue;
      const node = { type: "image", attrs: { src: up.src, fileId: up.fileId ?? null, alt: up.alt ?? file.name } };
      const pos = at === undefined ? ed.state.selection.to : Math.min(at, ed.state.doc.content.size);
      ed.chain().focus().insertContentAt(pos, node).run();
      at = undefined; // the next one follows the caret, after this image
    }
  }

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
      ...extensions,
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: `rte-area${className ? ` ${className}` : ""}`,
        style: `font-size: ${fontSizePt}pt`,
      },
      handlePaste: (_view, event) => {
        const img = imagesRef.current;
        const files = img ? imageFilesOf(event.clipboardData?.files, img.types) : [];
        if (!files.length) return false;
        void place(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const img = imagesRef.current;
        const files = !moved && img ? imageFilesOf(event.dataTransfer?.files, img.types) : [];
        if (!files.length) return false;
        event.preventDefault();
        event.stopPropagation();
        void place(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });
  editorRef.current = editor;

  return (
    <div className="rte">
      <span id={labelId} className="visually-hidden">{label}</span>
      {editor && (
        <EditorToolbar editor={editor} texts={texts} defaultSizePt={fontSizePt} extra={toolbarExtra?.(editor)}
          onImageFiles={images ? (files) => void place(imageFilesOf(files, images.types)) : undefined} imageTypes={images?.types} />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
