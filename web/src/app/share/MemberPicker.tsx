// Finds a colleague or an organisation by name or address (GET /api/autocomplete/email with typeList USER and
// ORGANIZATION) as a react-aria ComboBox, and hands the choice to onPick; the field then empties for the next.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { memberSearchQuery } from "./share-api.ts";

const DEBOUNCE_MS = 250;

/** label: the field's label (default: the share dialogs' "add a member to share with"). */
export function MemberPicker({ onPick, exclude, label }: { onPick(item: AutocompleteItem): void; exclude: Set<string>; label?: string }) {
  const { t } = useTranslation("share");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const search = useQuery(memberSearchQuery(query));
  const items = (search.data?.content ?? []).filter((i) => !exclude.has(`${i.type}:${i.id}`))
    .map((i) => ({ ...i, key: `${i.type}:${i.id}` }));

  return (
    <ComboBox
      className="field share-combo"
      items={items}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={null}
      onSelectionChange={(key) => {
        const item = items.find((i) => i.key === key);
        if (!item) return;
        onPick(item);
        setInput("");
        setQuery("");
      }}
      menuTrigger="input"
      allowsEmptyCollection={input.trim().length > 0}
    >
      <Label className="field-label">{label ?? t("members.add")}</Label>
      <Input className="field-input" placeholder={t("members.searchPlaceholder")} />
      <Popover className="menu-popover share-combo-popover" placement="bottom start">
        <ListBox className="menu" renderEmptyState={() => (
          <div className="share-muted share-pad">{!query ? t("members.typeToSearch") : search.isFetching ? t("loading") : t("members.noMatch")}</div>
        )}>
          {(i: (typeof items)[number]) => (
            <ListBoxItem id={i.key} textValue={`${i.name} <${i.email}>`} className="menu-item share-combo-item">
              <span>
                <span className="share-name">{i.name}</span>
                <span className="share-muted"> {i.email}{i.organizationName ? ` · ${i.organizationName}` : ""}</span>
              </span>
              <span className="share-badge">{t(`memberType.${i.type}`)}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
