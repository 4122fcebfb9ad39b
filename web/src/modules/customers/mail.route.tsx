// /customer/mail/{groupId}/{historyId} (001 §2): the popup that shows a mail kept in a customer history, as it
// was kept (GET api/customer/history/mail/{id}: the sender, recipients, date, the sanitised body in a frame
// without scripts), with its attachments (GET .../mail/attach/{historyId}/{position}).
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { saveBlob } from "../../lib/download.ts";
import { formatBytes } from "../../lib/bytes.ts";
import * as customerApi from "./api.ts";
import { customerErrorText, failed } from "./errors.ts";
import { parseGroupId } from "./params.ts";
import "../contacts/contacts.css";
import "./customers.css";

export const Route = createLazyRoute("/popup/customer/mail/$groupId/$historyId")({ component: KeptMail });

function KeptMail() {
  const { t, i18n } = useTranslation("customers");
  const params = useParams({ strict: false }) as { groupId: string; historyId: string };
  const id = parseGroupId(params.historyId) ?? 0;
  const mail = useQuery({ queryKey: ["customer", "kept", id], queryFn: ({ signal }) => customerApi.keptMail(id, signal), enabled: id > 0, retry: false });
  useEffect(() => {
    if (mail.data) document.title = mail.data.subject || t("mail.noSubject");
  }, [mail.data]);
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeStyle: "short" });
  const who = (list: { name: string; address: string }[]) => list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(", ");
  async function download(position: number, name: string) {
    try {
      saveBlob(await customerApi.fileBlob("mail", id, position), name);
    } catch (e) {
      failed(e);
    }
  }
  if (mail.error || id === 0) return <main className="cu-mail"><p role="alert">{customerErrorText(mail.error, "mailLoadFailed")}</p></main>;
  if (!mail.data) return <main className="cu-mail"><p role="status">{t("card.loading")}</p></main>;
  const m = mail.data;
  return (
    <main className="cu-mail" aria-labelledby="cu-mail-subject">
      <h1 id="cu-mail-subject" className="cu-mail-subject">{m.subject || t("mail.noSubject")}</h1>
      <p className="ct-muted">{t("mail.keptBy", { name: m.userName })}</p>
      <dl className="ct-view-fields">
        <div className="ct-view-row"><dt>{t("mail.from")}</dt><dd>{who([{ name: m.fromName, address: m.fromAddress }])}</dd></div>
        <div className="ct-view-row"><dt>{t("mail.to")}</dt><dd>{who(m.to)}</dd></div>
        {m.cc.length > 0 && <div className="ct-view-row"><dt>{t("mail.cc")}</dt><dd>{who(m.cc)}</dd></div>}
        <div className="ct-view-row"><dt>{t("mail.date")}</dt><dd>{fmt.format(m.sentTimeMillis ?? m.receivedTimeMillis)}</dd></div>
      </dl>
      {m.attachments.length > 0 && (
        <section aria-labelledby="cu-mail-files">
          <h2 id="cu-mail-files" className="ct-history-title">{t("mail.attachments", { count: m.attachments.length })}</h2>
          <ul className="cu-files">
            {m.attachments.map((a) => (
              <li key={a.position}>
                <AriaButton className="ct-link-btn" onPress={() => void download(a.position, a.name)} aria-label={t("memo.download", { name: a.name })}>{a.name}</AriaButton>{" "}
                <span className="ct-muted">{formatBytes(a.size, i18n.language)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.html !== null
        ? <iframe className="cu-mail-body" title={t("mail.body")} sandbox="" srcDoc={m.html} />
        : <pre className="cu-mail-text">{m.text}</pre>}
    </main>
  );
}
