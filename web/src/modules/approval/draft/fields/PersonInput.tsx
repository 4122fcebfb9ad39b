// A person field: a colleague found by name (GET api/users/members) in a react-aria ComboBox; the value is
// { id, name }.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { memberSearchQuery } from "../../lines/api.ts";
import type { InputProps } from "./inputs.tsx";

type Ref = { id: number; name: string } | null;

export function PersonInput({ field, value, onChange, error }: InputProps<Ref>) {
  const { t } = useTranslation("approval");
  const [input, setInput] = useState(value?.name ?? "");
  const [word, setWord] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setWord(input.trim() === value?.name ? "" : input.trim()), 250);
    return () => clearTimeout(id);
  }, [input]);
  const search = useQuery(memberSearchQuery(word));
  const items = (search.data?.content ?? []).map((m) => ({ id: m.id, name: m.accountName, detail: [m.organizationName, m.position].filter(Boolean).join(" · ") }));
  const withCurrent = value && !items.some((i) => i.id === value.id) ? [{ id: value.id, name: value.name, detail: "" }, ...items] : items;

  return (
    <ComboBox className="ad-field" items={withCurrent} inputValue={input} onInputChange={(v) => {
      setInput(v);
      if (!v.trim()) onChange(null);
    }}
      selectedKey={value?.id ?? null} isRequired={field.required} isInvalid={!!error} validationBehavior="aria"
      onSelectionChange={(k) => {
        const p = withCurrent.find((i) => i.id === k);
        if (p) {
          onChange({ id: p.id, name: p.name });
          setInput(p.name);
        }
      }} menuTrigger="input" allowsEmptyCollection={input.trim().length > 0}>
      <Label className="visually-hidden">{field.label}</Label>
      <Input className="field-input" placeholder={field.placeholder || t("draft.personPlaceholder")} />
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="menu-popover">
        <ListBox className="menu" renderEmptyState={() => <p className="ad-muted">{search.isFetching ? t("draft.loading") : t("draft.noMatch")}</p>}>
          {(i: (typeof withCurrent)[number]) => (
            <ListBoxItem id={i.id} textValue={i.name} className="menu-item">
              <span>{i.name}</span> {i.detail && <span className="ad-muted">{i.detail}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
