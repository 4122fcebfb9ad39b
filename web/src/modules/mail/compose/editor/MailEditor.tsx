// The compose body editor: the shared rich-text editor (web/src/ui/editor) with mail's texts, the user's
// initFontSize (14 pt) as the default size, and the inserted signature as a node of its own (signatureNode.ts);
// `toolbarExtra` adds tools of the caller (the signature picker) at the toolbar's end. `initialHtml` is read
// when the editor mounts: change the component's key to load other content.
import type { Editor } from "@tiptap/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RichEditor } from "../../../../ui/editor/RichEditor.tsx";
import type { EditorTexts } from "../../../../ui/editor/texts.ts";
import { MailSignature } from "./signatureNode.ts";
import "./editor.css";

const extensions = [MailSignature];

export function MailEditor({ label, initialHtml, fontSizePt, onChange, toolbarExtra }: {
  label: string;
  initialHtml: string;
  fontSizePt: number;
  onChange(html: string): void;
  toolbarExtra?(editor: Editor): ReactNode;
}) {
  const { t } = useTranslation("mail");
  const texts: EditorTexts = (key, vars) => (key === "cancel" ? t("compose.cancel") : t(`compose.editor.${key}`, vars));
  return (
    <RichEditor label={label} initialHtml={initialHtml} fontSizePt={fontSizePt} onChange={onChange} texts={texts}
      extensions={extensions} toolbarExtra={toolbarExtra} />
  );
}
