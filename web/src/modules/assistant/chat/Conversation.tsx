// One chat: its messages (oldest first), the answer streaming into the last one, the composer. A new chat (no
// chatId yet) is created with the first question. A RUNNING answer found in the stored messages (the chat
// opened again, the page reloaded) is re-attached to.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chat } from "@shared/assistant/api.ts";
import { PERSONA_NONE } from "@shared/assistant/constants.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { createChat } from "../api.ts";
import { useNav } from "../nav.ts";
import { chatsQuery, listQuery, messagesQuery, personaQuery, statusQuery } from "../queries.ts";
import { ask, attach, stop, useLive } from "./live.ts";
import { MessageItem, type Shown } from "./MessageItem.tsx";
import { Composer } from "./Composer.tsx";

export function Conversation({ chat, assistantId, question }: { chat?: Chat; assistantId?: number; question?: string }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const { go } = useNav();
  const chatId = chat?.chatId;
  const messages = useQuery({ ...messagesQuery(chatId ?? 0), enabled: !!chatId });
  const live = useLive(chatId);
  const status = useQuery(statusQuery).data;
  const agentId = chat ? chat.assistantId : assistantId ?? null;
  const agent = useQuery(listQuery).data?.find((a) => a.id === agentId);
  const persona = useQuery(personaQuery).data ?? [];
  const [personaFlag, setPersonaFlag] = useState(PERSONA_NONE);
  const running = live?.status === "RUNNING";

  // Re-attach to an answer still being written on the server.
  const runningOne = messages.data?.find((m) => m.status === "RUNNING");
  useEffect(() => {
    if (runningOne && !live) attach(qc, runningOne);
  }, [runningOne, live, qc]);

  const send = async (text: string): Promise<boolean> => {
    try {
      let id = chatId;
      let flag = chat?.personaFlag ?? personaFlag;
      if (!id) {
        const created = await createChat(agentId, personaFlag);
        qc.setQueryData<Chat[]>(chatsQuery.queryKey, (list) => [created, ...(list ?? []).filter((c) => c.chatId !== created.chatId)]);
        qc.setQueryData(messagesQuery(created.chatId).queryKey, []);
        id = created.chatId;
        flag = created.personaFlag;
        go({ page: "CHAT", chatId: id });
      }
      ask(qc, id, { assistantId: agentId, message: text, personaFlag: flag });
      return true;
    } catch (e) {
      snackbar("ERROR", errorText(codeOf(e)));
      return false;
    }
  };

  // A starter chosen on HOME or AGENT: asked once, as the new chat's first question.
  const asked = useRef(false);
  useEffect(() => {
    if (!question || asked.current || chatId) return;
    asked.current = true;
    void send(question);
  }, [question]);

  const shown: Shown[] = (messages.data ?? []).map((m) => {
    const isLive = live && live.messageId === m.id;
    const src = isLive ? live : m;
    return { key: m.id, question: m.question, answer: src.answer, status: src.status, errorCode: src.errorCode, toolCalls: src.toolCalls };
  });
  if (live && !shown.some((m) => m.key === live.messageId)) {
    shown.push({ key: live.messageId ?? "pending", question: live.question, answer: live.answer, status: live.status, errorCode: live.errorCode, toolCalls: live.toolCalls });
  }

  // Follow the answer as it grows, unless the reader scrolled up.
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const last = shown[shown.length - 1];
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [shown.length, last?.answer, last?.toolCalls.length, last?.status]);

  const noProvider = status && !status.providerConfigured;
  return (
    <section className="asst-conv" aria-label={chat?.title || t("chat.new")}>
      <div className="asst-conv-head">
        <h3 className="asst-conv-title">{chat?.title || t("chat.new")}</h3>
        {agent && <span className="asst-conv-agent">{agent.icon} {agent.title}</span>}
      </div>
      <div className="asst-messages" ref={scroller} tabIndex={0} role="region" aria-label={t("chat.messages")}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}>
        {messages.isError && <p className="asst-notice asst-notice-error" role="alert">{errorText(codeOf(messages.error))}</p>}
        {shown.length === 0 && !messages.isLoading && (
          <div className="asst-conv-empty">
            {agent
              ? (
                <>
                  <p className="asst-agent-icon" aria-hidden="true">{agent.icon || "🤖"}</p>
                  <p>{agent.description || agent.title}</p>
                </>
              )
              : <p>{t("chat.emptyHint")}</p>}
            {noProvider && <p className="asst-notice">{t("home.noProvider")}</p>}
          </div>
        )}
        <ul className="asst-turns">
          {shown.map((m) => <MessageItem key={m.key} m={m} />)}
        </ul>
      </div>
      <div className="visually-hidden" role="status">{last && last.status !== "RUNNING" && live ? t(`chat.ended.${last.status}`) : ""}</div>
      <Composer running={running} disabled={!!noProvider} autoFocus onSend={send}
        onStop={() => {
          if (chatId) stop(qc, chatId).catch((e) => snackbar("ERROR", errorText(codeOf(e))));
        }}
        extra={!chatId && persona.length > 0 && (
          <SelectField label={t("chat.persona")} hideLabel value={String(personaFlag)} onChange={(v) => setPersonaFlag(Number(v))}
            options={[{ id: String(PERSONA_NONE), label: t("chat.noPersona") }, ...persona.map((p) => ({ id: String(p.idx), label: p.title || t("persona.item", { n: p.idx + 1 }) }))]} />
        )} />
    </section>
  );
}
