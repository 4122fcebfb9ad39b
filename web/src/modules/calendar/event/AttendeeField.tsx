// Attendees in the event dialog: colleagues picked by name or address from the directory (GET
// api/autocomplete/email, the call the mail composer's recipient fields use), or any address typed and added
// with Enter, a comma or leaving the field. Each attendee is a row with a remove button.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import * as calApi from "../api.ts";
import { EMAIL, type Person } from "./form.ts";

export function AttendeeField({ value, onChange, error }: { value: Person[]; onChange(v: Person[]): void; error?: string }) {
  const { t } = useTranslation("calendar");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), 200);
    return () => clearTimeout(id);
  }, [input]);
  const found = useQuery({
    queryKey: ["calendar", "people", query],
    queryFn: ({ signal }) => calApi.findPeople(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const present = new Set(value.map((p) => p.email.toLowerCase()));
  const items = query ? (found.data?.content ?? []).filter((u) => u.type === "USER" && !present.has(u.email.toLowerCase())) : [];

  function add(p: Person) {
    if (present.has(p.email.toLowerCase())) return;
    onChange([...value, p]);
  }

  function commitTyped(): boolean {
    const parts = input.split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean);
    if (!parts.length) return false;
    const fresh = parts.filter((e, i) => !present.has(e.toLowerCase()) && parts.indexOf(e) === i).map((email) => ({ email, name: "", userId: null }));
    if (fresh.length) onChange([...value, ...fresh]);
    setInput("");
    return true;
  }

  return (
    <div className="cal-attendee-field">
      <div onKeyDownCapture={(e) => {
        const target = e.target as HTMLElement;
        if (target !== inputRef.current) return;
        const active = target.getAttribute("aria-activedescendant");
        if ((e.key === "," || e.key === ";" || (e.key === "Enter" && !active)) && input.trim()) {
          e.preventDefault();
          e.stopPropagation();
          commitTyped();
        }
      }}>
        <ComboBox<AutocompleteItem>
          className="field"
          items={items}
          inputValue={input}
          onInputChange={setInput}
          selectedKey={null}
          onSelectionChange={(key) => {
            const u = items.find((i) => `${i.type}:${i.id}` === key);
            if (!u) return;
            add({ email: u.email, name: u.name, userId: u.id });
            setInput("");
            setQuery("");
          }}
          onBlur={() => commitTyped()}
          menuTrigger="input"
          allowsCustomValue
          allowsEmptyCollection={input.trim().length > 0}
        >
          <Label className="field-label">{t("attendee.label")}</Label>
          <Input ref={inputRef} className="field-input" placeholder={t("attendee.placeholder")} />
          <Popover className="menu-popover" placement="bottom start">
            <ListBox<AutocompleteItem> className="menu" renderEmptyState={() => (
              <div className="cal-muted cal-ac-empty">{found.isFetching || query !== input.trim() ? t("attendee.searching") : t("attendee.noMatch")}</div>
            )}>
              {(u) => (
                <ListBoxItem id={`${u.type}:${u.id}`} textValue={`${u.name} <${u.email}>`} className="menu-item cal-ac-item">
                  <span>{u.name}</span>
                  <span className="cal-muted">{u.email}{u.organizationName ? ` · ${u.organizationName}` : ""}</span>
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      </div>
      {value.length > 0 && (
        <ul className="cal-people" aria-label={t("attendee.list")}>
          {value.map((p) => {
            const bad = !EMAIL.test(p.email);
            return (
              <li key={p.email} className="cal-person" data-invalid={bad || undefined}>
                <span className="cal-person-name">{p.name || p.email}</span>
                {p.name && <span className="cal-muted cal-person-mail">{p.email}</span>}
                {!p.userId && <span className="cal-badge">{bad ? t("attendee.invalid") : t("attendee.external")}</span>}
                <Button variant="ghost" className="cal-icon-btn cal-icon-sm" aria-label={t("attendee.remove", { name: p.name || p.email })}
                  onPress={() => onChange(value.filter((x) => x.email !== p.email))}>
                  <Icon name="close" size={14} />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="field-error" role="alert">{t(`calendarErrors:${error}`)}</p>}
    </div>
  );
}
