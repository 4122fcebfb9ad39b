// The editor of one property value, by the property's type (shared/wiki/properties.ts), shown in a cell's or a
// row's popover: text, URL, number and date as a field (Enter saves), select and multi-select as a list of the
// option chips, person as the chosen people with a colleague search. onSave gets the body of the new value.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListBox, ListBoxItem, type Selection } from "react-aria-components";
import type { Property, PropertyValue, ValueInput } from "@shared/wiki/properties.ts";
import { TEXT_VALUE_MAX } from "@shared/wiki/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { OptionChip } from "./OptionChip.tsx";
import { PersonPicker } from "./PersonPicker.tsx";
import { chosenOptions, cleared, dateInput, dateValue, optionsOf, personsOf } from "./value.ts";

export interface EditorProps {
  property: Property;
  value: PropertyValue | null;
  onSave(v: ValueInput): void;
  onClose(): void;
}

export function ValueEditor(props: EditorProps) {
  switch (props.property.type) {
    case "select":
    case "multi_select":
      return <OptionsValueEditor {...props} />;
    case "person":
      return <PersonValueEditor {...props} />;
    case "date":
      return <DateValueEditor {...props} />;
    default:
      return <FieldValueEditor {...props} />;
  }
}

function Actions({ onClear }: { onClear(): void }) {
  const { t } = useTranslation("wiki");
  return (
    <div className="wdb-editor-actions">
      <Button variant="ghost" onPress={onClear}>{t("database.value.clear")}</Button>
      <Button type="submit">{t("database.value.save")}</Button>
    </div>
  );
}

function FieldValueEditor({ property: p, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("wiki");
  const initial = p.type === "number" ? (value?.numberValue ?? "").toString() : (value?.textValue ?? "");
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = text.trim();
    if (!s) return (onSave(cleared(p.id)), onClose());
    if (p.type === "number") {
      const n = Number(s.replace(/,/g, ""));
      if (!Number.isFinite(n)) return setError(t("database.value.notNumber"));
      onSave({ propertyId: p.id, numberValue: n });
    } else if (p.type === "url") {
      if (!/^https?:\/\/\S+$/i.test(s)) return setError(t("database.value.notUrl"));
      onSave({ propertyId: p.id, textValue: s });
    } else onSave({ propertyId: p.id, textValue: s });
    onClose();
  };
  return (
    <form className="wdb-editor" onSubmit={submit}>
      <TextField label={p.name} value={text} onChange={(v) => (setText(v), setError(undefined))} autoFocus errorMessage={error}
        maxLength={TEXT_VALUE_MAX} inputMode={p.type === "number" ? "decimal" : undefined} type={p.type === "url" ? "url" : "text"} />
      <Actions onClear={() => (onSave(cleared(p.id)), onClose())} />
    </form>
  );
}

function DateValueEditor({ property: p, value, onSave, onClose }: EditorProps) {
  const [text, setText] = useState(dateInput(value?.textValue ?? null, p.config.includeTime));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = dateValue(text);
    onSave(v ? { propertyId: p.id, textValue: v } : cleared(p.id));
    onClose();
  };
  return (
    <form className="wdb-editor" onSubmit={submit}>
      <NativeField label={p.name} type={p.config.includeTime ? "datetime-local" : "date"} value={text} onChange={setText} autoFocus />
      <Actions onClear={() => (onSave(cleared(p.id)), onClose())} />
    </form>
  );
}

function OptionsValueEditor({ property: p, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("wiki");
  const multi = p.type === "multi_select";
  const [chosen, setChosen] = useState(() => chosenOptions(p, value).map((o) => o.id));
  const options = optionsOf(p);
  const change = (keys: Selection) => {
    const ids = keys === "all" ? options.map((o) => o.id) : options.filter((o) => keys.has(o.id)).map((o) => o.id);
    setChosen(ids);
    if (multi) onSave(ids.length ? { propertyId: p.id, jsonValue: ids } : cleared(p.id));
    else {
      onSave(ids.length ? { propertyId: p.id, textValue: ids[0] } : cleared(p.id));
      onClose();
    }
  };
  return (
    <div className="wdb-editor">
      {options.length === 0
        ? <p className="wdb-muted">{t("database.value.noOptions")}</p>
        : (
          <ListBox aria-label={p.name} className="menu" selectionMode={multi ? "multiple" : "single"} selectedKeys={chosen} onSelectionChange={change}
            autoFocus items={options}>
            {(o) => (
              <ListBoxItem id={o.id} textValue={o.name} className="menu-item">
                {({ isSelected }) => (
                  <>
                    <OptionChip name={o.name} color={o.color} />
                    {isSelected && <span aria-hidden="true">✓</span>}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        )}
      <div className="wdb-editor-actions">
        <Button variant="ghost" onPress={() => (setChosen([]), onSave(cleared(p.id)), multi || onClose())}>{t("database.value.clear")}</Button>
        {multi && <Button onPress={onClose}>{t("database.value.done")}</Button>}
      </div>
    </div>
  );
}

function PersonValueEditor({ property: p, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("wiki");
  const [people, setPeople] = useState(() => personsOf(value).map((u) => ({ id: u.id, name: u.accountName || u.username })));
  const save = (next: typeof people) => {
    setPeople(next);
    onSave(next.length ? { propertyId: p.id, jsonValue: next.map((u) => u.id) } : cleared(p.id));
  };
  return (
    <div className="wdb-editor">
      {people.length > 0 && (
        <ul className="wdb-persons" aria-label={p.name}>
          {people.map((u) => (
            <li key={u.id} className="wdb-person">
              <span>{u.name}</span>
              <Button variant="ghost" aria-label={t("database.person.remove", { name: u.name })} onPress={() => save(people.filter((x) => x.id !== u.id))}>✕</Button>
            </li>
          ))}
        </ul>
      )}
      <PersonPicker label={t("database.person.add")} exclude={people.map((u) => u.id)} onPick={(i) => save([...people, { id: i.id, name: i.name }])} />
      <div className="wdb-editor-actions">
        <Button onPress={onClose}>{t("database.value.done")}</Button>
      </div>
    </div>
  );
}
