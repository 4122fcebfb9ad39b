// Pieces of the viewer page: the link summary, the refusal states, the opened object (module viewer or the
// generic card), and small helpers for times and countdowns.
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LinkAccessGrant, PublicShareLink } from "@shared/share.ts";
import { errorText } from "../../lib/i18n.ts";
import { linkViewerFor } from "./viewers.ts";

export const NS = "shareViewer";

/** Date and time in the page language. */
export function useFormatTime() {
  const { i18n } = useTranslation();
  return (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" });
}

/** Seconds until `until` (epoch ms), ticking each second; 0 once passed or when null. */
export function useSecondsLeft(until: number | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
  const [s, setS] = useState(left);
  useEffect(() => {
    setS(left());
    if (!until) return;
    const id = setInterval(() => {
      const v = left();
      setS(v);
      if (v === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  return s;
}

export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

function useModuleName() {
  const { t } = useTranslation("common");
  return (type: string) => t(`module.${type}`, { defaultValue: type });
}

function downloads(t: (k: string, o?: Record<string, unknown>) => string, used: number, limit: number | null) {
  return limit === null ? t("info.downloadsUnlimited", { used }) : t("info.downloadsOf", { used, limit });
}

/** What the link is: module, title (when the server tells it), permission, validity and downloads. */
export function LinkSummary({ meta }: { meta: PublicShareLink }) {
  const { t } = useTranslation(NS);
  const time = useFormatTime();
  const moduleName = useModuleName();
  return (
    <dl className="link-info">
      <dt>{t("info.module")}</dt>
      <dd>{moduleName(meta.moduleType)}</dd>
      <dt>{t("info.title")}</dt>
      <dd>{meta.title ?? <span className="link-muted">{t("info.titleHidden")}</span>}</dd>
      <dt>{t("info.permission")}</dt>
      <dd>{t(`permission.${meta.permission}`)}</dd>
      {meta.startDateTimeMillis !== null && (<><dt>{t("info.start")}</dt><dd>{time(meta.startDateTimeMillis)}</dd></>)}
      <dt>{t("info.expiry")}</dt>
      <dd>{meta.expiryDate === null ? t("info.noExpiry") : time(meta.expiryDate)}</dd>
      <dt>{t("info.downloads")}</dt>
      <dd>{downloads(t, meta.downloadCount, meta.downloadLimitCount)}</dd>
    </dl>
  );
}

/** A link that cannot be opened now: deleted, not started (with its start), expired, or used up. */
export function LinkRefusal({ code, params, onRetry }: { code: string; params: Record<string, unknown>; onRetry(): void }) {
  const { t } = useTranslation(NS);
  const time = useFormatTime();
  const start = Number(params.startDateTimeMillis);
  return (
    <div className="link-state" role="alert">
      <p className="link-state-title">{errorText(code)}</p>
      <p className="link-muted">
        {code === "shareLink.not_started" && start ? t("state.notStarted", { time: time(start) }) : t(`state.${code.slice(10)}`)}
      </p>
      {code === "shareLink.not_started" && <button type="button" className="btn btn-secondary" onClick={onRetry}>{t("action.retry")}</button>}
    </div>
  );
}

/** A message line: errors are announced. */
export function Message({ text }: { text: string | null }) {
  return text ? <p className="auth-error" role="alert">{text}</p> : null;
}

/** The opened object: its module's viewer when one is registered, else a card with what the grant says. */
export function OpenedObject({ grant }: { grant: LinkAccessGrant }) {
  const { t } = useTranslation(NS);
  const time = useFormatTime();
  const moduleName = useModuleName();
  const Viewer = linkViewerFor(grant.moduleType);
  if (Viewer) {
    return (
      <Suspense fallback={<p className="link-muted">{t("opened.loading")}</p>}>
        <Viewer grant={grant.grant} moduleType={grant.moduleType} objectId={grant.objectId} title={grant.title} permission={grant.permission} />
      </Suspense>
    );
  }
  return (
    <section className="link-opened" aria-labelledby="link-opened-title">
      <p className="link-opened-note" role="status">{t("opened.done")}</p>
      <h2 id="link-opened-title" className="link-opened-title">{grant.title ?? t("title")}</h2>
      <dl className="link-info">
        <dt>{t("info.module")}</dt>
        <dd>{moduleName(grant.moduleType)}</dd>
        <dt>{t("info.permission")}</dt>
        <dd>{t(`permission.${grant.permission}`)}</dd>
        <dt>{t("info.downloads")}</dt>
        <dd>{downloads(t, grant.downloadCount, grant.downloadLimitCount)}</dd>
        <dt>{t("opened.validUntil")}</dt>
        <dd>{time(grant.expiresAtMillis)}</dd>
      </dl>
      <p className="link-muted">{t("opened.noViewer")}</p>
    </section>
  );
}
