// One message: sender (unless grouped with the one before), text with links and mentions, files, link
// preview, reactions, the thread's reply count, and on the side the members who have not read it yet (the
// "1"), the time and "edited". Its menu reacts, replies in a thread, pins, edits and deletes (own messages; the
// room's owner deletes any).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Header, TextArea, TextField } from "react-aria-components";
import type { Message, RoomDetail } from "@shared/messenger/api.ts";
import { MESSAGE_MAX } from "@shared/messenger/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button as UiButton } from "../../../ui/Button.tsx";
import { useEnterToSend } from "./enter-to-send.ts";
import { errorText } from "../../../lib/i18n.ts";
import type { ApiError } from "../../../lib/api.ts";
import { deleteMessage, editMessage, pinMessage, toggleReaction, unpinMessage } from "../api.ts";
import { applyMessage } from "../queries.ts";
import { clockTime, systemLine } from "../format.ts";
import { Avatar } from "./Avatar.tsx";
import { Files } from "./Files.tsx";
import { MessageText } from "./MessageText.tsx";

export const EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "🙏", "✅"];

export function MessageItem({ m, me, room, grouped, unread, onThread, highlight, inThread }: {
  m: Message;
  me: number;
  room: RoomDetail | undefined;
  /** The same sender as the message before, shortly before: no name and picture again. */
  grouped: boolean;
  unread: number;
  onThread?(m: Message): void;
  highlight?: boolean;
  inThread?: boolean;
}) {
  const { t, i18n } = useTranslation("messenger");
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onError = (e: Error) => setError(errorText((e as ApiError).code, (e as ApiError).params));
  const react = useMutation({ mutationFn: (emoji: string) => toggleReaction(m.roomId, m.id, emoji), onSuccess: (x) => applyMessage(qc, x, false), onError });
  const pin = useMutation({
    mutationFn: () => (m.pinned ? unpinMessage(m.roomId, m.id) : pinMessage(m.roomId, m.id)),
    onSuccess: () => {
      applyMessage(qc, { ...m, pinned: !m.pinned }, false);
      void qc.invalidateQueries({ queryKey: ["messenger", "room", m.roomId] });
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteMessage(m.roomId, m.id),
    onSuccess: () => applyMessage(qc, { ...m, text: "", files: [], preview: null, deletedAt: Date.now() }, false),
    onError,
  });

  if (m.kind === "SYSTEM") {
    return <li className="msg-system" data-message-id={m.id}><span>{systemLine(m.text, t)}</span></li>;
  }
  const mine = m.sender?.userId === me;
  const owner = room?.me?.role === "OWNER";
  const deleted = !!m.deletedAt;
  const names = (room?.members ?? []).filter((u) => m.mentions.includes(u.userId)).map((u) => u.name);
  const time = clockTime(m.createdAt, i18n.language);

  return (
    <li className={`msg-row${mine ? " msg-mine" : ""}${grouped ? " msg-grouped" : ""}${highlight ? " msg-highlight" : ""}`}
      data-message-id={m.id} aria-label={`${m.sender?.name ?? ""} ${time}`}>
      {!mine && !grouped && <Avatar name={m.sender?.name ?? "?"} small />}
      <div className="msg-col">
        {!mine && !grouped && <div className="msg-sender">{m.sender?.name}</div>}
        <div className="msg-line">
          <div className="msg-bubble">
            {deleted
              ? <span className="msg-deleted">{t("message.deleted")}</span>
              : editing
              ? <EditBox m={m} onDone={() => setEditing(false)} />
              : (
                <>
                  {m.text && <MessageText text={m.text} mentionNames={names} />}
                  {m.files.length > 0 && <Files files={m.files} />}
                  {m.preview?.status === "OK" && (
                    <a className="msg-link-card" href={m.preview.url} target="_blank" rel="noopener noreferrer">
                      {m.preview.imageUrl && <img src={m.preview.imageUrl} alt="" />}
                      <span className="msg-muted">{m.preview.siteName}</span>
                      <strong>{m.preview.title}</strong>
                      {m.preview.description && <span className="msg-link-desc">{m.preview.description}</span>}
                    </a>
                  )}
                </>
              )}
          </div>
          <div className="msg-meta">
            {unread > 0 && <span className="msg-unread" aria-label={t("message.unreadBy", { count: unread })} data-testid="message-unread">{unread}</span>}
            {m.editedAt && !deleted && <span className="msg-muted">{t("message.edited")}</span>}
            <time className="msg-muted" dateTime={new Date(m.createdAt).toISOString()}>{time}</time>
          </div>
          {!deleted && !editing && (
            <MenuTrigger>
              <Button className="msg-more" aria-label={t("message.actions", { name: m.sender?.name ?? "" })}>⋯</Button>
              <Popover className="menu-popover" placement="bottom end">
                <Menu className="menu" onAction={(k) => {
                  const key = String(k);
                  if (key.startsWith("emoji:")) react.mutate(key.slice(6));
                  else if (key === "thread") onThread?.(m);
                  else if (key === "pin") pin.mutate();
                  else if (key === "edit") setEditing(true);
                  else if (key === "delete") setConfirmDelete(true);
                }}>
                  <MenuSection className="msg-emoji-menu">
                    <Header className="visually-hidden">{t("message.react")}</Header>
                    {EMOJIS.map((e) => <MenuItem key={e} id={`emoji:${e}`} className="menu-item msg-emoji-item" textValue={t("message.reactWith", { emoji: e })} aria-label={t("message.reactWith", { emoji: e })}>{e}</MenuItem>)}
                  </MenuSection>
                  <MenuSection>
                    {!inThread && onThread && <MenuItem id="thread" className="menu-item">{t("message.reply")}</MenuItem>}
                    {!inThread && <MenuItem id="pin" className="menu-item">{m.pinned ? t("message.unpin") : t("message.pin")}</MenuItem>}
                    {mine && m.kind === "TEXT" && <MenuItem id="edit" className="menu-item">{t("message.edit")}</MenuItem>}
                    {(mine || owner) && <MenuItem id="delete" className="menu-item">{t("message.delete")}</MenuItem>}
                  </MenuSection>
                </Menu>
              </Popover>
            </MenuTrigger>
          )}
        </div>
        {m.reactions.length > 0 && !deleted && (
          <div className="msg-reactions">
            {m.reactions.map((r) => {
              // A realtime frame's payload is shared by every subscriber, so its `mine` is not the caller's: userIds is.
              const reacted = r.userIds.includes(me);
              return (
                <Button key={r.emoji} className={reacted ? "msg-reaction msg-reaction-mine" : "msg-reaction"} aria-pressed={reacted}
                  aria-label={t("message.reactionCount", { emoji: r.emoji, count: r.count })} onPress={() => react.mutate(r.emoji)}>
                  {r.emoji} {r.count}
                </Button>
              );
            })}
          </div>
        )}
        {!inThread && m.replyCount > 0 && onThread && (
          <Button className="msg-thread-link" onPress={() => onThread(m)}>{t("message.replies", { count: m.replyCount })}</Button>
        )}
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
      {confirmDelete && (
        <Dialog title={t("message.deleteTitle")} isOpen onClose={() => setConfirmDelete(false)}>
          <p>{t("message.deleteConfirm")}</p>
          <div className="dialog-actions">
            <UiButton variant="secondary" onPress={() => setConfirmDelete(false)}>{t("cancel")}</UiButton>
            <UiButton variant="danger" onPress={() => {
              setConfirmDelete(false);
              remove.mutate();
            }}>{t("message.delete")}</UiButton>
          </div>
        </Dialog>
      )}
    </li>
  );
}

/** Editing a message in place: Enter saves (never during an IME composition), Escape cancels. */
function EditBox({ m, onDone }: { m: Message; onDone(): void }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const [text, setText] = useState(m.text);
  const box = useRef<HTMLTextAreaElement>(null);
  const save = useMutation({
    mutationFn: (value: string) => editMessage(m.roomId, m.id, value, m.mentions),
    onSuccess: (x) => {
      applyMessage(qc, x, false);
      onDone();
    },
  });
  const enter = useEnterToSend(() => {
    const value = box.current?.value ?? text;
    if (save.isPending) return;
    if (value.trim() && value !== m.text) save.mutate(value);
    else onDone();
  });
  return (
    <div className="msg-edit">
      <TextField value={text} onChange={setText} aria-label={t("message.editLabel")} maxLength={MESSAGE_MAX} autoFocus>
        <TextArea ref={box} className="field-input msg-edit-input" rows={2} onCompositionEnd={enter.onCompositionEnd}
          onKeyDown={(e) => {
            enter.onKeyDown(e);
            if (e.key === "Escape" && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.stopPropagation();
              onDone();
            }
          }} />
      </TextField>
      {save.error && <p className="field-error" role="alert">{errorText((save.error as ApiError).code)}</p>}
      <div className="msg-edit-actions">
        <UiButton variant="secondary" onPress={onDone}>{t("cancel")}</UiButton>
        <UiButton onPress={() => save.mutate(text)} isDisabled={!text.trim() || save.isPending}>{t("message.save")}</UiButton>
      </div>
    </div>
  );
}
