// Finds a colleague by name or address (GET /api/autocomplete/email, people only) as a react-aria ComboBox and
// hands the choice to onPick; the field then empties for the next. Used to invite people to a project.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { memberSearchQuery } from "../../../app/share/share-api.ts";

const DEBOUNCE_MS = 250;

export function PersonPicker({ label, exclude, onPick }: { label: string; exclude: Set<number>; onPick(p: AutocompleteItem): void }) {
  const { t } = useTranslation("flow");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const search = useQuery(memberSearchQuery(query));
  const items = (search.data?.content ?? []).filter((i) => i.type === "USER" && !exclude.has(i.id));
  return (
    <ComboBox className="field share-combo" items={items} inputValue={input} onInputChange={setInput} selectedKey={null}
      menuTrigger="input" allowsEmptyCollection={input.trim().length > 0}
      onSelectionChange={(key) => {
        const u = items.find((i) => i.id === Number(key));
        if (!u) return;
        onPick(u);
        setInput("");
        setQuery("");
      }}>
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={t("members.pickPlaceholder")} />
      <Popover className="menu-popover share-combo-popover" placement="bottom start">
        <ListBox className="menu" renderEmptyState={() => (
          <div className="fl-muted fl-pad">{!query ? t("members.typeToSearch") : search.isFetching ? t("common.loading") : t("members.noMatch")}</div>
        )}>
          {(i: AutocompleteItem) => (
            <ListBoxItem id={i.id} textValue={`${i.name} <${i.email}>`} className="menu-item share-combo-item">
              <span>
                <span className="share-name">{i.name}</span>
                <span className="fl-muted"> {i.email}{i.organizationName ? ` · ${i.organizationName}` : ""}</span>
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
