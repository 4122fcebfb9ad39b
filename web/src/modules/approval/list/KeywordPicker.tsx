// The drafter or drafting department of a box filter: a combo box over the company's people or departments
// (GET api/autocomplete/email), so the address keeps the id with the name shown.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { autocomplete } from "../api.ts";

export interface Picked {
  id: number;
  name: string;
  email: string;
}

export function KeywordPicker({ kind, picked, onPick }: { kind: "USER" | "ORGANIZATION"; picked: Picked | null; onPick(p: Picked | null): void }) {
  const { t } = useTranslation("approval");
  const [text, setText] = useState(picked?.name ?? "");
  const word = text.trim();
  const found = useQuery({
    queryKey: ["approval", "autocomplete", kind, word],
    queryFn: ({ signal }) => autocomplete(word, kind, signal),
    enabled: word.length > 0 && word !== picked?.name,
    staleTime: 30_000,
  });
  const items = (found.data?.content ?? []).filter((i) => i.type === kind);
  return (
    <ComboBox className="field ap-filter-words" inputValue={text} allowsEmptyCollection menuTrigger="input"
      onInputChange={(v) => {
        setText(v);
        if (picked && v !== picked.name) onPick(null);
      }}
      selectedKey={picked ? String(picked.id) : null}
      onSelectionChange={(k) => {
        const item = items.find((i) => String(i.id) === String(k));
        if (!item) return;
        onPick({ id: item.id, name: item.name, email: item.email });
        setText(item.name);
      }}>
      <Label className="field-label">{t(kind === "USER" ? "filter.drafter" : "filter.organ")}</Label>
      <Input className="field-input" />
      <Popover className="menu-popover">
        <ListBox className="menu" items={items} renderEmptyState={() => <div className="ap-muted ap-pad">{word ? t("filter.noMatch") : ""}</div>}>
          {(i) => (
            <ListBoxItem id={String(i.id)} textValue={i.name} className="menu-item">
              <span>{i.name}</span>
              {kind === "USER" && <span className="ap-muted"> {i.organizationName ?? i.email}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
