// CHAT (002 §2): the conversations beside the chat shown. At phone width the list folds behind a button.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { ASSISTANT_EVENTS, assistantUserTopic } from "@shared/assistant/constants.ts";
import { useUserTopic } from "../../../app/use-user-topic.ts";
import { useNarrowScreen } from "../../../ui/narrow.ts";
import { useNav } from "../nav.ts";
import { chatsQuery, messagesQuery } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";
import { ChatList } from "./ChatList.tsx";
import { Conversation } from "./Conversation.tsx";
import { isStreaming } from "./live.ts";

export function ChatPage() {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const { place } = useNav();
  const chats = useQuery(chatsQuery);
  const narrow = useNarrowScreen();
  const [listOpen, setListOpen] = useState(false);
  const chat = place.chatId ? chats.data?.find((c) => c.chatId === place.chatId) : undefined;

  // Another tab's answer ended or its chats changed: read them again (this tab's own streams bring their ends).
  useUserTopic(assistantUserTopic, (event, data) => {
    if (event === ASSISTANT_EVENTS.chatsChanged) void qc.invalidateQueries({ queryKey: chatsQuery.queryKey });
    if (event === ASSISTANT_EVENTS.answerUpdated) {
      const chatId = Number((data as { chatId?: number } | undefined)?.chatId);
      void qc.invalidateQueries({ queryKey: chatsQuery.queryKey });
      if (chatId && !isStreaming(chatId)) void qc.invalidateQueries({ queryKey: messagesQuery(chatId).queryKey });
    }
  });

  const waiting = place.chatId && !chat && chats.isPending;
  const missing = place.chatId && !chat && chats.isSuccess;
  return (
    <div className="asst-chat-page" data-narrow={narrow || undefined}>
      {narrow
        ? (
          <div className="asst-chat-bar">
            <Button className="btn btn-secondary" aria-expanded={listOpen} onPress={() => setListOpen(!listOpen)}>
              <AsstIcon name="chats" size={16} /> {t("chat.list")}
            </Button>
          </div>
        )
        : null}
      {(!narrow || listOpen) && <ChatList current={place.chatId} onPicked={() => setListOpen(false)} />}
      {(!narrow || !listOpen) && (
        waiting
          ? <p className="asst-muted asst-pad">{t("loading")}</p>
          : missing
          ? <p className="asst-muted asst-pad" role="alert">{t("chat.choose")}</p>
          : <Conversation key={place.chatId ?? `new-${place.assistantId ?? 0}`} chat={chat} assistantId={place.assistantId} question={place.ask} />
      )}
    </div>
  );
}
