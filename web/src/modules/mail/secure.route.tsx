// /mail/secure/{token}: the page a secure mail's notice links to (shared/mail/compose.ts SecureMailInfo; the
// link is built in server/modules/mail/compose/secure.ts). Public, and the same for a signed-in visitor: it
// shows who sent the mail and the password hint, asks for the password, then shows the mail (head,
// attachments, the sanitised body in the reader's sandboxed frame). An unknown link, a locked one (too many
// wrong passwords) and a server error each say so. The password stays in this page's memory only, for the
// attachment downloads.
import { createLazyRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SecureMailContent } from "@shared/mail/compose.ts";
import { usePageTitle } from "../../app/title.ts";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { PublicFrame } from "../auth/PublicFrame.tsx";
import { secureApi } from "./secure/api.ts";
import { PasswordForm, SenderSummary } from "./secure/SecureForm.tsx";
import { SecureMail } from "./secure/SecureMail.tsx";
import "../auth/auth.css";
import "./view/view.css";
import "./secure/secure.css";

export const Route = createLazyRoute("/mail/secure/$token")({ component: SecureRoute });

/** A fresh page (all state reset) for each link. */
function SecureRoute() {
  const { token } = Route.useParams();
  return <SecurePage key={token} token={token} />;
}

function SecurePage({ token }: { token: string }) {
  const { t } = useTranslation("mail");
  const info = useQuery({ queryKey: ["mail", "secure", token], queryFn: () => secureApi.info(token), staleTime: Infinity, gcTime: 0 });
  const [opened, setOpened] = useState<{ mail: SecureMailContent; password: string } | null>(null);
  /** Locked by the wrong passwords given on this page (the info said it was not yet). */
  const [lockedHere, setLockedHere] = useState(false);
  const [gone, setGone] = useState(false);
  usePageTitle(opened ? opened.mail.subject || t("view.noSubject") : t("secure.title"));

  let body: React.ReactNode;
  if (opened) body = <SecureMail token={token} mail={opened.mail} password={opened.password} />;
  else if (gone || (info.error instanceof ApiError && info.error.status === 404)) {
    body = <State title={t("secure.gone.title")} text={t("secure.gone.text")} />;
  } else if (info.isError) {
    body = (
      <div className="sm-state">
        <p className="auth-error" role="alert">{errorText(codeOf(info.error))}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void info.refetch()}>{t("secure.retry")}</button>
      </div>
    );
  } else if (!info.data) body = <p className="sm-muted" role="status">{t("secure.loading")}</p>;
  else if (info.data.locked || lockedHere) {
    body = (
      <>
        <SenderSummary info={info.data} />
        <State title={errorText("mail.secure_locked")} text={t("secure.locked")} />
      </>
    );
  } else {
    body = (
      <>
        <SenderSummary info={info.data} />
        <PasswordForm token={token} onOpened={(mail, password) => setOpened({ mail, password })}
          onLocked={() => setLockedHere(true)} onGone={() => setGone(true)} />
      </>
    );
  }
  return (
    <PublicFrame title={t("secure.title")} wide>
      <div className={`sm-page${opened ? " sm-page-open" : ""}`}>{body}</div>
    </PublicFrame>
  );
}

function State({ title, text }: { title: string; text: string }) {
  return (
    <div className="sm-state" role="alert">
      <p className="sm-state-title">{title}</p>
      <p className="sm-muted">{text}</p>
    </div>
  );
}
