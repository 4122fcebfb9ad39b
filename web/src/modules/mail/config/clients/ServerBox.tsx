// What to enter in a desktop or phone mail client (GET /api/mail/config/pop3/external/setting): host, user name,
// per protocol the ports with their security (SSL/TLS or STARTTLS), and the certificate with its SHA-256
// fingerprint (a self-signed one makes clients ask whether to trust it: compare the fingerprint first). A
// protocol the company switched off is marked as such.
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { ClientEndpoint } from "@shared/mail/clients.ts";
import { clientServerQuery } from "./api.ts";

/** The fingerprint may wrap after a colon, never inside a hex pair (<wbr> adds nothing to copied text). */
function breakable(fingerprint: string) {
  return fingerprint.split(":").map((pair, i) => <Fragment key={i}>{i > 0 && <>:<wbr /></>}{pair}</Fragment>);
}

export function ServerBox() {
  const { t } = useTranslation("mail");
  const q = useQuery(clientServerQuery);
  const s = q.data;
  const rows: { key: "imap" | "pop3" | "smtp"; allowed: boolean }[] = s
    ? [{ key: "imap", allowed: s.imapAllowed }, { key: "pop3", allowed: s.pop3Allowed }, { key: "smtp", allowed: s.imapAllowed || s.pop3Allowed }]
    : [];
  const ports = (list: ClientEndpoint[]) =>
    list.map((p) => t("clients.server.port", { port: p.port, security: t(`clients.server.security.${p.security}`) })).join(" · ");

  return (
    <section className="mcl-box" aria-labelledby="mcl-server">
      <h3 className="mcl-box-title" id="mcl-server">{t("clients.server.title")}</h3>
      {q.isError && <p role="alert" className="field-error">{t("clients.loadFailed")}</p>}
      {!s && !q.isError && <p role="status" className="mcl-muted">{t("clients.loading")}</p>}
      {s && (
        <>
          <dl className="mcl-facts">
            <dt>{t("clients.server.host")}</dt>
            <dd className="mcl-code">{s.host}</dd>
            <dt>{t("clients.server.username")}</dt>
            <dd className="mcl-code">{s.username}</dd>
            <dt>{t("clients.server.password")}</dt>
            <dd>{s.passwordSet ? t("clients.server.passwordSet") : t("clients.server.passwordNotSet")}</dd>
          </dl>
          <table className="mcl-ports">
            <caption className="visually-hidden">{t("clients.server.portsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("clients.server.protocol")}</th>
                <th scope="col">{t("clients.server.ports")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, allowed }) => (
                <tr key={key} data-off={!allowed || undefined}>
                  <th scope="row">{t(`clients.server.name.${key}`)}</th>
                  <td>
                    {!allowed
                      ? <span className="mcl-off">{t("clients.server.companyOff")}</span>
                      : s[key].length
                      ? ports(s[key])
                      : <span className="mcl-off">{t("clients.server.noPorts")}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mcl-facts">
            <dt>{t("clients.server.certificate")}</dt>
            <dd>{t(`clients.server.certificateKind.${s.certificate}`)}</dd>
            <dt>{t("clients.server.fingerprint")}</dt>
            <dd className="mcl-code mcl-fingerprint">{breakable(s.fingerprint)}</dd>
          </dl>
          {s.certificate === "SELF_SIGNED" && <p className="mcl-note" role="note">{t("clients.server.selfSignedNote")}</p>}
        </>
      )}
    </section>
  );
}
