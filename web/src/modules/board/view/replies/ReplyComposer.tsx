// Writing or editing a reply: a text box with an @mention picker (typing @ lists colleagues; ↑/↓ and Enter or
// Tab choose, Esc closes), one attached file (POST file, then its fileId), Ctrl+Enter (⌘+Enter) sends and Enter
// makes a new line. With a Korean IME, a Ctrl+Enter pressed while a syllable is being composed sends once the
// composition ends, with that syllable, and leaves nothing behind in the box.
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileTrigger } from "react-aria-components";
import { REPLY_CONTENT_MAX } from "@shared/board/constants.ts";
import type { BoardFile } from "@shared/board/posts.ts";
import { formatBytes } from "../../../../lib/bytes.ts";
import { Button } from "../../../../ui/Button.tsx";
import * as boardApi from "../../api.ts";
import { uploadFailureText } from "../feedback.ts";
import { type Mentioned, mentionAt, memberSearchQuery, toSent, toShown } from "./mentions.ts";

export interface ComposerValue {
  replyContent: string;
  file: BoardFile | null;
}

export function ReplyComposer({ label, initial, initialFile = null, submitLabel, onSubmit, onCancel, autoFocus }: {
  label: string;
  /** A stored reply's text (edit) or a mention to start with (reply to a reply). */
  initial?: string;
  initialFile?: BoardFile | null;
  submitLabel: string;
  /** Answers true when the reply was taken (the box empties). */
  onSubmit(v: ComposerValue): Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation("board");
  const start = useRef(toShown(initial ?? ""));
  const [text, setText] = useState(start.current.text);
  const chosen = useRef<Mentioned[]>(start.current.chosen);
  const [file, setFile] = useState<BoardFile | null>(initialFile);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState("");
  const [sending, setSending] = useState(false);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [pickerClosed, setPickerClosed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const sendAfterComposition = useRef(false);
  /** A send under way (a second Ctrl+Enter right after the composition's own must not send again). */
  const inFlight = useRef(false);
  const id = useId();

  const at = pickerClosed ? null : mentionAt(text, caret);
  const members = useQuery({ ...memberSearchQuery(at?.word ?? ""), enabled: !!at });
  const choices = at ? members.data?.content ?? [] : [];
  const open = !!at && choices.length > 0;
  /** The list shown is the answer for the word typed (not the last word's, kept while the new one loads). */
  const current = open && !members.isPlaceholderData;

  function choose(i: number) {
    const m = choices[i];
    if (!m || !at || !box.current) return;
    const name = m.accountName;
    const before = text.slice(0, at.start);
    const after = text.slice(caret);
    const next = `${before}@${name} ${after}`;
    chosen.current = [...chosen.current.filter((c) => c.name !== name), { name, id: m.id }];
    setText(next);
    const pos = before.length + name.length + 2;
    setCaret(pos);
    requestAnimationFrame(() => box.current?.setSelectionRange(pos, pos));
  }

  async function send() {
    const value = box.current?.value ?? text;
    const replyContent = toSent(value, chosen.current).trim();
    if (!replyContent || inFlight.current || uploading) return;
    inFlight.current = true;
    setSending(true);
    try {
      if (await onSubmit({ replyContent, file })) {
        setText("");
        setFile(null);
        chosen.current = [];
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  async function attach(list: FileList | null) {
    const f = list?.[0];
    if (!f) return;
    setUploading(true);
    setUploadError("");
    try {
      setFile(await boardApi.uploadFile(f));
    } catch (e) {
      setUploadError(uploadFailureText(e));
    } finally {
      setUploading(false);
    }
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
    const composing = e.nativeEvent.isComposing || e.keyCode === 229;
    if (open && !composing) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setActive((a) => (a + (e.key === "ArrowDown" ? 1 : choices.length - 1)) % choices.length);
        return;
      }
      if ((e.key === "Enter" && !e.ctrlKey && !e.metaKey) || e.key === "Tab") {
        e.preventDefault();
        if (current) choose(Math.min(active, choices.length - 1));
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        setPickerClosed(true);
        return;
      }
    }
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (composing) sendAfterComposition.current = true; // the syllable is still being composed
      else void send();
    }
  }

  const hintId = `${id}-hint`;
  const listId = `${id}-mentions`;
  return (
    <div className="bv-composer">
      <label htmlFor={`${id}-box`} className="visually-hidden">{label}</label>
      <div className="bv-composer-field">
      <textarea
        ref={box}
        id={`${id}-box`}
        className="bv-composer-box"
        value={text}
        rows={3}
        maxLength={REPLY_CONTENT_MAX}
        placeholder={t("view.replyPlaceholder")}
        autoFocus={autoFocus}
        aria-describedby={hintId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${Math.min(active, choices.length - 1)}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
          setPickerClosed(false);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onCompositionEnd={() => {
          if (!sendAfterComposition.current) return;
          sendAfterComposition.current = false;
          // The composed syllable reaches the box's value with this event; send once React has it too.
          setTimeout(() => void send(), 0);
        }}
        onBlur={() => setTimeout(() => setPickerClosed(true), 150)}
        onFocus={() => setPickerClosed(false)}
      />
      {open && (
        <ul id={listId} role="listbox" className="bv-mention-list" aria-label={t("view.mentionList")}>
          {choices.map((m, i) => (
            <li key={m.id} id={`${listId}-${i}`} role="option" aria-selected={i === active} className="bv-mention-option"
              onMouseDown={(e) => {
                e.preventDefault(); // keep the focus in the box
                choose(i);
              }}>
              <span>{m.accountName}</span> <span className="bv-muted">{m.organizationName ?? m.username}</span>
            </li>
          ))}
        </ul>
      )}
      </div>
      <p id={hintId} className="bv-muted bv-hint">{t("view.sendHint")}</p>
      {file && (
        <p className="bv-attached">
          <span>{file.name}</span> <span className="bv-muted">{formatBytes(file.size, i18n.language)}</span>
          <Button variant="ghost" className="bv-small" aria-label={t("view.removeFile", { name: file.name })} onPress={() => setFile(null)}>✕</Button>
        </p>
      )}
      {uploadError && <p className="bv-error" role="alert">{uploadError}</p>}
      <div className="bv-composer-actions">
        {!file && (
          <FileTrigger onSelect={(l) => void attach(l)}>
            <Button variant="ghost" className="bv-small" isDisabled={uploading}>{uploading ? t("view.uploading") : t("view.attach")}</Button>
          </FileTrigger>
        )}
        <span className="bv-spacer" />
        {onCancel && <Button variant="secondary" className="bv-small" onPress={onCancel}>{t("view.cancel")}</Button>}
        <Button className="bv-small" isDisabled={!text.trim() || sending || uploading} onPress={() => void send()}>{submitLabel}</Button>
      </div>
    </div>
  );
}
