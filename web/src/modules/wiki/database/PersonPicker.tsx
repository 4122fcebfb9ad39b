// Finds a colleague by name or address (GET /api/autocomplete/email, users only, as the share dialogs' picker
// does with organisations too) and hands the choice to onPick; the field then empties for the next.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";

const DEBOUNCE_MS = 250;

const userSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ["autocomplete", "USER", query],
    queryFn: ({ signal }) => api<Page<AutocompleteItem>>("/api/autocomplete/email", { query: { query, typeList: ["USER"], page: 0, pageSize: 10 }, signal }),
    enabled: query.length > 0,
    staleTime: 30_000,
  });

export function PersonPicker({ label, exclude, onPick }: { label: string; exclude: readonly number[]; onPick(item: AutocompleteItem): void }) {
  const { t } = useTranslation("wiki");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const search = useQuery(userSearchQuery(query));
  const items = (search.data?.content ?? []).filter((i) => i.type === "USER" && !exclude.includes(i.id));
  return (
    <ComboBox className="field" items={items} inputValue={input} onInputChange={setInput} selectedKey={null} menuTrigger="input"
      allowsEmptyCollection={input.trim().length > 0}
      onSelectionChange={(key) => {
        const item = items.find((i) => i.id === key);
        if (!item) return;
        onPick(item);
        setInput("");
        setQuery("");
      }}>
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={t("database.person.placeholder")} />
      <Popover className="menu-popover" placement="bottom start">
        <ListBox className="menu" renderEmptyState={() => (
          <div className="wdb-muted wdb-editor">{search.isFetching || input.trim() !== query ? t("database.loading") : t("database.person.noMatch")}</div>
        )}>
          {(i: AutocompleteItem) => (
            <ListBoxItem id={i.id} textValue={i.name} className="menu-item">
              <span>{i.name} <span className="wdb-muted">{i.email}</span></span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
