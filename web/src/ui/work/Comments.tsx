// Comments on a piece of work (to-do's item detail, flow's tasks): the list (author, time, text kept as typed,
// line breaks included), a box to add one, and edit or delete on the entries that say so. Enter sends and
// Shift+Enter makes a new line; an Enter that ends a Korean (or any IME) composition never sends. Callbacks
// answer promises: the box keeps its text until the promise resolves (the caller tells why it failed). Texts:
// common:work.comments.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, TextArea, TextField } from "react-aria-components";
import { Button } from "../Button.tsx";
import { composing, isSubmitEnter } from "./ime.ts";
import "./work.css";

export interface CommentView {
  id: number | string;
  authorName: string;
  /** Epoch milliseconds. */
  time: number;
  /** Changed after it was written. */
  edited?: boolean;
  content: string;
  editable: boolean;
  deletable: boolean;
}

export interface CommentsProps {
  comments: CommentView[];
  canAdd: boolean;
  /** The longest comment (characters). */
  contentMax: number;
  onAdd(content: string): Promise<unknown>;
  onEdit(id: CommentView["id"], content: string): Promise<unknown>;
  /** The caller asks for confirmation if it wants one. */
  onDelete(id: CommentView["id"]): Promise<unknown>;
  headingLevel?: 2 | 3;
}

export function Comments({ comments, canAdd, contentMax, onAdd, onEdit, onDelete, headingLevel = 2 }: CommentsProps) {
  const { t, i18n } = useTranslation("common");
  const [editing, setEditing] = useState<CommentView["id"] | null>(null);
  const H = `h${headingLevel}` as const;
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="wk-section wk-comments" aria-label={t("work.comments.label")}>
      <div className="wk-section-head">
        <H className="wk-section-title">{t("work.comments.label")}</H>
        <span className="wk-muted">{t("work.comments.count", { count: comments.length })}</span>
      </div>
      {comments.length === 0 && <p className="wk-muted wk-empty">{t("work.comments.empty")}</p>}
      {comments.length > 0 && (
        <ul className="wk-comment-list">
          {comments.map((c) => (
            <li key={c.id} className="wk-comment">
              <div className="wk-comment-head">
                <span className="wk-comment-meta">
                  <span className="wk-comment-author">{c.authorName}</span>
                  <time className="wk-muted" dateTime={new Date(c.time).toISOString()}>{fmt.format(c.time)}</time>
                  {c.edited && <span className="wk-muted">{t("work.comments.edited")}</span>}
                </span>
                <span className="wk-comment-tools">
                  {c.editable && editing !== c.id && (
                    <Button variant="ghost" className="wk-small" aria-label={t("work.comments.editOf", { name: c.authorName })}
                      onPress={() => setEditing(c.id)}>
                      {t("work.comments.edit")}
                    </Button>
                  )}
                  {c.deletable && editing !== c.id && (
                    <Button variant="ghost" className="wk-small" aria-label={t("work.comments.deleteOf", { name: c.authorName })}
                      onPress={() => void onDelete(c.id).catch(() => undefined)}>
                      {t("work.comments.delete")}
                    </Button>
                  )}
                </span>
              </div>
              {editing === c.id
                ? (
                  <CommentBox label={t("work.comments.editBox")} initial={c.content} max={contentMax} submitLabel={t("work.comments.save")}
                    autoFocus onCancel={() => setEditing(null)}
                    onSubmit={async (content) => {
                      await onEdit(c.id, content);
                      setEditing(null);
                    }} />
                )
                : <p className="wk-comment-text">{c.content}</p>}
            </li>
          ))}
        </ul>
      )}
      {canAdd && <CommentBox label={t("work.comments.newBox")} max={contentMax} submitLabel={t("work.comments.add")} clearOnSubmit onSubmit={onAdd} />}
    </section>
  );
}

/** A comment's text box with its send (or save) button; Escape cancels an edit. */
function CommentBox({ label, initial = "", max, submitLabel, onSubmit, onCancel, clearOnSubmit, autoFocus }: {
  label: string;
  initial?: string;
  max: number;
  submitLabel: string;
  onSubmit(content: string): Promise<unknown>;
  onCancel?: () => void;
  clearOnSubmit?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("common");
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  async function send() {
    const content = text.trim();
    if (!content || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await onSubmit(content);
      if (clearOnSubmit) setText("");
    } catch {
      // kept to try again; the caller told why
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }
  return (
    <div className="wk-comment-box">
      <TextField className="wk-grow" value={text} onChange={setText} maxLength={max} autoFocus={autoFocus}>
        <Label className="visually-hidden">{label}</Label>
        <TextArea className="field-input wk-textarea" rows={2} placeholder={t("work.comments.placeholder")}
          onKeyDown={(e) => {
            if (isSubmitEnter(e)) {
              e.preventDefault();
              void send();
            } else if (e.key === "Escape" && onCancel && !composing(e)) {
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            }
          }} />
      </TextField>
      <div className="wk-comment-actions">
        <span className="wk-muted wk-hint">{t("work.comments.hint")}</span>
        <span className="wk-spacer" />
        {onCancel && <Button variant="secondary" className="wk-small" onPress={onCancel}>{t("work.comments.cancel")}</Button>}
        <Button className="wk-small" isDisabled={!text.trim() || sending} onPress={() => void send()}>{submitLabel}</Button>
      </div>
    </div>
  );
}
