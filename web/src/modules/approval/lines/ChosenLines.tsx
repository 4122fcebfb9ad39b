// The chosen lines by group (APPROVAL, RECEIVE, CC, SHARE), each a react-aria GridList in its order: change
// the type, move up or down (buttons, or Alt+↑/↓ on a row), remove; the line's validation errors under it.
import { useTranslation } from "react-i18next";
import { GridList, GridListItem } from "react-aria-components";
import { GROUP_OF, LINE_GROUPS } from "@shared/approval/constants.ts";
import type { LineType } from "@shared/approval/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { byGroup, type EditorLine, flatten, isOrganType } from "./model.ts";

export function ChosenLines({ lines, errors, allowed, onMove, onRemove, onRetype }: {
  lines: EditorLine[];
  /** Validation codes by the line's position in flatten(lines). */
  errors: string[][];
  allowed: readonly LineType[];
  onMove(l: EditorLine, by: -1 | 1): void;
  onRemove(l: EditorLine): void;
  onRetype(l: EditorLine, type: LineType): void;
}) {
  const { t } = useTranslation("approval");
  const groups = byGroup(lines);
  const flat = flatten(lines);
  const shown = LINE_GROUPS.filter((g) => groups[g].length > 0 || allowed.some((a) => GROUP_OF[a] === g));

  return (
    <div className="al-chosen">
      {shown.map((g) => {
        const list = groups[g];
        const items = list.map((l, i) => ({ id: `${g}-${i}`, line: l, index: i, errs: errors[flat.indexOf(l)] ?? [] }));
        return (
          <section key={g} className="al-group" aria-labelledby={`al-group-${g}`}>
            <h4 id={`al-group-${g}`} className="al-group-title">{t(`lines.group.${g}`)} <span className="al-count">{list.length}</span></h4>
            {/* Alt+↑/↓ on a row moves it (caught before the list's own arrow keys). */}
            <div onKeyDownCapture={(e: React.KeyboardEvent) => {
                if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
                const row = (e.target as HTMLElement).closest("[role=row]");
                const rows = [...(row?.closest("[role=grid]")?.querySelectorAll("[role=row]") ?? [])];
                const item = row ? items[rows.indexOf(row)] : undefined;
                if (!item) return;
                e.preventDefault();
                e.stopPropagation();
                onMove(item.line, e.key === "ArrowUp" ? -1 : 1);
              }}>
            <GridList aria-labelledby={`al-group-${g}`} items={items} className="al-grid"
              renderEmptyState={() => <p className="al-muted">{t("lines.groupEmpty")}</p>}>
              {(it) => {
                const { line, index } = it;
                const types = allowed.filter((a) => GROUP_OF[a] && isOrganType(a) === isOrganType(line.type));
                return (
                  <GridListItem id={it.id} textValue={`${index + 1}. ${line.name} ${t(`lines.type.${line.type}`)}`}
                    className={it.errs.length ? "al-row al-row-invalid" : "al-row"}>
                    <div className="al-row-main">
                      <span className="al-order" aria-hidden="true">{index + 1}</span>
                      <span className="al-who">
                        <span className="al-name">{line.name}</span>
                        {line.detail && <span className="al-detail">{line.detail}</span>}
                      </span>
                      <div className="al-type">
                        <SelectField hideLabel label={t("lines.typeOf", { name: line.name })}
                          options={(types.includes(line.type) ? types : [line.type, ...types]).map((x) => ({ id: x, label: t(`lines.type.${x}`) }))}
                          value={line.type} onChange={(v) => onRetype(line, v as LineType)} />
                      </div>
                      <div className="al-row-actions">
                        <Button variant="ghost" className="al-icon-btn" aria-label={t("lines.moveUp", { name: line.name })}
                          isDisabled={index === 0} onPress={() => onMove(line, -1)}>↑</Button>
                        <Button variant="ghost" className="al-icon-btn" aria-label={t("lines.moveDown", { name: line.name })}
                          isDisabled={index === list.length - 1} onPress={() => onMove(line, 1)}>↓</Button>
                        <Button variant="ghost" className="al-icon-btn" aria-label={t("lines.remove", { name: line.name })}
                          onPress={() => onRemove(line)}>✕</Button>
                      </div>
                    </div>
                    {it.errs.length > 0 && (
                      <ul className="al-errors" role="list">
                        {it.errs.map((c) => <li key={c} className="al-error">{errorText(c)}</li>)}
                      </ul>
                    )}
                  </GridListItem>
                );
              }}
            </GridList>
            </div>
          </section>
        );
      })}
    </div>
  );
}
