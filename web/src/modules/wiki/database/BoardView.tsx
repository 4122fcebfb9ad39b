// The database as a board grouped by a select property: a column per option (in the options' order) and one for
// rows without a value (없음); a card shows the row's title and a few values. A card moves to another column by
// its 이동 menu (the keyboard's way) or by dragging it there; either sets the row's value. + in a column makes a
// row with that option.
import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { atLeast } from "@shared/wiki/constants.ts";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import type { Property, ValueInput } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { putValues } from "../api.ts";
import { docLinkProps } from "./doc-link.ts";
import { useWikiChange } from "./mutations.ts";
import { NewRowDialog } from "./NewRowDialog.tsx";
import { OptionChip } from "./OptionChip.tsx";
import { ValueDisplay } from "./ValueCell.tsx";
import { cleared, optionsOf, valueOf, valueText } from "./value.ts";

const NONE = "__none__";
const CARD_VALUES = 3;

export function BoardView({ databaseId, group, properties, rows, editable }: {
  databaseId: number;
  group: Property;
  /** The shown properties (a card shows the first few with a value). */
  properties: Property[];
  rows: WikiSummary[];
  editable: boolean;
}) {
  const { t } = useTranslation("wiki");
  const [newIn, setNewIn] = useState<string | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const move = useWikiChange(({ rowId, to }: { rowId: number; to: string }) =>
    putValues(rowId, [to === NONE ? cleared(group.id) : { propertyId: group.id, textValue: to }]));
  const columns = [...optionsOf(group).map((o) => ({ id: o.id, name: o.name, color: o.color })), { id: NONE, name: t("database.board.none"), color: null }];
  const columnOf = (r: WikiSummary) => {
    const id = valueOf(r.propertyValues, group.id)?.textValue ?? NONE;
    return columns.some((c) => c.id === id) ? id : NONE;
  };
  const presetFor = (col: string): ValueInput | undefined => (col === NONE ? undefined : { propertyId: group.id, textValue: col });
  const others = properties.filter((p) => p.id !== group.id);
  return (
    <div className="wdb-board">
      {columns.map((c) => {
        const cards = rows.filter((r) => columnOf(r) === c.id);
        return (
          <section key={c.id || "none"} className="wdb-column" aria-label={t("database.board.column", { name: c.name })} data-drop-target={dropOn === c.id || undefined}
            onDragOver={(e) => {
              if (!editable || !e.dataTransfer.types.includes("application/x-wiki-row")) return;
              e.preventDefault();
              setDropOn(c.id);
            }}
            onDragLeave={() => setDropOn((d) => (d === c.id ? null : d))}
            onDrop={(e) => {
              setDropOn(null);
              const rowId = Number(e.dataTransfer.getData("application/x-wiki-row"));
              const row = rows.find((r) => r.id === rowId);
              if (row && columnOf(row) !== c.id) move.mutate({ rowId, to: c.id });
            }}>
            <div className="wdb-column-head">
              <h3>{c.color ? <OptionChip name={c.name} color={c.color} /> : c.name} <span className="wdb-count">{cards.length}</span></h3>
              {editable && <Button variant="ghost" aria-label={t("database.board.addIn", { name: c.name })} onPress={() => setNewIn(c.id)}>+</Button>}
            </div>
            <ul className="wdb-cards">
              {cards.map((r) => {
                const title = r.title || t("database.untitled");
                const shown = others.filter((p) => valueOf(r.propertyValues, p.id) && (p.type === "checkbox" ? valueOf(r.propertyValues, p.id)?.boolValue : true))
                  .filter((p) => p.type === "select" || p.type === "multi_select" || p.type === "checkbox" || valueText(p, valueOf(r.propertyValues, p.id), "ko"))
                  .slice(0, CARD_VALUES);
                const canMove = editable && atLeast(r.accessLevel, "WRITE");
                return (
                  <li key={r.id} className="wdb-card" draggable={canMove}
                    onDragStart={(e) => {
                      e.dataTransfer.setData("application/x-wiki-row", String(r.id));
                      e.dataTransfer.effectAllowed = "move";
                    }}>
                    <Link {...docLinkProps(r.id)} className="wdb-card-title">{title}</Link>
                    {shown.length > 0 && (
                      <div className="wdb-card-values">
                        {shown.map((p) => (
                          <span key={p.id} title={p.name}>
                            <span className="visually-hidden">{p.name}: </span>
                            {p.type === "checkbox" ? `✓ ${p.name}` : <ValueDisplay property={p} value={valueOf(r.propertyValues, p.id)} />}
                          </span>
                        ))}
                      </div>
                    )}
                    {canMove && (
                      <div className="wdb-card-foot">
                        <MenuTrigger>
                          <AriaButton className="btn btn-ghost" aria-label={t("database.board.moveOf", { name: title })}>{t("database.board.move")}</AriaButton>
                          <Popover className="menu-popover" placement="bottom end">
                            <Menu className="menu" onAction={(k) => move.mutate({ rowId: r.id, to: String(k) })}
                              items={columns.filter((x) => x.id !== c.id)}>
                              {(x) => <MenuItem id={x.id} textValue={x.name} className="menu-item">{x.name}</MenuItem>}
                            </Menu>
                          </Popover>
                        </MenuTrigger>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {newIn !== null && (
        <NewRowDialog databaseId={databaseId} preset={presetFor(newIn)} onClose={() => setNewIn(null)}
          title={t("database.board.newIn", { name: columns.find((c) => c.id === newIn)?.name ?? "" })} />
      )}
    </div>
  );
}
