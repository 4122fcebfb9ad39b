// Picks one colleague by name or address (GET /api/autocomplete/email?typeList[]=USER), as a react-aria
// ComboBox: type to search, arrows to move, Enter to choose. To empty it from outside, change its `key`.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { userSearchQuery } from "./api.ts";

const DEBOUNCE_MS = 250;

export function labelOf(u: Pick<AutocompleteItem, "name" | "email">): string {
  return `${u.name} <${u.email}>`;
}

export function UserPicker({ label, description, value, onChange, excludeIds = [], isDisabled, errorMessage }: {
  label: string;
  description?: string;
  value: AutocompleteItem | null;
  onChange(u: AutocompleteItem | null): void;
  excludeIds?: number[];
  isDisabled?: boolean;
  errorMessage?: string;
}) {
  const { t } = useTranslation("account");
  const [input, setInput] = useState(value ? labelOf(value) : "");
  const [query, setQuery] = useState("");

  useEffect(() => {
    const typed = value && input === labelOf(value) ? "" : input.trim();
    const id = setTimeout(() => setQuery(typed), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input, value]);

  const search = useQuery(userSearchQuery(query));
  const found = (search.data?.content ?? []).filter((u) => u.type === "USER" && !excludeIds.includes(u.id));
  // The chosen colleague stays in the list even when the search behind it has moved on (its text is no longer
  // searched): react-aria takes a selected key that is missing from the items for "nothing selected", and on
  // blur (pressing the submit button) or Enter it would report the selection as cleared.
  const items = value && !found.some((u) => u.id === value.id) ? [value, ...found] : found;
  const known = new Map(items.map((u) => [u.id, u]));

  return (
    <ComboBox
      className="field acc-combo"
      items={items}
      inputValue={input}
      onInputChange={(v) => {
        setInput(v);
        if (value && v !== labelOf(value)) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const u = key == null ? null : known.get(Number(key)) ?? null;
        onChange(u);
        if (u) setInput(labelOf(u));
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
    >
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={t("picker.placeholder")} />
      {description && <Text slot="description" className="field-description">{description}</Text>}
      {errorMessage && <Text slot="errorMessage" className="field-error">{errorMessage}</Text>}
      <Popover className="menu-popover acc-combo-popover" placement="bottom start">
        <ListBox<AutocompleteItem>
          className="menu"
          renderEmptyState={() => (
            <div className="acc-combo-empty">{!query ? t("picker.typeToSearch") : search.isFetching ? t("loadingShort") : t("picker.noMatch")}</div>
          )}
        >
          {(u) => (
            <ListBoxItem id={u.id} textValue={labelOf(u)} className="menu-item acc-combo-item">
              <span className="acc-combo-name">{u.name}</span>
              <span className="acc-muted">{u.email}{u.organizationName ? ` · ${u.organizationName}` : ""}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
