// The composer: a multiline box (Enter sends, Shift+Enter breaks the line, safe with a Korean IME: see
// enter-to-send.ts), @mentions with a member list, files attached by the button or pasted (images), uploaded
// at once and sent with the message by their ids. Typing tells the room at most every TYPING_SEND_MS.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, FileTrigger, TextArea, TextField } from "react-aria-components";
import type { Message, MessengerFile, RoomDetail } from "@shared/messenger/api.ts";
import { FILE_MAX_BYTES, FILES_PER_MESSAGE_MAX, MESSAGE_MAX, TYPING_SEND_MS } from "@shared/messenger/constants.ts";
import { errorText } from "../../../lib/i18n.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { formatBytes } from "../../../lib/bytes.ts";
import type { ApiError } from "../../../lib/api.ts";
import { sendMessage, sendTyping, uploadFile } from "../api.ts";
import { applyMessage, applyToRooms } from "../queries.ts";
import { useEnterToSend } from "./enter-to-send.ts";

interface Attachment {
  key: string;
  name: string;
  size: number;
  loaded: number;
  file?: MessengerFile;
  error?: string;
  abort(): void;
}

const CLIP = "M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5";
const MENTION_RE = /(?:^|\s)@([^\s@]{0,30})$/;

export function Composer({ room, me, parentId, label }: { room: RoomDetail | undefined; me: number; parentId: number | null; label: string }) {
  const { t, i18n } = useTranslation("messenger");
  const qc = useQueryClient();
  const roomId = room?.id ?? 0;
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<Attachment[]>([]);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [mention, setMention] = useState<{ query: string; active: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const listId = useId();
  // The caret goes after the picked name as soon as the new text is in the box, before the next key is handled: set
  // a frame later, it moved back over a character typed in between ("@Lee Seoyeon 의 자료…회" for "회의 자료…").
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !box.current) return;
    caretAfterPick.current = null;
    box.current.focus();
    box.current.setSelectionRange(at, at);
  }, [text]);

  const send = useMutation({
    mutationFn: (body: { text: string; fileIds: number[]; mentions: number[]; clientId: string }) =>
      sendMessage(roomId, { ...body, parentId }),
    onSuccess: (m: Message) => {
      applyMessage(qc, m, true, true);
      applyToRooms(qc, m, me, false);
    },
    onError: (e, body) => {
      setError(errorText((e as ApiError).code, (e as ApiError).params));
      setText((now) => now || body.text); // give the text back to try again
    },
  });

  function submit() {
    const value = box.current?.value ?? text;
    const ready = files.filter((f) => f.file);
    if (files.some((f) => !f.file && !f.error)) return; // uploads still running
    if (!value.trim() && !ready.length) return;
    const mentions = [...picked].filter(([, name]) => value.includes(`@${name}`)).map(([id]) => id);
    setError(null);
    send.mutate({ text: value, fileIds: ready.map((f) => f.file!.id), mentions, clientId: crypto.randomUUID() });
    setText("");
    if (box.current) box.current.value = "";
    setFiles([]);
    setPicked(new Map());
    setMention(null);
  }
  const enter = useEnterToSend(submit);

  const candidates = mention
    ? (room?.members ?? []).filter((u) => u.userId !== me && u.name.toLowerCase().includes(mention.query.toLowerCase())).slice(0, 8)
    : [];

  function onChange(v: string) {
    setText(v);
    const caret = box.current?.selectionStart ?? v.length;
    const m = MENTION_RE.exec(v.slice(0, caret));
    setMention(m && room && room.kind !== "SELF" && room.kind !== "DIRECT" ? { query: m[1], active: 0 } : null);
    const now = Date.now();
    if (v && roomId && now - lastTyping.current > TYPING_SEND_MS) {
      lastTyping.current = now;
      void sendTyping(roomId).catch(() => {});
    }
  }

  function pick(u: { userId: number; name: string }) {
    const caret = box.current?.selectionStart ?? text.length;
    const before = text.slice(0, caret).replace(/@([^\s@]{0,30})$/, `@${u.name} `);
    const next = before + text.slice(caret);
    setText(next);
    setPicked((p) => new Map(p).set(u.userId, u.name));
    setMention(null);
    caretAfterPick.current = before.length;
  }

  function onKeyDown(e: KeyboardEvent) {
    if (mention && candidates.length && !e.nativeEvent.isComposing) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const d = e.key === "ArrowDown" ? 1 : -1;
        setMention({ ...mention, active: (mention.active + d + candidates.length) % candidates.length });
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        pick(candidates[mention.active] ?? candidates[0]);
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        setMention(null);
        return;
      }
    }
    enter.onKeyDown(e);
  }

  function attach(list: File[]) {
    setError(null);
    const room = FILES_PER_MESSAGE_MAX - files.length;
    if (list.length > room) setError(errorText("messenger.files_max", { max: FILES_PER_MESSAGE_MAX }));
    for (const f of list.slice(0, Math.max(0, room))) {
      const key = crypto.randomUUID();
      if (f.size > FILE_MAX_BYTES) {
        setError(errorText("messenger.file_too_large", { max: formatBytes(FILE_MAX_BYTES, i18n.language) }));
        continue;
      }
      const up = uploadFile(roomId, f, (loaded) => setFiles((all) => all.map((a) => (a.key === key ? { ...a, loaded } : a))));
      setFiles((all) => [...all, { key, name: f.name, size: f.size, loaded: 0, abort: up.abort }]);
      up.promise.then(
        (file) => setFiles((all) => all.map((a) => (a.key === key ? { ...a, file, loaded: a.size } : a))),
        (e: unknown) => {
          if ((e as Error).message === "aborted") return;
          setFiles((all) => all.map((a) => (a.key === key ? { ...a, error: errorText((e as ApiError).code, (e as ApiError).params) } : a)));
        },
      );
    }
  }

  function onPaste(e: ClipboardEvent) {
    const pasted = [...e.clipboardData.files];
    if (!pasted.length) return;
    e.preventDefault();
    attach(pasted.map((f, i) => (f.name && f.name !== "image.png" ? f : new File([f], `image-${Date.now()}${i ? `-${i}` : ""}.${f.type.split("/")[1] || "png"}`, { type: f.type }))));
  }

  useEffect(() => () => files.forEach((f) => !f.file && f.abort()), []); // eslint-disable-line

  const uploading = files.some((f) => !f.file && !f.error);
  const canSend = !uploading && (!!text.trim() || files.some((f) => f.file));
  const activeId = mention && candidates.length ? `${listId}-${candidates[mention.active]?.userId}` : undefined;
  return (
    <div className="msg-composer">
      {mention && candidates.length > 0 && (
        <ul id={listId} className="msg-mentions" role="listbox" aria-label={t("composer.mentionList")}>
          {candidates.map((u, i) => (
            <li key={u.userId} id={`${listId}-${u.userId}`} role="option" aria-selected={i === mention.active}
              className={i === mention.active ? "msg-mention-option msg-active" : "msg-mention-option"}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(u);
              }}>
              <strong>{u.name}</strong> <span className="msg-muted">{u.organName ?? u.email}</span>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="msg-attachments" aria-label={t("composer.attachments")}>
          {files.map((f) => (
            <li key={f.key} className="msg-chip">
              <span>{f.name}</span>
              <span className="msg-muted">{f.error ?? (f.file ? formatBytes(f.size, i18n.language) : `${Math.round((f.loaded / Math.max(1, f.size)) * 100)}%`)}</span>
              <Button className="msg-chip-remove" aria-label={t("composer.removeFile", { name: f.name })} onPress={() => {
                f.abort();
                setFiles((all) => all.filter((a) => a.key !== f.key));
              }}>×</Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="msg-compose-row">
        <FileTrigger allowsMultiple onSelect={(list) => list && attach([...list])}>
          <Button className="icon-button msg-attach" aria-label={t("composer.attach")} isDisabled={!roomId}>
            <SvgIcon d={CLIP} size={20} />
          </Button>
        </FileTrigger>
        <TextField className="msg-compose-field" value={text} onChange={onChange} aria-label={label} maxLength={MESSAGE_MAX}>
          <TextArea ref={box} className="field-input msg-compose-input" rows={1} placeholder={label} data-autofocus
            onKeyDown={onKeyDown} onCompositionEnd={enter.onCompositionEnd} onPaste={onPaste}
            aria-autocomplete="list" aria-controls={mention && candidates.length ? listId : undefined} aria-activedescendant={activeId} />
        </TextField>
        <Button className="btn btn-primary msg-send" onPress={submit} isDisabled={!canSend || !roomId}>{t("composer.send")}</Button>
      </div>
    </div>
  );
}
