// AGENT (002 §2): one assistant: its description, category and scope, its starters (each starts a chat with
// that question), a new chat, the favourite; edit and delete (after a confirmation) when the caller may.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button as UiButton } from "../../../ui/Button.tsx";
import { deleteAssistant } from "../api.ts";
import { useNav } from "../nav.ts";
import { detailQuery, dropFromList, statusQuery } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";
import { FavoriteToggle } from "./AgentCard.tsx";
import { useFavoriteToggle } from "./favorite.ts";

export function AgentPage({ id }: { id: number }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const { go } = useNav();
  const detail = useQuery(detailQuery(id));
  const status = useQuery(statusQuery).data;
  const fav = useFavoriteToggle();
  useEffect(() => {
    if (detail.isError) snackbar("ERROR", t("agent.loadFailed"));
  }, [detail.isError, t]);
  if (detail.isPending) return <p className="asst-muted asst-pad">{t("loading")}</p>;
  if (detail.isError) {
    return (
      <div className="asst-page">
        <p className="asst-muted" role="alert">{t("agent.loadFailed")}</p>
        <UiButton variant="secondary" onPress={() => go({ page: "AGENTS" })}>{t("agents.back")}</UiButton>
      </div>
    );
  }
  const a = detail.data;
  const noProvider = status && !status.providerConfigured;
  const remove = async () => {
    if (!(await confirm({ message: t("agent.deleteConfirm"), danger: true, confirmLabel: t("delete") }))) return;
    try {
      await deleteAssistant(a.id);
      dropFromList(qc, a.id);
      snackbar("SUCCESS", t("agent.deleted"), { carry: true });
      go({ page: "AGENTS" });
    } catch {
      snackbar("ERROR", t("agent.deleteFailed"));
    }
  };
  return (
    <div className="asst-page asst-agent">
      <Button className="asst-back" onPress={() => go({ page: "AGENTS" })}>
        <AsstIcon name="back" size={16} /> {t("agents.back")}
      </Button>
      <div className="asst-agent-head">
        <span className="asst-agent-icon" aria-hidden="true">{a.icon || "🤖"}</span>
        <div className="asst-agent-text">
          <h3 className="asst-agent-title">{a.title}</h3>
          <p className="asst-muted">
            {t(`category.${a.category}`)} · {a.organName ? (a.includeSubOrganizations ? t("agent.scopeSub", { name: a.organName }) : a.organName) : t("agent.scopeCompany")}
            {a.ownerName && <> · {t("agent.owner", { name: a.ownerName })}</>}
          </p>
        </div>
        <FavoriteToggle a={a} pending={fav.isPending} onToggle={() => fav.mutate(a)} />
      </div>
      {a.description && <p className="asst-agent-desc">{a.description}</p>}
      {a.starter.length > 0 && (
        <section aria-labelledby="asst-agent-starters">
          <h4 id="asst-agent-starters" className="asst-section-title">{t("agent.starters")}</h4>
          <ul className="asst-starters">
            {a.starter.map((s, i) => (
              <li key={i}>
                <Button className="asst-starter" isDisabled={!!noProvider} onPress={() => go({ page: "CHAT", assistantId: a.id, ask: s })}>{s}</Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {a.files.length > 0 && (
        <section aria-labelledby="asst-agent-files">
          <h4 id="asst-agent-files" className="asst-section-title">{t("editor.files")}</h4>
          <ul className="asst-files">
            {a.files.map((f) => <li key={f.id}><AsstIcon name="file" size={16} /> {f.name}</li>)}
          </ul>
        </section>
      )}
      <div className="asst-actions">
        <UiButton onPress={() => go({ page: "CHAT", assistantId: a.id })}>
          <AsstIcon name="chats" size={16} /> {t("agent.startChat")}
        </UiButton>
        {a.editable && (
          <>
            <UiButton variant="secondary" onPress={() => go({ page: "EDITOR", assistantId: a.id })}>
              <AsstIcon name="edit" size={16} /> {t("agent.edit")}
            </UiButton>
            <UiButton variant="danger" onPress={() => void remove()}>
              <AsstIcon name="trash" size={16} /> {t("delete")}
            </UiButton>
          </>
        )}
      </div>
    </div>
  );
}
