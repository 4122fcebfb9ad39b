// A select property's options (001 §3 "Property"; issue 29: add, rename, recolour, reorder, delete): each
// option as its chip with a colour choice, up and down, rename and delete; a form adds one.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { OPTION_COLORS, OPTION_NAME_MAX, type OptionColor } from "@shared/wiki/constants.ts";
import type { Property, SelectOption } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { addOption, deleteOption, moveOption, patchOption } from "../api.ts";
import { useWikiChange } from "./mutations.ts";
import { OptionChip } from "./OptionChip.tsx";
import { optionsOf } from "./value.ts";

export function OptionsEditor({ property: p }: { property: Property }) {
  const { t } = useTranslation("wiki");
  const options = optionsOf(p);
  const [name, setName] = useState("");
  // A new option's colour: the next in OPTION_COLORS after those in use, so options tell apart at a glance.
  const nextColor = (count: number) => OPTION_COLORS[(count + 4) % OPTION_COLORS.length];
  const [color, setColor] = useState<OptionColor>(nextColor(options.length));
  const add = useWikiChange(() => addOption(p.id, { name: name.trim(), color }), (prop) => {
    setName("");
    setColor(nextColor(prop.config.options?.length ?? 0));
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) add.mutate(undefined);
  };
  const colorOptions = OPTION_COLORS.map((c) => ({ id: c, label: t(`database.color.${c}`) }));
  return (
    <div className="wdb-editor">
      <h3>{t("database.options.title")}</h3>
      {options.length === 0
        ? <p className="wdb-muted">{t("database.value.noOptions")}</p>
        : (
          <ul className="wdb-options" aria-label={t("database.options.list")}>
            {options.map((o, i) => <OptionRow key={o.id} property={p} option={o} prev={options[i - 1]} prevPrev={options[i - 2]} next={options[i + 1]} />)}
          </ul>
        )}
      <form className="wdb-option-row" onSubmit={submit}>
        <TextField label={t("database.options.new")} value={name} onChange={setName} maxLength={OPTION_NAME_MAX} />
        <SelectField label={t("database.options.newColor")} value={color} options={colorOptions} onChange={(c) => setColor(c as OptionColor)} />
        <Button type="submit" isDisabled={!name.trim() || add.isPending}>{t("database.options.add")}</Button>
      </form>
    </div>
  );
}

function OptionRow({ property: p, option: o, prev, prevPrev, next }: {
  property: Property;
  option: SelectOption;
  prev?: SelectOption;
  prevPrev?: SelectOption;
  next?: SelectOption;
}) {
  const { t } = useTranslation("wiki");
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(o.name);
  const patch = useWikiChange((body: { name?: string; color?: OptionColor }) => patchOption(p.id, o.id, body), () => setRenaming(false));
  const move = useWikiChange((prevId: string | null) => moveOption(p.id, o.id, prevId));
  const remove = useWikiChange(() => deleteOption(p.id, o.id));
  const askRemove = async () => {
    if (await confirm({ message: t("database.options.confirmDelete", { name: o.name }), confirmLabel: t("database.delete"), danger: true })) remove.mutate(undefined);
  };
  return (
    <li className="wdb-option-row">
      {renaming
        ? (
          <form className="wdb-option-row" onSubmit={(e) => (e.preventDefault(), name.trim() && patch.mutate({ name: name.trim() }))}>
            <TextField label={t("database.options.nameOf", { name: o.name })} value={name} onChange={setName} maxLength={OPTION_NAME_MAX} autoFocus />
            <Button type="submit">{t("database.value.save")}</Button>
            <Button variant="ghost" onPress={() => (setRenaming(false), setName(o.name))}>{t("database.cancel")}</Button>
          </form>
        )
        : <OptionChip name={o.name} color={o.color} />}
      <SelectField hideLabel label={t("database.options.colorOf", { name: o.name })} value={o.color}
        options={OPTION_COLORS.map((c) => ({ id: c, label: t(`database.color.${c}`) }))} onChange={(c) => c !== o.color && patch.mutate({ color: c as OptionColor })} />
      <Button variant="ghost" aria-label={t("database.options.up", { name: o.name })} isDisabled={!prev} onPress={() => move.mutate(prevPrev?.id ?? null)}>↑</Button>
      <Button variant="ghost" aria-label={t("database.options.down", { name: o.name })} isDisabled={!next} onPress={() => next && move.mutate(next.id)}>↓</Button>
      {!renaming && <Button variant="ghost" aria-label={t("database.options.rename", { name: o.name })} onPress={() => setRenaming(true)}>{t("database.rename")}</Button>}
      <Button variant="ghost" aria-label={t("database.options.delete", { name: o.name })} onPress={askRemove}>✕</Button>
    </li>
  );
}
