// The cards of a list as a table with the §2 columns (importance star, name, e-mail, phone, company,
// department, position, homepage, memo, groups; the hidden ones left out). Keyboard: the rows are one tab stop;
// ↑ ↓ Home End move between them, Space selects, Enter opens the card, Delete deletes the selected cards (or
// the row's) after asking. Headings of sortable columns sort (again: the other way).
import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { LIST_COLUMNS, type ListColumn, SORT_FIELDS, type SortDir, type SortField } from "@shared/contacts/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { useContactUi } from "../ui-state.ts";
import { ICONS } from "../icons.ts";
import { Avatar } from "../card/Avatar.tsx";
import { deleteWithConfirm, toggleImportant } from "./actions.ts";
import { dragCards } from "../drag.ts";

const SORTABLE: Partial<Record<ListColumn, SortField>> = { userName: "userName", email: "email", company: "company", organ: "organ", position: "position" };

export function CardTable({ cards, hidden, trash, sort, dir, selected, onSelect, onSort, loading, empty, onImportant, onDelete }: {
  cards: ContactCard[];
  hidden: Set<string>;
  trash: boolean;
  sort: string;
  dir: string;
  selected: Set<number>;
  onSelect(s: Set<number>): void;
  onSort(sort: SortField, dir: SortDir): void;
  loading: boolean;
  empty: string;
  /** Another book's importance and delete (the customer book); absent: the private book's. */
  onImportant?(ids: number[], on: boolean): void;
  onDelete?(cards: ContactCard[]): Promise<boolean>;
}) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const ui = useContactUi();
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const columns = LIST_COLUMNS.filter((c) => !hidden.has(c) && !(trash && c === "importantStatus"));
  const ids = cards.map((c) => c.id);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, cards.length - 1))), [cards.length]);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const focusRow = (i: number) => {
    setActive(i);
    body.current?.querySelectorAll<HTMLElement>("tr")[i]?.focus();
  };

  function onKey(e: React.KeyboardEvent, i: number, card: ContactCard) {
    if ((e.target as HTMLElement).closest("button, input, a") && e.target !== e.currentTarget) return;
    if (e.key === "ArrowDown") focusRow(Math.min(cards.length - 1, i + 1));
    else if (e.key === "ArrowUp") focusRow(Math.max(0, i - 1));
    else if (e.key === "Home") focusRow(0);
    else if (e.key === "End") focusRow(cards.length - 1);
    else if (e.key === " ") toggle(card.id);
    else if (e.key === "Enter") ui.openCard({ kind: "view", id: card.id });
    else if (e.key === "Delete") {
      const chosen = selected.size ? cards.filter((c) => selected.has(c.id)) : [card];
      void (onDelete ? onDelete(chosen) : deleteWithConfirm(qc, chosen, trash)).then((ok) => ok && onSelect(new Set()));
    } else return;
    e.preventDefault();
  }

  const allChecked = cards.length > 0 && ids.every((id) => selected.has(id));
  return (
    <table className="ct-table" aria-label={t("list.label")} aria-describedby="ct-table-keys">
      <thead>
        <tr>
          <th scope="col" className="ct-col-check">
            <input type="checkbox" className="ct-check" aria-label={t("list.selectAll")} checked={allChecked}
              onChange={() => onSelect(allChecked ? new Set() : new Set(ids))} />
          </th>
          {columns.map((c) => {
            const field = SORTABLE[c];
            const on = field && sort === field;
            return (
              <th key={c} scope="col" className={`ct-col-${c}`} aria-sort={on ? (dir === "desc" ? "descending" : "ascending") : undefined}>
                {field && (SORT_FIELDS as readonly string[]).includes(field)
                  ? (
                    <AriaButton className="ct-sort" onPress={() => onSort(field, on && dir === "asc" ? "desc" : "asc")}>
                      {c === "importantStatus" ? <span className="visually-hidden">{t(`column.${c}`)}</span> : t(`column.${c}`)}
                      {on && <span aria-hidden="true">{dir === "desc" ? " ↓" : " ↑"}</span>}
                    </AriaButton>
                  )
                  : c === "importantStatus"
                  ? <span className="visually-hidden">{t(`column.${c}`)}</span>
                  : t(`column.${c}`)}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody ref={body}>
        {cards.map((card, i) => (
          <tr
            key={card.id}
            tabIndex={i === active ? 0 : -1}
            aria-selected={selected.has(card.id)}
            data-card-id={card.id}
            className="ct-row"
            draggable={!trash}
            onDragStart={(e) => dragCards(e, selected.has(card.id) ? [...selected] : [card.id])}
            onFocus={(e) => e.target === e.currentTarget && setActive(i)}
            onKeyDown={(e) => onKey(e, i, card)}
            onClick={(e) => {
              if ((e.target as HTMLElement).closest("button, input, a")) return;
              setActive(i);
              ui.openCard({ kind: "view", id: card.id });
            }}
          >
            <td className="ct-col-check">
              <input type="checkbox" className="ct-check" tabIndex={-1} aria-label={t("list.select", { name: card.userName })}
                checked={selected.has(card.id)} onChange={() => toggle(card.id)} />
            </td>
            {columns.map((c) => <Fragment key={c}>{cell(c, card)}</Fragment>)}
          </tr>
        ))}
        {!loading && cards.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="ct-empty">{empty}</td>
          </tr>
        )}
      </tbody>
      <caption id="ct-table-keys" className="visually-hidden">{t("list.keys")}</caption>
    </table>
  );

  function cell(column: ListColumn, card: ContactCard) {
    switch (column) {
      case "importantStatus":
        return (
          <td className="ct-col-importantStatus">
            <AriaButton className="ct-star" data-on={card.importantStatus || undefined} excludeFromTabOrder
              aria-label={t(card.importantStatus ? "card.unmarkImportant" : "card.markImportant", { name: card.userName })}
              aria-pressed={card.importantStatus}
              onPress={() => (onImportant ? onImportant([card.id], !card.importantStatus) : void toggleImportant(qc, [card.id], !card.importantStatus))}>
              <SvgIcon d={ICONS.star} size={16} />
            </AriaButton>
          </td>
        );
      case "userName":
        return (
          <td className="ct-col-userName">
            <span className="ct-name-cell">
              <Avatar card={card} size={28} />
              <span className="ct-name">{card.userName}</span>
            </span>
          </td>
        );
      case "email":
        return <td className="ct-col-email">{card.emailList[0] ?? ""}{card.emailList.length > 1 && <span className="ct-more">+{card.emailList.length - 1}</span>}</td>;
      case "tel":
        return <td className="ct-col-tel">{card.telList[0] ?? ""}{card.telList.length > 1 && <span className="ct-more">+{card.telList.length - 1}</span>}</td>;
      case "url":
        return <td className="ct-col-url">{card.urlList[0] ?? ""}</td>;
      case "memo":
        return <td className="ct-col-memo"><span className="ct-clip">{card.memo}</span></td>;
      case "groups":
        return <td className="ct-col-groups">{card.contactGroupList.map((g) => g.groupName).join(", ")}</td>;
      default:
        return <td className={`ct-col-${column}`}>{card[column]}</td>;
    }
  }
}
