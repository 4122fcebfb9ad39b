// Mail settings, tab 'external' (000 §3 "External mail account", §4): the user's external accounts with their
// state — login (success or failure, with the server's own message), SMTP certification, fetching in progress
// (n of m, polled) or complete — and fetch now, edit and delete. At MAX_EXTERNAL_ACCOUNTS the add button is off.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExternalAccount, MAX_EXTERNAL_ACCOUNTS } from "@shared/mail/external.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { deleteExternal, externalQuery, fetchExternal, isCode } from "./api.ts";
import { ExternalDialog } from "./ExternalDialog.tsx";
import { senderChoicesQuery } from "../../compose/senders.ts";
import "./external.css";

/** A stored message: each part ("a / SMTP: b") translated when it is one of our codes, else the server's words. */
function detailOf(message: string): string {
  return message.split(" / ").map((part) => {
    const [, prefix, rest] = /^(SMTP: )?(.*)$/s.exec(part)!;
    return `${prefix ?? ""}${isCode(rest) ? errorText(rest) : rest}`;
  }).join(" / ");
}

/** The translated status text followed by the server's protocol message (000 §8). */
function withMessage(code: string, message: string | null): string {
  const detail = message ? detailOf(message) : "";
  return detail ? `${errorText(code)} (${detail})` : errorText(code);
}

export function ExternalSettings() {
  const { t, i18n } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(externalQuery);
  const [editing, setEditing] = useState<ExternalAccount | "new" | null>(null);
  const list = q.data ?? [];
  const full = list.length >= MAX_EXTERNAL_ACCOUNTS;
  // The compose sender list holds the certified external accounts: it changes with them.
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: externalQuery.queryKey }),
      qc.invalidateQueries({ queryKey: senderChoicesQuery.queryKey }),
    ]);

  async function fetchNow(a: ExternalAccount) {
    try {
      const r = await fetchExternal([a.id]);
      qc.setQueryData(externalQuery.queryKey, (old: ExternalAccount[] | undefined) =>
        (old ?? []).map((x) => r.accounts.find((y) => y.id === x.id) ?? x));
      snackbar("INFO", t("external.fetchStarted", { email: a.email }));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "mail.420"));
    }
    void refresh();
  }

  async function remove(a: ExternalAccount) {
    if (!(await confirm({ message: t("external.deleteConfirm", { email: a.email }), confirmLabel: t("external.delete"), danger: true }))) return;
    try {
      await deleteExternal([a.id]);
      snackbar("SUCCESS", t("external.deleted"));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
    void refresh();
  }

  function saved(a: ExternalAccount, added: boolean) {
    setEditing(null);
    void refresh();
    if (a.authStatus === "AUTH_FAILURE") snackbar("ERROR", withMessage("mail.419", a.lastProtocolMessage));
    else if (a.smtpStatus === "FAILED_CERTIFICATE") snackbar("ERROR", withMessage("mail.421", a.lastProtocolMessage));
    else snackbar("SUCCESS", t(added ? "external.added" : "external.saved"));
  }

  if (q.isError) return <p role="alert" className="field-error">{errorText("common.500")}</p>;
  if (!q.data) return <p role="status" className="ext-muted">{t("external.loading")}</p>;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  return (
    <div className="ext-settings">
      <p className="ext-muted">{t("external.hint", { max: MAX_EXTERNAL_ACCOUNTS })}</p>
      <div className="ext-add">
        <Button isDisabled={full} onPress={() => setEditing("new")}>{t("external.add")}</Button>
        <span className="ext-muted">
          {full ? t("external.limitReached", { max: MAX_EXTERNAL_ACCOUNTS }) : t("external.count", { count: list.length, max: MAX_EXTERNAL_ACCOUNTS })}
        </span>
      </div>
      {list.length === 0 && <p className="ext-muted">{t("external.empty")}</p>}
      <ul className="ext-list" aria-label={t("external.heading")}>
        {list.map((a) => (
          <li key={a.id} className="ext-item" aria-labelledby={`ext-email-${a.id}`}>
            <div className="ext-item-head">
              <h3 id={`ext-email-${a.id}`} className="ext-email">{a.email}</h3>
              <span className="ext-chip">{a.protocol} · {a.host}:{a.port}</span>
              <span className="ext-chip">#{a.tag}</span>
              <span className="ext-actions">
                <Button variant="secondary" isDisabled={a.fetchStatus === "FETCHING"} onPress={() => void fetchNow(a)}
                  aria-label={t("external.fetchNamed", { email: a.email })}>
                  {t("external.fetch")}
                </Button>
                <Button variant="ghost" onPress={() => setEditing(a)} aria-label={t("external.editNamed", { email: a.email })}>
                  {t("external.edit")}
                </Button>
                <Button variant="ghost" onPress={() => void remove(a)} aria-label={t("external.deleteNamed", { email: a.email })}>
                  {t("external.delete")}
                </Button>
              </span>
            </div>
            <dl className="ext-status">
              <dt>{t("external.status.auth")}</dt>
              <dd data-state={a.authStatus}>{t(`external.auth.${a.authStatus}`)}</dd>
              {a.useSmtp && (
                <>
                  <dt>{t("external.status.smtp")}</dt>
                  <dd data-state={a.smtpStatus ?? "NONE"}>{t(`external.smtp.${a.smtpStatus ?? "NONE"}`)}</dd>
                </>
              )}
              <dt>{t("external.status.fetch")}</dt>
              <dd data-state={a.fetchStatus} aria-live="polite">
                {a.fetchStatus === "FETCHING"
                  ? (
                    <>
                      {t("external.fetching", { done: a.fetchedCount, total: a.totalCount })}
                      <progress max={Math.max(a.totalCount, 1)} value={a.fetchedCount} aria-label={t("external.status.fetch")} />
                    </>
                  )
                  : a.fetchStatus === "COMPLETE"
                  ? t("external.complete", { count: a.fetchedCount })
                  : t(`external.fetchState.${a.fetchStatus}`)}
              </dd>
              {a.lastFetchAt && (
                <>
                  <dt>{t("external.status.lastFetch")}</dt>
                  <dd>{time(a.lastFetchAt)}</dd>
                </>
              )}
              {a.lastProtocolMessage && (a.authStatus === "AUTH_FAILURE" || a.fetchStatus === "FAILED" || a.smtpStatus === "FAILED_CERTIFICATE") && (
                <>
                  <dt>{t("external.status.message")}</dt>
                  <dd className="ext-message">
                    {withMessage(
                      a.authStatus === "AUTH_FAILURE" ? "mail.419" : a.fetchStatus === "FAILED" ? "mail.420" : "mail.421",
                      a.lastProtocolMessage,
                    )}
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      {editing && (
        <ExternalDialog editing={editing === "new" ? null : editing} onClose={() => setEditing(null)}
          onSaved={(a) => saved(a, editing === "new")} />
      )}
    </div>
  );
}
