// The grid with its edit bar: locked by default; "Edit" unlocks moving, resizing, adding from the catalogue,
// renaming and removing; "Reset" goes back to the default. Serves the user's dashboard and the company default
// (admin), which differ only in what a widget shows and where the layout is saved.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModuleType } from "@shared/users.ts";
import type { Widget } from "@shared/home/widgets.ts";
import { Button } from "../../ui/Button.tsx";
import { Catalogue } from "./Catalogue.tsx";
import { Grid } from "./Grid.tsx";
import { addWidget } from "./layout.ts";
import { RenameDialog } from "./RenameDialog.tsx";
import { usePhoneWidth } from "./phone.ts";

export function Editor({ widgets, onChange, onReset, modules, body, label, resetLabel, status }: {
  widgets: Widget[];
  onChange(next: Widget[]): void;
  onReset(): void;
  /** The modules the catalogue offers widgets of; null: all. */
  modules: ModuleType[] | null;
  body(widget: Widget): ReactNode;
  label: string;
  resetLabel: string;
  /** A line beside the bar (saving, saved). */
  status?: ReactNode;
}) {
  const { t } = useTranslation("home");
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Widget | null>(null);
  const stacked = usePhoneWidth();
  const titleOf = (w: Widget) => w.title || t(`widget.${w.component}.title`);
  return (
    <div className="hm-editor">
      <div className="hm-bar" role="toolbar" aria-label={t("bar.label")}>
        <Button variant={editing ? "primary" : "secondary"} aria-pressed={editing} onPress={() => setEditing(!editing)}>
          {editing ? t("bar.done") : t("bar.edit")}
        </Button>
        {editing && <Button variant="secondary" onPress={() => setAdding(true)}>{t("bar.add")}</Button>}
        {editing && <Button variant="ghost" onPress={onReset}>{resetLabel}</Button>}
        <span className="hm-bar-status">{status}</span>
      </div>
      {editing && <p className="hm-note">{stacked ? t("bar.phoneHelp") : t("bar.help")}</p>}
      {widgets.length === 0 ? <p className="hm-state hm-empty">{t("grid.empty")}</p> : (
        <Grid
          widgets={widgets}
          editing={editing}
          stacked={stacked}
          onChange={onChange}
          onRename={setRenaming}
          titleOf={titleOf}
          body={body}
          label={label}
        />
      )}
      <Catalogue
        isOpen={adding}
        onClose={() => setAdding(false)}
        modules={modules}
        count={widgets.length}
        onAdd={(c) => {
          onChange(addWidget(widgets, c));
          setAdding(false);
        }}
      />
      <RenameDialog
        widget={renaming}
        onClose={() => setRenaming(null)}
        onSave={(title) => {
          if (renaming) onChange(widgets.map((w) => (w.i === renaming.i ? { ...w, title } : w)));
          setRenaming(null);
        }}
      />
    </div>
  );
}
