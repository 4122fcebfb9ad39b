// The managers of a board: colleagues found by name or address (GET /api/autocomplete/email, users only) as a
// react-aria ComboBox that empties for the next; each can be removed, but one must stay. When a board is made,
// its maker is its first manager and the list holds the others.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import type { BoardUserRef } from "@shared/board/boards.ts";
import { MANAGERS_MAX } from "@shared/board/constants.ts";
import { memberSearchQuery } from "../../../../app/share/share-api.ts";
import { Button } from "../../../../ui/Button.tsx";

const DEBOUNCE_MS = 250;

export function ManagersField({ managers, onChange, creating }: { managers: BoardUserRef[]; onChange(list: BoardUserRef[]): void; creating: boolean }) {
  const { t } = useTranslation("board");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const search = useQuery(memberSearchQuery(query));
  const items = (search.data?.content ?? []).filter((i) => i.type === "USER" && !managers.some((m) => m.id === i.id));
  const full = managers.length >= MANAGERS_MAX;
  return (
    <fieldset className="bdc-fieldset">
      <legend className="field-label">{t("config.form.managers")}</legend>
      {creating && <p className="bd-muted">{t("config.form.creatorManages")}</p>}
      {managers.length > 0 && (
        <ul className="bdc-members" aria-label={t("config.form.managerList")}>
          {managers.map((m) => (
            <li key={m.id} className="bdc-member">
              <span className="bdc-member-who">
                <span className="share-name">{m.name}</span>
                <span className="bd-muted">{m.email}</span>
              </span>
              <Button variant="ghost" isDisabled={!creating && managers.length === 1} aria-label={t("config.form.removeManager", { name: m.name })}
                onPress={() => onChange(managers.filter((x) => x !== m))}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ComboBox className="field share-combo" items={items} inputValue={input} onInputChange={setInput} selectedKey={null} isDisabled={full}
        menuTrigger="input" allowsEmptyCollection={input.trim().length > 0}
        onSelectionChange={(key) => {
          const u = items.find((i) => i.id === Number(key));
          if (!u) return;
          onChange([...managers, { id: u.id, name: u.name, email: u.email }]);
          setInput("");
          setQuery("");
        }}>
        <Label className="field-label">{t("config.form.addManager")}</Label>
        <Input className="field-input" placeholder={t("config.form.managerPlaceholder")} />
        <Popover className="menu-popover share-combo-popover" placement="bottom start">
          <ListBox className="menu" renderEmptyState={() => (
            <div className="bd-muted bd-pad">{search.isFetching ? t("config.loading") : t("config.form.noMatch")}</div>
          )}>
            {(u: (typeof items)[number]) => (
              <ListBoxItem id={u.id} textValue={`${u.name} <${u.email}>`} className="menu-item">
                <span className="share-name">{u.name}</span>
                <span className="bd-muted"> {u.email}{u.organizationName ? ` · ${u.organizationName}` : ""}</span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </fieldset>
  );
}
