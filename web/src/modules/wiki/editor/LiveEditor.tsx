// The live editor (shared/wiki/collab.ts): tiptap with the wiki's schema (shared/wiki/editor-schema.ts) bound to
// the document's Y.Doc (Collaboration, field COLLAB_FIELD) over the collab socket, each person's caret and name
// (CollaborationCaret) and who is here (Presence). The server seeds the Y.Doc from the stored text and saves it:
// this page never sends the text itself. Until the first sync the stored text shows read-only in its place.
// Editable only when the document is (PUBLISHED and WRITE) and the server has not refused this reader's
// changes; otherwise read-only and still live. While a syllable is composing, the other people's changes wait
// until it is committed (ime-gate.ts). Pasted or dropped images (and dropped files) are uploaded as the
// document's files and placed where they landed. A link to #/wiki/docs/{id} opens that document in the app.
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Collaboration } from "@tiptap/extension-collaboration";
import { CollaborationCaret } from "@tiptap/extension-collaboration-caret";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CollabUser } from "@shared/wiki/collab.ts";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { COLLAB_FIELD, wikiExtensions } from "@shared/wiki/editor-schema.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import { wikiKeys } from "../queries.ts";
import { type CollabSession, useCollab } from "./collab.ts";
import { caretColor } from "./colors.ts";
import { fileSrcOf } from "./file-src.ts";
import { type ImeGate, imeGate } from "./ime-gate.ts";
import { Presence } from "./Presence.tsx";
import { StaticDoc } from "./StaticDoc.tsx";
import { isImage, placeFiles } from "./uploads.ts";
import { WikiToolbar } from "./WikiToolbar.tsx";
import "../../../ui/editor/editor.css";
import "./editor.css";
import { docLinkTo } from "../doc/link-to.ts";

export function LiveEditor({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const { session, status, synced, refused } = useCollab(doc.id, () => qc.invalidateQueries({ queryKey: wikiKeys.doc(doc.id) }));
  const user: CollabUser | null = me ? { id: me.id, name: me.displayName || me.accountName, color: caretColor(me.id) } : null;

  return (
    <section className="we-editor" aria-label={t("editor.label")}>
      <div className="we-status">
        {session && user && <Presence provider={session.provider} meId={user.id} />}
        <span className="wd-muted" role="status">
          {status === "connecting" && !synced ? t("editor.connecting") : status === "disconnected" ? t("editor.offline") : ""}
        </span>
      </div>
      {session && user && synced
        ? <Bound doc={doc} session={session} user={user} editable={doc.editable && !refused} />
        : <StaticDoc html={doc.text} fileToken={doc.fileToken} label={t("editor.label")} />}
    </section>
  );
}

function Bound({ doc, session, user, editable }: { doc: WikiDocument; session: CollabSession; user: CollabUser; editable: boolean }) {
  const { t } = useTranslation("wiki");
  const navigate = useNavigate();
  const token = useRef(doc.fileToken);
  token.current = doc.fileToken;
  const [uploading, setUploading] = useState<string | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const gateRef = useRef<ImeGate | null>(null);

  const files = (list: File[], asFiles: boolean, at?: number) => {
    const ed = editorRef.current;
    if (ed && list.length) void placeFiles(ed, doc.id, list, { asFiles, at, busy: setUploading });
  };

  const editor = useEditor({
    extensions: [
      ...wikiExtensions({ collab: true, fileSrc: fileSrcOf(() => token.current) }),
      Collaboration.configure({ document: session.ydoc, field: COLLAB_FIELD }),
      CollaborationCaret.configure({ provider: session.provider, user }),
    ],
    editable,
    editorProps: {
      handleDOMEvents: {
        compositionend: () => {
          gateRef.current?.compositionEnded();
          return false;
        },
      },
      attributes: {
        class: "we-content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": t("editor.label"),
      },
      handleClick: (_view, _pos, event) => {
        const a = (event.target as HTMLElement | null)?.closest?.("a[href]");
        const href = a?.getAttribute("href") ?? "";
        const m = /^#\/wiki\/docs\/(\d{1,15})$/.exec(href);
        if (m) {
          event.preventDefault();
          void navigate(docLinkTo(m[1]));
          return true;
        }
        return false;
      },
      handlePaste: (_view, event) => {
        const list = [...(event.clipboardData?.files ?? [])].filter(isImage);
        if (!list.length || !editorRef.current?.isEditable) return false;
        files(list, false);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const list = moved ? [] : [...(event.dataTransfer?.files ?? [])];
        if (!list.length || !editorRef.current?.isEditable) return false;
        event.preventDefault();
        files(list, false, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
  }, [session]);
  editorRef.current = editor;

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  // Remote changes wait while a syllable is composing (ime-gate.ts).
  useEffect(() => {
    if (!editor) return;
    const gate = imeGate(session.provider, () => !editor.isDestroyed && editor.view.composing);
    gateRef.current = gate;
    const release = () => queueMicrotask(() => gate.release());
    editor.on("transaction", release);
    return () => {
      editor.off("transaction", release);
      gate.dispose();
      gateRef.current = null;
    };
  }, [editor, session]);

  return (
    <>
      {editable && editor && <WikiToolbar editor={editor} docId={doc.id} onFiles={(list, asFiles) => files(list, asFiles)} />}
      <p className="we-uploading wd-muted" aria-live="polite">{uploading ? t("editor.uploading", { name: uploading }) : ""}</p>
      <EditorContent editor={editor} />
    </>
  );
}
