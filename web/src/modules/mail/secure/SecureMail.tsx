// An opened secure mail: subject, sender, recipients, time, the attachments (each downloaded with the
// password, POST api/mail/secure/{token}/attach/{position}) and the sanitised body in the reader's sandboxed
// frame (MailBody: no scripts, remote images blocked until allowed).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SecureMailContent } from "@shared/mail/compose.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { MailIcon } from "../icons.tsx";
import { MailBody } from "../view/MailBody.tsx";
import { saveBlob } from "../../../lib/download.ts";
import { secureApi } from "./api.ts";
import { useFormatTime } from "./SecureForm.tsx";

type Address = SecureMailContent["from"];

function AddressText({ a }: { a: Address }) {
  return (
    <span>
      {a.name && <span className="mr-address-name">{a.name}</span>}
      {a.address && (a.name ? <span className="sm-muted">{` <${a.address}>`}</span> : a.address)}
    </span>
  );
}

function AddressList({ list }: { list: Address[] }) {
  return (
    <>
      {list.map((a, i) => (
        <span key={`${a.address}-${i}`}>
          <AddressText a={a} />
          {i < list.length - 1 && ", "}
        </span>
      ))}
    </>
  );
}

export function SecureMail({ token, mail, password }: { token: string; mail: SecureMailContent; password: string }) {
  const { t } = useTranslation("mail");
  const time = useFormatTime();
  const heading = useRef<HTMLHeadingElement>(null);
  const subject = mail.subject || t("view.noSubject");
  // The form is gone: focus moves to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <article className="sm-mail" aria-labelledby="sm-subject">
      <p className="sm-opened-note" role="status">{t("secure.opened")}</p>
      <header className="mr-head">
        <h2 id="sm-subject" ref={heading} tabIndex={-1} className="mr-subject sm-subject">{subject}</h2>
        <dl className="mr-meta">
          <dt>{t("view.from")}</dt>
          <dd><AddressText a={mail.from} /></dd>
          {mail.to.length > 0 && (
            <>
              <dt>{t("view.to")}</dt>
              <dd><AddressList list={mail.to} /></dd>
            </>
          )}
          {mail.cc.length > 0 && (
            <>
              <dt>{t("view.cc")}</dt>
              <dd><AddressList list={mail.cc} /></dd>
            </>
          )}
          <dt>{t("view.sent")}</dt>
          <dd>{time(mail.sentTimeMillis)}</dd>
        </dl>
      </header>
      <Attachments token={token} password={password} items={mail.attachList} />
      <MailBody content={mail.content} contentType="html" subject={subject} />
    </article>
  );
}

function Attachments({ token, password, items }: { token: string; password: string; items: SecureMailContent["attachList"] }) {
  const { t, i18n } = useTranslation("mail");
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!items.length) return null;
  const total = items.reduce((n, a) => n + a.size, 0);

  async function download(item: SecureMailContent["attachList"][number]) {
    setBusy(item.position);
    setFailed(null);
    try {
      saveBlob(await secureApi.attachment(token, password, item.position), item.name);
    } catch {
      setFailed(t("secure.attachFailed", { name: item.name }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="mr-attach" aria-label={t("view.attach.title")}>
      <div className="mr-attach-head">
        <MailIcon name="attach" size={16} />
        <span className="mr-attach-title">{t("view.attach.count", { count: items.length })}</span>
        <span className="sm-muted">{formatBytes(total, i18n.language)}</span>
      </div>
      <ul className="mr-attach-list">
        {items.map((a) => (
          <li key={a.position} className="mr-attach-item">
            <button type="button" className="mr-attach-name sm-attach-button" disabled={busy !== null}
              aria-label={t("view.attach.download", { name: a.name })} onClick={() => void download(a)}>
              <MailIcon name="download" size={16} />
              <span>{a.name}</span>
            </button>
            <span className="sm-muted">{busy === a.position ? t("secure.downloading") : formatBytes(a.size, i18n.language)}</span>
          </li>
        ))}
      </ul>
      {failed && <p className="auth-error sm-attach-error" role="alert">{failed}</p>}
    </section>
  );
}
