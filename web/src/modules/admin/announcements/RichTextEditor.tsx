// A small rich-text editor for announcements: a contentEditable region (role textbox, multi-line, labelled)
// with a toolbar for bold, italic, bulleted and numbered lists, and links. The server sanitises what it gets;
// this only produces the HTML. Keyboard: Tab reaches the toolbar, arrows move within it; Ctrl+B / Ctrl+I work.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Toolbar } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { AdminIcon, type AdminIconName } from "../icons.tsx";

type Command = "bold" | "italic" | "insertUnorderedList" | "insertOrderedList";
const TOGGLES: { cmd: Command; icon: AdminIconName; label: string }[] = [
  { cmd: "bold", icon: "bold", label: "editor.bold" },
  { cmd: "italic", icon: "italic", label: "editor.italic" },
  { cmd: "insertUnorderedList", icon: "listBullet", label: "editor.bulletList" },
  { cmd: "insertOrderedList", icon: "listNumber", label: "editor.numberList" },
];

export function RichTextEditor({ label, initialHtml, onChange, errorMessage, description }: {
  label: string;
  /** Read once, when the editor mounts. */
  initialHtml: string;
  onChange(html: string): void;
  errorMessage?: string;
  description?: string;
}) {
  const { t } = useTranslation("announcements");
  const ids = { label: useId(), desc: useId(), error: useId() };
  const editor = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linking, setLinking] = useState<string | null>(null);
  const [linkTried, setLinkTried] = useState(false);

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initialHtml;
    // Remember the selection inside the editor, so toolbar buttons act on it after taking focus.
    const onSelection = () => {
      const sel = document.getSelection();
      if (!sel || sel.rangeCount === 0 || !editor.current?.contains(sel.anchorNode)) return;
      saved.current = sel.getRangeAt(0).cloneRange();
      setActive(Object.fromEntries(TOGGLES.map(({ cmd }) => [cmd, document.queryCommandState(cmd)])));
    };
    document.addEventListener("selectionchange", onSelection);
    return () => document.removeEventListener("selectionchange", onSelection);
  }, []);

  function restore() {
    const el = editor.current;
    if (!el) return;
    el.focus();
    const sel = document.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
  }

  function run(cmd: string, value?: string) {
    restore();
    document.execCommand(cmd, false, value);
    onChange(editor.current?.innerHTML ?? "");
  }

  const linkValid = linking !== null && /^https?:\/\/\S+$/i.test(linking.trim());
  function applyLink() {
    setLinkTried(true);
    if (!linkValid) return;
    const url = linking!.trim();
    setLinking(null);
    restore();
    if (document.getSelection()?.isCollapsed) {
      // Nothing selected: the address itself becomes the link text.
      const esc = url.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
      document.execCommand("insertHTML", false, `<a href="${esc}">${esc}</a>`);
    } else {
      document.execCommand("createLink", false, url);
    }
    document.getSelection()?.collapseToEnd();
    onChange(editor.current?.innerHTML ?? "");
  }

  const describedBy = [description ? ids.desc : "", errorMessage ? ids.error : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field adm-rte" data-invalid={errorMessage ? true : undefined}>
      <span className="field-label" id={ids.label}>{label}</span>
      <div className="adm-rte-box">
        <Toolbar aria-label={t("editor.toolbar")} className="adm-rte-toolbar">
          {TOGGLES.map(({ cmd, icon, label: key }) => (
            <AriaButton key={cmd} className="icon-button adm-rte-btn" aria-label={t(key)} aria-pressed={!!active[cmd]}
              onPress={() => run(cmd)}>
              <AdminIcon name={icon} size={18} />
            </AriaButton>
          ))}
          <span className="adm-rte-sep" aria-hidden="true" />
          <AriaButton className="icon-button adm-rte-btn" aria-label={t("editor.link")} aria-expanded={linking !== null}
            onPress={() => (setLinkTried(false), setLinking(linking === null ? "https://" : null))}>
            <AdminIcon name="link" size={18} />
          </AriaButton>
          <AriaButton className="icon-button adm-rte-btn" aria-label={t("editor.unlink")} onPress={() => run("unlink")}>
            <AdminIcon name="unlink" size={18} />
          </AriaButton>
        </Toolbar>
        {linking !== null && (
          <div className="adm-rte-link" onKeyDown={(e) => {
            if (e.key === "Enter") (e.preventDefault(), applyLink());
            if (e.key === "Escape") (e.stopPropagation(), setLinking(null), restore());
          }}>
            <TextField label={t("editor.linkUrl")} value={linking} onChange={setLinking} type="url" autoFocus
              errorMessage={linkTried && !linkValid ? t("editor.linkInvalid") : undefined} />
            <Button variant="secondary" onPress={() => (setLinking(null), restore())}>{t("editor.linkCancel")}</Button>
            <Button onPress={applyLink}>{t("editor.linkApply")}</Button>
          </div>
        )}
        <div ref={editor} className="adm-rte-area ann-contents" contentEditable suppressContentEditableWarning role="textbox"
          aria-multiline="true" aria-labelledby={ids.label} aria-describedby={describedBy} aria-invalid={errorMessage ? true : undefined}
          tabIndex={0} onInput={() => onChange(editor.current?.innerHTML ?? "")} />
      </div>
      {description && <span className="field-description" id={ids.desc}>{description}</span>}
      {errorMessage && <span className="field-error" id={ids.error}>{errorMessage}</span>}
    </div>
  );
}
