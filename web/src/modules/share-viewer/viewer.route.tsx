// /link/viewer/{params} (000 §2, §3 "Share link", §6): the public share link viewer; params is the link token.
// Reads the link's public metadata, shows what it is and why it cannot be opened (deleted, not started,
// expired, used up), asks for what the access mode needs (nothing, the password, or a company employee:
// sign-in or a verified company address), opens it (counting one download) and hands the grant to the
// module's viewer (viewers.ts), or shows a generic card while no module viewer exists.
import { createLazyRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LinkAccessGrant, PublicShareLink } from "@shared/share.ts";
import { usePageTitle } from "../../app/title.ts";
import { errorText } from "../../lib/i18n.ts";
import { hasSession } from "../../lib/session.ts";
import { PublicFrame } from "../auth/PublicFrame.tsx";
import { codeOf, LINK_REFUSALS, linkApi, type OpenLink, paramsOf } from "./api.ts";
import { CompanyAccess } from "./CompanyAccess.tsx";
import { LinkRefusal, LinkSummary, Message, NS, OpenedObject } from "./parts.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import "../auth/auth.css";
import "./viewer.css";

export const Route = createLazyRoute("/link/viewer/$params")({ component: ViewerRoute });

/** A fresh page (all state reset) for each link. */
function ViewerRoute() {
  const { params } = Route.useParams();
  return <ViewerPage key={params} token={params} />;
}

interface Refusal {
  code: string;
  params: Record<string, unknown>;
}

function ViewerPage({ token }: { token: string }) {
  const { t } = useTranslation(NS);
  const [meta, setMeta] = useState<PublicShareLink | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [grant, setGrant] = useState<LinkAccessGrant | null>(null);
  /** A COMPANY link the server refused to the current visitor (session gone, or another company's). */
  const [needsCompany, setNeedsCompany] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setMeta(null);
    setRefusal(null);
    setLoadError(null);
    setGrant(null);
    linkApi.describe(token).then((m) => live && setMeta(m), (e) => {
      if (!live) return;
      const code = codeOf(e);
      if (LINK_REFUSALS.includes(code)) setRefusal({ code, params: paramsOf(e) });
      else setLoadError(code);
    });
    return () => {
      live = false;
    };
  }, [token, reload]);

  usePageTitle(grant?.title ?? meta?.title ?? t("title"));

  const open: OpenLink = async (body) => {
    try {
      setGrant(await linkApi.open(token, body));
      return null;
    } catch (e) {
      const code = codeOf(e);
      if (LINK_REFUSALS.includes(code)) {
        setRefusal({ code, params: paramsOf(e) });
        return null;
      }
      if (code === "shareLink.sign_in_required" || code === "shareLink.company_only") {
        setNeedsCompany(true);
        if (!body.verificationId) return null;
      }
      return { code, params: paramsOf(e) };
    }
  };

  const retry = () => setReload((n) => n + 1);
  let body: React.ReactNode;
  if (refusal) body = <LinkRefusal code={refusal.code} params={refusal.params} onRetry={retry} />;
  else if (loadError) {
    body = (
      <div className="link-state">
        <Message text={errorText(loadError)} />
        <button type="button" className="btn btn-secondary" onClick={retry}>{t("action.retry")}</button>
      </div>
    );
  } else if (!meta) body = <p className="link-muted" role="status">{t("loading")}</p>;
  else if (grant) body = <OpenedObject grant={grant} />;
  else {
    body = (
      <>
        <LinkSummary meta={meta} />
        <Access token={token} meta={meta} open={open} needsCompany={needsCompany} />
      </>
    );
  }
  return <PublicFrame title={t("heading")} wide>{body}</PublicFrame>;
}

function Access({ token, meta, open, needsCompany }: { token: string; meta: PublicShareLink; open: OpenLink; needsCompany: boolean }) {
  if (meta.requiresPassword) return <PasswordForm open={open} />;
  if (meta.accessMode === "COMPANY" && (meta.requiresSignIn || needsCompany)) {
    return <CompanyAccess token={token} signedIn={hasSession()} open={open} />;
  }
  return <OpenButton open={open} />;
}

/** ANYONE links, and COMPANY links for a signed-in employee: opening is a deliberate step (it counts). */
function OpenButton({ open }: { open: OpenLink }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setError(null);
    const failed = await open({});
    setBusy(false);
    if (failed) setError(errorText(failed.code, failed.params));
  }
  return (
    <div className="auth-form">
      <Message text={error} />
      <button type="button" className="btn btn-primary auth-submit" disabled={busy} onClick={() => void go()}>
        {busy ? t("action.opening") : t("action.open")}
      </button>
    </div>
  );
}
