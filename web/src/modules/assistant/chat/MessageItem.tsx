// One question and its answer: the answer as safe Markdown, the tool calls it made as cards with their summary,
// and its end: the stopped notice, or the reason it failed.
import { useTranslation } from "react-i18next";
import type { ToolCall } from "@shared/assistant/api.ts";
import type { AnswerStatus } from "@shared/assistant/constants.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Markdown } from "../Markdown.tsx";
import { AsstIcon } from "../icons.tsx";

export interface Shown {
  key: string | number;
  question: string;
  answer: string;
  status: AnswerStatus;
  errorCode: string | null;
  toolCalls: ToolCall[];
}

export function MessageItem({ m }: { m: Shown }) {
  const { t } = useTranslation("assistant");
  const running = m.status === "RUNNING";
  return (
    <li className="asst-turn">
      <div className="asst-q">
        <span className="visually-hidden">{t("chat.you")}: </span>
        {m.question}
      </div>
      <article className="asst-a" aria-busy={running || undefined} aria-label={t("chat.answer")} data-status={m.status}>
        {m.toolCalls.length > 0 && (
          <ul className="asst-tools" aria-label={t("chat.toolCalls")}>
            {m.toolCalls.map((c, i) => (
              <li key={i} className="asst-tool" data-ok={c.ok}>
                <AsstIcon name="tool" size={14} />
                <span className="asst-tool-name">{t(`tools.${c.name}`, { defaultValue: c.name })}</span>
                {c.ok && c.count !== undefined
                  ? <span className="asst-tool-summary">{t(`toolSummary.${c.name}`, { subject: c.subject ?? "", count: c.count })}</span>
                  : c.summary && <span className="asst-tool-summary">{c.summary}</span>}
              </li>
            ))}
          </ul>
        )}
        {m.answer && <Markdown text={m.answer} />}
        {running && !m.answer && <p className="asst-typing">{t("chat.writing")}</p>}
        {m.status === "STOPPED" && <p className="asst-notice" role="status">{t("chat.stopped")}</p>}
        {m.status === "FAILED" && (
          <p className="asst-notice asst-notice-error" role="alert">
            <AsstIcon name="warning" size={16} /> {errorText(m.errorCode ?? "assistant.provider_failed")}
          </p>
        )}
      </article>
    </li>
  );
}
