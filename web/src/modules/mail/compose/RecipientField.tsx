// One recipient field (To, Cc or Bcc): the addresses as chips (a react-aria TagGroup: arrows move, Delete or
// Backspace removes) followed by an input with address autocomplete (a react-aria ComboBox over GET
// api/autocomplete/email: people and organisations). Enter, comma, semicolon or a paste of several addresses
// turn the typed text into chips; Backspace in the empty input removes the last chip. Each chip carries the
// §5 email check as its valid flag (invalid chips are marked and announced).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, ComboBox, Input, ListBox, ListBoxItem, Popover, Tag, TagGroup, TagList,
} from "react-aria-components";
import type { AutocompleteCandidate } from "@shared/organizations.ts";
import { Icon } from "../../../ui/icons.tsx";
import { addressSearchQuery } from "./api.ts";
import { addressOf, type Recipient, recipient } from "./state.ts";

const DEBOUNCE_MS = 200;
const SEPARATORS = /[,;\n\r\t]+/;

/** Where a candidate comes from, besides colleagues: an organisation, a card of the address book or the customer book. */
const BADGES = { ORGANIZATION: "compose.organization", CONTACT: "compose.fromContacts", CUSTOMER: "compose.fromCustomers" } as const;

export const itemLabel = (u: Pick<AutocompleteCandidate, "name" | "email">) => (u.name ? `${u.name} <${u.email}>` : u.email);

/** Splits pasted or typed text into addresses ("A <a@x>, b@y; c@z"). */
export function splitAddresses(text: string): string[] {
  return text.split(SEPARATORS).map((s) => s.trim()).filter(Boolean);
}

export function RecipientField({ label, list, onChange, autoFocus, extra }: {
  label: string;
  list: Recipient[];
  onChange(next: Recipient[]): void;
  autoFocus?: boolean;
  /** Buttons shown at the end of the row (Cc/Bcc toggle, the selector). */
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation("mail");
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const labelId = useId();

  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);

  const search = useQuery(addressSearchQuery(query));
  const present = new Set(list.map(addressOf));
  const items = query ? (search.data?.content ?? []).filter((u) => !present.has(u.email.toLowerCase())) : [];
  const itemKey = (u: AutocompleteCandidate) => `${u.type}:${u.id}`;

  function add(values: Recipient[]) {
    const seen = new Set(present);
    const fresh = values.filter((r) => {
      const a = addressOf(r);
      if (seen.has(a)) return false;
      seen.add(a);
      return true;
    });
    if (fresh.length) onChange([...list, ...fresh]);
  }

  function commitTyped(text = input) {
    const parts = splitAddresses(text);
    if (!parts.length) return false;
    add(parts.map((p) => recipient(p)));
    setInput("");
    return true;
  }

  function onKeyDownCapture(e: React.KeyboardEvent) {
    const target = e.target as HTMLElement;
    if (target !== inputRef.current) return;
    const activeOption = target.getAttribute("aria-activedescendant");
    if ((e.key === "," || e.key === ";") && input.trim()) {
      e.preventDefault();
      e.stopPropagation();
      commitTyped();
    } else if (e.key === "Enter" && !activeOption && input.trim()) {
      e.preventDefault();
      e.stopPropagation();
      commitTyped();
    } else if (e.key === "Backspace" && !input && list.length) {
      e.preventDefault();
      onChange(list.slice(0, -1));
    }
  }

  function onPaste(e: React.ClipboardEvent) {
    const text = e.clipboardData.getData("text");
    if (!SEPARATORS.test(text) && !/\s<|>\s/.test(text)) return;
    e.preventDefault();
    commitTyped(`${input} ${text}`.trim().replace(/>\s+/g, ">,"));
  }

  return (
    <div className="cmp-rcpt" onKeyDownCapture={onKeyDownCapture} onPaste={onPaste}>
      <span className="cmp-row-label" id={labelId}>{label}</span>
      <div className="cmp-rcpt-box" ref={boxRef} onClick={(e) => e.target === e.currentTarget && inputRef.current?.focus()}>
        {list.length > 0 && (
          <TagGroup aria-label={t("compose.recipientsOf", { field: label })} onRemove={(keys) => onChange(list.filter((r) => !keys.has(r.key)))}>
            <TagList className="cmp-chips" items={list}>
              {(r) => {
                const bad = !r.valid || r.unreachable;
                return (
                  <Tag id={r.key} textValue={bad ? `${r.value} (${t("compose.invalidAddress")})` : r.value}
                    className={`cmp-chip${bad ? " cmp-chip-invalid" : ""}${r.group ? " cmp-chip-group" : ""}`}>
                    <span className="cmp-chip-text" title={r.value}>{r.value}</span>
                    <AriaButton slot="remove" className="cmp-chip-remove" aria-label={t("compose.removeRecipient", { address: r.value })}>
                      <Icon name="close" size={14} />
                    </AriaButton>
                  </Tag>
                );
              }}
            </TagList>
          </TagGroup>
        )}
        <ComboBox<AutocompleteCandidate>
          className="cmp-rcpt-combo"
          aria-labelledby={labelId}
          items={items}
          inputValue={input}
          onInputChange={setInput}
          selectedKey={null}
          onSelectionChange={(key) => {
            const u = items.find((i) => itemKey(i) === key);
            if (!u) return;
            add([recipient(itemLabel(u), u.type === "USER" ? { person: true } : u.type === "ORGANIZATION" ? { group: true } : {})]);
            setInput("");
            setQuery("");
          }}
          onBlur={() => commitTyped()}
          menuTrigger="input"
          allowsCustomValue
          allowsEmptyCollection={input.trim().length > 0}
        >
          <Input ref={inputRef} className="cmp-rcpt-input" autoFocus={autoFocus} placeholder={list.length ? "" : t("compose.recipientPlaceholder")} />
          <Popover className="menu-popover cmp-ac-popover" placement="bottom start" triggerRef={boxRef}>
            <ListBox<AutocompleteCandidate> className="menu"
              renderEmptyState={() => (
                <div className="cmp-ac-empty">
                  {!input.trim() ? t("compose.typeToSearch") : search.isFetching || query !== input.trim() ? t("compose.searching") : t("compose.noMatch")}
                </div>
              )}>
              {(u) => (
                <ListBoxItem id={itemKey(u)} textValue={itemLabel(u)} className="menu-item cmp-ac-item">
                  <span className="cmp-ac-name">{u.name}{u.type !== "USER" && <span className="cmp-ac-badge">{t(BADGES[u.type])}</span>}</span>
                  <span className="cmp-ac-sub">{u.email}{u.organizationName ? ` · ${u.organizationName}` : ""}</span>
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      </div>
      {extra}
    </div>
  );
}
