// The caller's conversations (GET chats/my, newest first): open one, rename it, delete it, or delete them all
// (each after a confirmation); a new conversation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { Chat } from "@shared/assistant/api.ts";
import { CHAT_TITLE_MAX } from "@shared/assistant/constants.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Button as UiButton } from "../../../ui/Button.tsx";
import { deleteAllChats, deleteChat, renameChat } from "../api.ts";
import { chatsQuery, messagesQuery, patchChat } from "../queries.ts";
import { useNav } from "../nav.ts";
import { AsstIcon } from "../icons.tsx";
import { forget } from "./live.ts";

export function ChatList({ current, onPicked }: { current?: number; onPicked?(): void }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const { go } = useNav();
  const chats = useQuery(chatsQuery);
  const [renaming, setRenaming] = useState<Chat | null>(null);

  const remove = async (c: Chat) => {
    if (!(await confirm({ message: t("chat.deleteConfirm", { title: c.title || t("chat.untitled") }), danger: true, confirmLabel: t("delete") }))) return;
    try {
      await deleteChat(c.chatId);
      forget(c.chatId);
      qc.setQueryData<Chat[]>(chatsQuery.queryKey, (l) => l?.filter((x) => x.chatId !== c.chatId));
      qc.removeQueries({ queryKey: messagesQuery(c.chatId).queryKey });
      snackbar("SUCCESS", t("chat.deleted"));
      if (current === c.chatId) go({ page: "CHAT" });
    } catch (e) {
      snackbar("ERROR", `${t("chat.deleteFailed")} ${codeOf(e) === "common.500" ? "" : errorText(codeOf(e))}`.trim());
    }
  };
  const removeAll = async () => {
    if (!(await confirm({ message: t("chat.deleteAllConfirm"), danger: true, confirmLabel: t("chat.deleteAll") }))) return;
    try {
      await deleteAllChats();
      forget();
      qc.setQueryData<Chat[]>(chatsQuery.queryKey, []);
      qc.removeQueries({ queryKey: ["assistant", "messages"] });
      snackbar("SUCCESS", t("chat.deletedAll"));
      go({ page: "CHAT" });
    } catch {
      snackbar("ERROR", t("chat.deleteFailed"));
    }
  };

  return (
    <div className="asst-chatlist">
      <div className="asst-chatlist-head">
        <UiButton variant="secondary" className="asst-newchat" onPress={() => {
          go({ page: "CHAT" });
          onPicked?.();
        }}>
          <AsstIcon name="plus" size={16} /> {t("chat.new")}
        </UiButton>
      </div>
      {chats.isError && <p className="asst-muted asst-pad" role="alert">{t("chat.loadFailed")}</p>}
      {chats.data?.length === 0 && <p className="asst-muted asst-pad">{t("chat.none")}</p>}
      <ul className="asst-chats" aria-label={t("chat.list")}>
        {chats.data?.map((c) => (
          <li key={c.chatId} className="asst-chat-row" data-current={current === c.chatId || undefined}>
            <Button className="asst-chat-open" aria-current={current === c.chatId ? "page" : undefined} onPress={() => {
              go({ page: "CHAT", chatId: c.chatId });
              onPicked?.();
            }}>
              <span className="asst-chat-title">{c.title || t("chat.untitled")}</span>
              {c.runningMessageId && <span className="asst-chat-running">{t("chat.running")}</span>}
            </Button>
            <MenuTrigger>
              <Button className="icon-button asst-chat-more" aria-label={t("chat.actions", { title: c.title || t("chat.untitled") })}>
                <AsstIcon name="more" />
              </Button>
              <Popover className="menu-popover" placement="bottom end">
                <Menu className="menu" onAction={(k) => (k === "rename" ? setRenaming(c) : void remove(c))}>
                  <MenuItem id="rename" className="menu-item">{t("chat.rename")}</MenuItem>
                  <MenuItem id="delete" className="menu-item">{t("delete")}</MenuItem>
                </Menu>
              </Popover>
            </MenuTrigger>
          </li>
        ))}
      </ul>
      {!!chats.data?.length && (
        <div className="asst-chatlist-foot">
          <UiButton variant="ghost" onPress={() => void removeAll()}>
            <AsstIcon name="trash" size={16} /> {t("chat.deleteAll")}
          </UiButton>
        </div>
      )}
      {renaming && <RenameDialog chat={renaming} onClose={() => setRenaming(null)} />}
    </div>
  );
}

function RenameDialog({ chat, onClose }: { chat: Chat; onClose(): void }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const [title, setTitle] = useState(chat.title);
  const save = useMutation({
    mutationFn: () => renameChat(chat.chatId, title.trim()),
    onSuccess: (c) => {
      patchChat(qc, chat.chatId, { title: c.title });
      onClose();
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  return (
    <Dialog title={t("chat.rename")} isOpen onClose={onClose}>
      <form className="asst-form" onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) save.mutate();
      }}>
        <TextField label={t("chat.titleLabel")} value={title} onChange={setTitle} maxLength={CHAT_TITLE_MAX} autoFocus />
        <div className="dialog-actions">
          <UiButton variant="secondary" onPress={onClose}>{t("cancel")}</UiButton>
          <UiButton type="submit" isDisabled={!title.trim() || save.isPending}>{t("save")}</UiButton>
        </div>
      </form>
    </Dialog>
  );
}
