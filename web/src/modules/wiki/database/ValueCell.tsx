// One property value of one row, shown by type and edited in place: a button that opens the type's editor in a
// popover (Enter or Space, or a click), or for a checkbox the checkbox itself. Read-only without WRITE.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from "react-aria-components";
import type { Property, PropertyValue, ValueInput } from "@shared/wiki/properties.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { putValues } from "../api.ts";
import { useWikiChange } from "./mutations.ts";
import { OptionChip } from "./OptionChip.tsx";
import { ValueEditor } from "./ValueEditor.tsx";
import { chosenOptions, valueText } from "./value.ts";

/** What a value shows: option chips, or its text. */
export function ValueDisplay({ property: p, value }: { property: Property; value: PropertyValue | null }) {
  const { i18n } = useTranslation();
  if (p.type === "select" || p.type === "multi_select") {
    return <>{chosenOptions(p, value).map((o) => <OptionChip key={o.id} name={o.name} color={o.color} />)}</>;
  }
  if (p.type === "checkbox") return <>{value?.boolValue ? "✓" : ""}</>;
  return <>{valueText(p, value, i18n.language)}</>;
}

export function useSaveValue(rowId: number) {
  return useWikiChange((v: ValueInput) => putValues(rowId, [v]));
}

/** label: the value's accessible name (the property, and the row in a table). */
export function ValueCell({ rowId, property: p, value, editable, label }: {
  rowId: number;
  property: Property;
  value: PropertyValue | null;
  editable: boolean;
  label: string;
}) {
  const { t } = useTranslation("wiki");
  const save = useSaveValue(rowId);
  const [open, setOpen] = useState(false);
  const shown = useId();
  if (p.type === "checkbox") {
    return (
      <div className="wdb-cell-check">
        <Checkbox isSelected={!!value?.boolValue} isDisabled={!editable} onChange={(v) => save.mutate({ propertyId: p.id, boolValue: v })}>
          <span className="visually-hidden">{label}</span>
        </Checkbox>
      </div>
    );
  }
  const empty = !value || (p.type !== "select" && p.type !== "multi_select" && !valueText(p, value, "ko"))
    || ((p.type === "select" || p.type === "multi_select") && chosenOptions(p, value).length === 0);
  if (!editable) {
    if (p.type === "url" && value?.textValue) {
      return <div className="wdb-cell"><a href={value.textValue} target="_blank" rel="noopener noreferrer">{value.textValue}</a></div>;
    }
    return <div className="wdb-cell" aria-label={empty ? `${label}: ${t("database.value.empty")}` : undefined}><ValueDisplay property={p} value={value} /></div>;
  }
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton className="wdb-cell" aria-label={label} aria-describedby={empty ? undefined : shown}>
        {empty ? <span className="wdb-empty" aria-hidden="true">—</span> : <span id={shown}><ValueDisplay property={p} value={value} /></span>}
      </AriaButton>
      <Popover className="wdb-popover" placement="bottom start">
        <Dialog aria-label={label} className="wdb-dialog">
          <ValueEditor property={p} value={value} onSave={(v) => save.mutate(v)} onClose={() => setOpen(false)} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
