// The result panel after sending (000 §4 "Sending shows the result panel"): sent or scheduled (with its time),
// what became of each recipient, and the next steps: write another mail, go to the list, open Sent; in a popup
// window, close the window.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SendResult as Result } from "@shared/mail/compose.ts";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { flattenFolders, foldersQuery } from "../queries.ts";

export function SendResult({ result, reserveDate, onWriteAnother, onList, onOpenSent, inPopup }: {
  result: Result;
  reserveDate: number | null;
  onWriteAnother(): void;
  onList(): void;
  onOpenSent(sentFolderId: number): void;
  inPopup?: boolean;
}) {
  const { t, i18n } = useTranslation("mail");
  const folders = useQuery(foldersQuery);
  const sent = flattenFolders(folders.data ?? []).find((f) => f.folderType === "SENT");
  const title = useRef<HTMLHeadingElement>(null);
  // Focus moves to the outcome once, when the panel appears.
  useEffect(() => title.current?.focus(), []);
  const when = reserveDate ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(reserveDate) : "";

  return (
    <section className="cmp-result" aria-labelledby="cmp-result-title">
      <MailIcon name={result.reserved ? "clock" : "send"} size={40} />
      <h2 id="cmp-result-title" className="cmp-result-title" tabIndex={-1} ref={title}>
        {result.reserved ? t("compose.result.reserved") : t("compose.result.sent")}
      </h2>
      {result.reserved && <p className="cmp-muted">{t("compose.result.reservedAt", { when })}</p>}
      <table className="cmp-result-table">
        <caption className="visually-hidden">{t("compose.result.recipients")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("compose.result.recipient")}</th>
            <th scope="col">{t("compose.result.kind")}</th>
            <th scope="col">{t("compose.result.status")}</th>
          </tr>
        </thead>
        <tbody>
          {result.recipients.map((r, i) => (
            <tr key={`${r.kind}-${r.address}-${i}`} data-status={r.status}>
              <td>{r.name ? `${r.name} <${r.address}>` : r.address}</td>
              <td>{t(`compose.${r.kind}`)}</td>
              <td>
                {t(`compose.result.outcome.${r.status}`)}
                {r.reason && ` (${t(`compose.result.reason.${r.reason}`)})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="cmp-result-actions">
        <Button onPress={onWriteAnother}>{t("compose.result.writeAnother")}</Button>
        {inPopup
          ? <Button variant="secondary" onPress={() => globalThis.close()}>{t("compose.result.closeWindow")}</Button>
          : (
            <>
              <Button variant="secondary" onPress={onList}>{t("compose.result.goList")}</Button>
              {sent && <Button variant="secondary" onPress={() => onOpenSent(Number(sent.id))}>{t("compose.result.openSent")}</Button>}
            </>
          )}
      </div>
    </section>
  );
}
