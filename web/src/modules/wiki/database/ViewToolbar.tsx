// The database's toolbar: table or board, the sort (a property, the title or a time, and the direction), the
// board's group-by property, hidden columns to show again, and + 필터, + 속성, + 새 행.
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { BUILTIN_SORTS, type SortDir, SORT_DIRS, type ViewKind } from "@shared/wiki/constants.ts";
import type { DatabaseView, Property } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";

const DEFAULT_SORT = "default";

export function ViewToolbar({ view, properties, editable, onChange, onAddFilter, onAddProperty, onAddRow }: {
  view: DatabaseView;
  properties: Property[];
  editable: boolean;
  onChange(patch: Partial<DatabaseView>): void;
  onAddFilter(): void;
  onAddProperty(): void;
  onAddRow(): void;
}) {
  const { t } = useTranslation("wiki");
  const sortOptions = [
    { id: DEFAULT_SORT, label: t("database.sort.default") },
    ...BUILTIN_SORTS.map((s) => ({ id: s, label: t(`database.sort.${s}`) })),
    ...properties.filter((p) => p.type !== "person").map((p) => ({ id: String(p.id), label: p.name })),
  ];
  const selects = properties.filter((p) => p.type === "select");
  const hidden = properties.filter((p) => view.hidden.includes(p.id));
  return (
    <div className="wdb-toolbar" role="toolbar" aria-label={t("database.toolbar")}>
      <ToggleButtonGroup className="wdb-kinds" aria-label={t("database.kind.label")} selectionMode="single" disallowEmptySelection
        selectedKeys={[view.kind]} onSelectionChange={(keys) => {
          const k = [...keys][0] as ViewKind | undefined;
          if (k && k !== view.kind) onChange({ kind: k, ...(k === "BOARD" && !view.groupBy && selects[0] ? { groupBy: selects[0].id } : {}) });
        }}>
        <ToggleButton id="TABLE" className="wdb-kind">{t("database.kind.TABLE")}</ToggleButton>
        <ToggleButton id="BOARD" className="wdb-kind">{t("database.kind.BOARD")}</ToggleButton>
      </ToggleButtonGroup>
      {view.kind === "BOARD" && (
        <SelectField label={t("database.board.groupBy")} value={view.groupBy ? String(view.groupBy) : null} placeholder={t("database.board.pickGroup")}
          options={selects.map((p) => ({ id: String(p.id), label: p.name }))} onChange={(id) => onChange({ groupBy: Number(id) })} />
      )}
      <SelectField label={t("database.sort.label")} value={view.sort ?? DEFAULT_SORT} options={sortOptions}
        onChange={(id) => onChange({ sort: id === DEFAULT_SORT ? null : id })} />
      {view.sort && (
        <SelectField label={t("database.sort.dir")} value={view.dir} options={SORT_DIRS.map((d) => ({ id: d, label: t(`database.sort.${d}`) }))}
          onChange={(d) => onChange({ dir: d as SortDir })} />
      )}
      <div className="wdb-toolbar-end">
        {hidden.length > 0 && (
          <MenuTrigger>
            <AriaButton className="btn btn-ghost">{t("database.hidden", { count: hidden.length })}</AriaButton>
            <Popover className="menu-popover">
              <Menu className="menu" aria-label={t("database.showHidden")} items={hidden}
                onAction={(k) => onChange({ hidden: view.hidden.filter((id) => id !== Number(k)) })}>
                {(p) => <MenuItem id={p.id} textValue={p.name} className="menu-item">{t("database.show", { name: p.name })}</MenuItem>}
              </Menu>
            </Popover>
          </MenuTrigger>
        )}
        {properties.length > 0 && <Button variant="secondary" onPress={onAddFilter}>{t("database.filter.add")}</Button>}
        {editable && <Button variant="secondary" onPress={onAddProperty}>{t("database.property.add")}</Button>}
        {editable && <Button onPress={onAddRow}>{t("database.row.new")}</Button>}
      </div>
    </div>
  );
}
