// A card's details: photo, name, company, every e-mail (each can be written to), phone with its type,
// address, URL, birthday, memo and groups; the actions (edit, write mail, importance, delete) and the mail
// history (GET api/contact/detail/{id}/mail/history: the user's mails from or to the card's addresses,
// newest first, each opening in the mail reader).
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { Button } from "../../../ui/Button.tsx";
import { historyQuery } from "../queries.ts";
import { recipientsOf, writeMail } from "../compose.ts";
import { deleteWithConfirm, restore, toggleImportant } from "../list/actions.ts";
import { Avatar } from "./Avatar.tsx";

export function CardView({ card, onEdit, onClose }: { card: ContactCard; onEdit(): void; onClose(): void }) {
  const { t, i18n } = useTranslation("contacts");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const trash = card.deletedTimeMillis !== null;
  const write = (to: string[]) => {
    onClose();
    void writeMail(navigate, qc, to);
  };
  const addresses = card.streetAddressList.map((street, i) =>
    ({
      type: card.addrTypeList[i],
      text: [card.postList[i], card.countryList[i], card.regionList[i], card.localityList[i], street].filter(Boolean).join(" "),
    })
  );
  const rows: [string, React.ReactNode][] = [
    ...card.emailList.map((e, i): [string, React.ReactNode] => [
      i === 0 ? t("column.email") : "",
      <AriaButton key={e} className="ct-link-btn" aria-label={t("card.writeTo", { address: e })} onPress={() => write(recipientsOf([{ userName: card.userName, emailList: [e] }]))}>{e}</AriaButton>,
    ]),
    ...card.telList.map((v, i): [string, React.ReactNode] => [t(`telType.${card.telTypeList[i] || "OTHER"}`), <a key={i} href={`tel:${v}`}>{v}</a>]),
    ...addresses.map((a): [string, React.ReactNode] => [t(`addrType.${a.type || "OTHER"}`), a.text]),
    ...card.urlList.map((u, i): [string, React.ReactNode] => [
      i === 0 ? t("column.url") : "",
      <a key={u} href={/^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u : `https://${u}`} target="_blank" rel="noopener noreferrer">{u}</a>,
    ]),
    ...(card.birthday ? [[t("card.birthday"), card.birthday] as [string, React.ReactNode]] : []),
    ...(card.contactGroupList.length ? [[t("column.groups"), card.contactGroupList.map((g) => g.groupName).join(", ")] as [string, React.ReactNode]] : []),
    ...(card.memo ? [[t("column.memo"), <span key="memo" className="ct-memo-text">{card.memo}</span>] as [string, React.ReactNode]] : []),
  ];
  return (
    <div className="ct-view">
      <div className="ct-view-head">
        <Avatar card={card} size={64} />
        <div>
          <p className="ct-view-org">{[card.company, card.organ, card.position].filter(Boolean).join(" · ")}</p>
          {card.importantStatus && <p className="ct-view-important">★ {t("card.important")}</p>}
        </div>
      </div>
      <dl className="ct-view-fields">
        {rows.map(([label, value], i) => (
          <div key={i} className="ct-view-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!trash && (
        <div className="ct-view-actions">
          <Button onPress={onEdit}>{t("card.edit")}</Button>
          <Button variant="secondary" isDisabled={!card.emailList.length} onPress={() => write(recipientsOf([card]))}>{t("card.writeMail")}</Button>
          <Button variant="secondary" onPress={() => void toggleImportant(qc, [card.id], !card.importantStatus)}>
            {t(card.importantStatus ? "bulk.unmarkImportant" : "bulk.markImportant")}
          </Button>
          <Button variant="danger" onPress={() => void deleteWithConfirm(qc, [card], false).then((ok) => ok && onClose())}>{t("action.delete")}</Button>
        </div>
      )}
      {trash && (
        <div className="ct-view-actions">
          <Button onPress={() => void restore(qc, [card.id]).then((ok) => ok && onClose())}>{t("trash.restore")}</Button>
        </div>
      )}
      {card.emailList.length > 0 && <MailHistory id={card.id} lng={i18n.language} onOpen={onClose} />}
    </div>
  );
}

function MailHistory({ id, lng, onOpen }: { id: number; lng: string; onOpen(): void }) {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const history = useQuery(historyQuery(id, page));
  const fmt = new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" });
  const items = history.data?.content ?? [];
  return (
    <section className="ct-history" aria-labelledby="ct-history-title">
      <h3 id="ct-history-title" className="ct-history-title">{t("history.title")}</h3>
      {history.isPending && <p className="ct-muted" role="status">{t("card.loading")}</p>}
      {history.error && <p className="ct-muted" role="alert">{t("history.failed")}</p>}
      {history.data && items.length === 0 && <p className="ct-muted">{t("history.none")}</p>}
      <ul className="ct-history-list">
        {items.map((m) => (
          <li key={m.mailId}>
            <AriaButton className="ct-history-item" onPress={() => {
              onOpen();
              void navigate({
                to: "/mail/view/$folderId/$page/$actionObj",
                params: { folderId: String(m.folderId), page: "1", actionObj: JSON.stringify({ list: {}, view: { mailId: m.mailId } }) },
              });
            }}>
              <span className="ct-history-dir">{t(`history.${m.direction}`)}</span>
              <span className="ct-history-subject">{m.subject || t("history.noSubject")}</span>
              <span className="ct-muted">{fmt.format(m.receivedTimeMillis)}</span>
            </AriaButton>
          </li>
        ))}
      </ul>
      {history.data && history.data.totalPages > 1 && (
        <div className="ct-history-pages">
          <AriaButton className="ct-link-btn" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("list.prev")}</AriaButton>
          <span>{page + 1} / {history.data.totalPages}</span>
          <AriaButton className="ct-link-btn" isDisabled={page + 1 >= history.data.totalPages} onPress={() => setPage(page + 1)}>{t("list.next")}</AriaButton>
        </div>
      )}
    </section>
  );
}
