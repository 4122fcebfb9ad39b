// The print view (/customer/print/{groupId}/{page}/{actionObj}, 001 §2, §7 GET api/customer/card/print): every
// card of the group (its consonant tab and sort) in the private book's plain print table (contacts.css
// ct-print); "Print" opens the browser's print dialog, where only the table shows.
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LIST_COLUMNS } from "@shared/contacts/constants.ts";
import { Button } from "../../ui/Button.tsx";
import * as customerApi from "./api.ts";
import { findGroup, treeQuery } from "./queries.ts";
import { customerPaths, parseGroupId, parseState } from "./params.ts";
import "../contacts/contacts.css";

export const Route = createLazyRoute("/app/customer/print/$groupId/$page/$actionObj")({ component: PrintView });

const COLUMNS = LIST_COLUMNS.filter((c) => c !== "importantStatus" && c !== "groups");

function PrintView() {
  const { t } = useTranslation("customers");
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { groupId: string; page: string; actionObj: string };
  const groupId = parseGroupId(params.groupId) ?? 0;
  const state = parseState(params.actionObj);
  const group = findGroup(useQuery(treeQuery).data, groupId);
  const cards = useQuery({
    queryKey: ["customer", "print", groupId, state],
    queryFn: ({ signal }) => customerApi.printCards({ groupId, sort: state.sort, dir: state.dir, consonant: state.consonant }, signal),
    enabled: groupId > 0,
  });
  const value = (c: (typeof COLUMNS)[number], card: NonNullable<typeof cards.data>[number]) =>
    c === "email" ? card.emailList.join(", ") : c === "tel" ? card.telList.join(", ") : c === "url" ? card.urlList.join(", ") : card[c as "company"];
  return (
    <div className="ct-print" data-main-content>
      <div className="ct-print-bar">
        <h2 className="ct-list-title">{t("print.title", { name: group?.groupName ?? "" })}</h2>
        <Button variant="secondary" onPress={() => void navigate(customerPaths.list("group", groupId, "CARD", state))}>{t("print.back")}</Button>
        <Button onPress={() => globalThis.print()}>{t("print.print")}</Button>
      </div>
      {cards.isPending && <p role="status">{t("card.loading")}</p>}
      {cards.error && <p role="alert">{t("toast.loadFailed")}</p>}
      {cards.data && (
        <table className="ct-print-table">
          <caption className="visually-hidden">{t("print.title", { name: group?.groupName ?? "" })}</caption>
          <thead>
            <tr>{COLUMNS.map((c) => <th key={c} scope="col">{t(`contacts:column.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {cards.data.map((card) => <tr key={card.id}>{COLUMNS.map((c) => <td key={c}>{value(c, card)}</td>)}</tr>)}
          </tbody>
        </table>
      )}
    </div>
  );
}
