// The print view (/contact/print/{contactGroupId}/{page}/{actionObj}, 001 §2, §7 GET api/contact/card/print):
// every card of the list (its consonant tab and search word; sort id desc unless the list had one) in a plain
// table with the visible columns; "Print" opens the browser's print dialog, where only the table shows.
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { LIST_COLUMNS } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import * as contactApi from "../api.ts";
import { configQuery } from "../queries.ts";
import { contactPaths, parseAction, parsePage } from "../params.ts";
import "../contacts.css";

export const Route = createLazyRoute("/app/contact/print/$groupId/$page/$actionObj")({ component: PrintView });

function PrintView() {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { groupId: string; page: string; actionObj: string };
  const action = parseAction(params.actionObj);
  const config = useQuery(configQuery).data ?? DEFAULT_CONTACT_CONFIG;
  const cards = useQuery({
    queryKey: ["contact", "print", params.groupId, action],
    queryFn: ({ signal }) => contactApi.printCards({ groupId: params.groupId, ...action }, signal),
  });
  const columns = LIST_COLUMNS.filter((c) => c !== "importantStatus" && !config.hideColumns.includes(c));
  const value = (c: (typeof columns)[number], card: NonNullable<typeof cards.data>[number]) =>
    c === "email" ? card.emailList.join(", ") : c === "tel" ? card.telList.join(", ") : c === "url" ? card.urlList.join(", ")
    : c === "groups" ? card.contactGroupList.map((g) => g.groupName).join(", ") : card[c];
  return (
    <div className="ct-print" data-main-content>
      <div className="ct-print-bar">
        <h2 className="ct-list-title">{t("print.title")}</h2>
        <Button variant="secondary" onPress={() => void navigate(contactPaths.list(params.groupId, parsePage(params.page), action))}>{t("print.back")}</Button>
        <Button onPress={() => globalThis.print()}>{t("print.print")}</Button>
      </div>
      {cards.isPending && <p role="status">{t("card.loading")}</p>}
      {cards.error && <p role="alert">{t("contactErrors:contact.69")}</p>}
      {cards.data && (
        <table className="ct-print-table">
          <caption className="visually-hidden">{t("print.title")}</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col">{t(`column.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {cards.data.map((card) => <tr key={card.id}>{columns.map((c) => <td key={c}>{value(c, card)}</td>)}</tr>)}
          </tbody>
        </table>
      )}
    </div>
  );
}
