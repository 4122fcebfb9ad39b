// /mail/large/{token}: the download page of a large attachment (shared/mail/compose.ts LargeFileInfo; the
// link is built in server/modules/mail/compose/assemble.ts). A mail links here when the company puts large
// files behind a password (isLargeAttPw); a link without one works here too. Public, and the same for a
// signed-in visitor: it shows the file, who sent it, until when and how many more times it can be
// downloaded, asks for the password the sender gave (focused on arrival, Enter downloads), trades it for a
// short ticket and lets the browser save the file from the server (streamed to disk, whatever its size). A
// wrong password is said at the field; too many wrong ones say how long to wait; an unknown, expired or
// used-up link says so.
import { createLazyRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LargeFileInfo } from "@shared/mail/compose.ts";
import { usePageTitle } from "../../app/title.ts";
import { ApiError, codeOf, paramsOf } from "../../lib/api.ts";
import { formatBytes } from "../../lib/bytes.ts";
import { errorText } from "../../lib/i18n.ts";
import { NativeField } from "../../ui/NativeField.tsx";
import { PublicFrame } from "../auth/PublicFrame.tsx";
import { saveUrl } from "../../lib/download.ts";
import { largeFileApi } from "./large/api.ts";
import "../auth/auth.css";
import "./large/large.css";

export const Route = createLazyRoute("/mail/large/$token")({ component: LargeFileRoute });

/** A fresh page (all state reset) for each link. */
function LargeFileRoute() {
  const { token } = Route.useParams();
  return <LargeFilePage key={token} token={token} />;
}

const isGone = (e: unknown) => e instanceof ApiError && e.status === 404;

function LargeFilePage({ token }: { token: string }) {
  const { t } = useTranslation("mail");
  const info = useQuery({
    queryKey: ["mail", "large", token],
    queryFn: () => largeFileApi.info(token),
    gcTime: 0,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const [gone, setGone] = useState(false);
  const [started, setStarted] = useState(false);
  usePageTitle(info.data?.name ?? t("large.title"));

  /** Downloads with the ticket (if any); the count on the page follows once the server has taken it. */
  const download = (file: LargeFileInfo, ticket?: string) => {
    // Streamed to disk by the browser: a large file never passes through the page's memory.
    saveUrl(largeFileApi.fileUrl(token, ticket), file.name);
    setStarted(true);
    setTimeout(() => void info.refetch(), 1500);
  };

  let body: React.ReactNode;
  if (gone || isGone(info.error)) {
    body = (
      <div className="lf-state" role="alert">
        <p className="lf-state-title">{t("large.gone.title")}</p>
        <p className="lf-muted">{t("large.gone.text")}</p>
      </div>
    );
  } else if (info.isError) {
    body = (
      <div className="lf-state">
        <p className="auth-error" role="alert">{errorText(codeOf(info.error))}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void info.refetch()}>{t("large.retry")}</button>
      </div>
    );
  } else if (!info.data) body = <p className="lf-muted" role="status">{t("large.loading")}</p>;
  else {
    const file = info.data;
    body = (
      <>
        <FileSummary file={file} />
        {file.requiresPassword
          ? <PasswordForm token={token} onTicket={(ticket) => download(file, ticket)} onGone={() => setGone(true)} />
          : (
            <button type="button" className="btn btn-primary auth-submit" onClick={() => download(file)}>
              {t("large.download")}
            </button>
          )}
        {started && <p className="lf-started" role="status">{t("large.started")}</p>}
      </>
    );
  }
  return (
    <PublicFrame title={t("large.title")}>
      <div className="lf-page">{body}</div>
    </PublicFrame>
  );
}

function FileSummary({ file }: { file: LargeFileInfo }) {
  const { t, i18n } = useTranslation("mail");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(file.expiresAtMillis);
  return (
    <dl className="lf-summary">
      <dt>{t("large.file")}</dt>
      <dd className="lf-name">{file.name}</dd>
      <dt>{t("large.size")}</dt>
      <dd>{formatBytes(file.size, i18n.language)}</dd>
      <dt>{t("large.from")}</dt>
      <dd>{file.from.name ? `${file.from.name} <${file.from.address}>` : file.from.address}</dd>
      <dt>{t("large.until")}</dt>
      <dd>{when}</dd>
      <dt>{t("large.downloads")}</dt>
      <dd>{t("large.downloadsLeft", { left: Math.max(0, file.maxDownloads - file.downloadCount), max: file.maxDownloads })}</dd>
    </dl>
  );
}

function PasswordForm({ token, onTicket, onGone }: { token: string; onTicket(ticket: string): void; onGone(): void }) {
  const { t } = useTranslation("mail");
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The message sits at the field (aria-describedby): focusing it reads the message out. */
  const refuse = (text: string) => {
    setFieldError(text);
    const input = form.current?.querySelector<HTMLInputElement>("input[name=password]");
    input?.focus();
    input?.select();
  };

  async function submit() {
    setError(null);
    if (!password) return refuse(t("large.password.required"));
    setFieldError(null);
    setBusy(true);
    try {
      onTicket((await largeFileApi.unlock(token, password)).ticket);
    } catch (e) {
      const code = codeOf(e);
      if (isGone(e)) onGone();
      else if (code === "mail.large_password_wrong") refuse(errorText(code));
      else if (code === "mail.large_too_many_attempts") {
        setError(`${errorText(code)} ${t("large.wait", { seconds: Number(paramsOf(e).retryAfterSeconds) || 60 })}`);
      } else setError(errorText(code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form lf-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p className="lf-lead">{t("large.lead")}</p>
      <NativeField label={t("large.password.label")} type="password" name="password" value={password} autoFocus
        onChange={(v) => (setPassword(v), setFieldError(null))} autoComplete="off" maxLength={200}
        errorMessage={fieldError ?? undefined} />
      {error && <p className="auth-error" role="alert">{error}</p>}
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
        {busy ? t("large.checking") : t("large.download")}
      </button>
    </form>
  );
}
