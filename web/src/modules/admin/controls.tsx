// Form controls the admin screens need beyond web/src/ui (number, text area, search, pager; the switch and
// select are web/src/ui's, re-exported here),
// on react-aria-components so labels, descriptions and errors are announced and everything works by keyboard.
import {
  Button as AriaButton, FieldError, Input, Label, Menu, MenuItem, MenuTrigger, NumberField, Popover,
  SearchField, Text, TextArea, TextField,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { AdminIcon } from "./icons.tsx";

export { Switch } from "../../ui/Switch.tsx";
export { type Option, SelectField } from "../../ui/SelectField.tsx";

export function NumberInput({ label, value, onChange, minValue, maxValue, description, errorMessage, unit, isDisabled }: {
  label: string;
  value: number;
  onChange(v: number): void;
  minValue?: number;
  maxValue?: number;
  description?: string;
  errorMessage?: string;
  unit?: string;
  isDisabled?: boolean;
}) {
  return (
    <NumberField value={value} onChange={onChange} minValue={minValue} maxValue={maxValue} isInvalid={!!errorMessage}
      isDisabled={isDisabled} className="field" formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}>
      <Label className="field-label">{label}</Label>
      <span className="adm-unit-wrap">
        <Input className="field-input" />
        {unit && <span className="adm-unit" aria-hidden="true">{unit}</span>}
      </span>
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </NumberField>
  );
}

export function TextAreaField({ label, value, onChange, description, maxLength }: {
  label: string;
  value: string;
  onChange(v: string): void;
  description?: string;
  maxLength?: number;
}) {
  return (
    <TextField value={value} onChange={onChange} className="field" maxLength={maxLength}>
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input adm-textarea" rows={3} />
      {description && <Text slot="description" className="field-description">{description}</Text>}
    </TextField>
  );
}

export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  const { t } = useTranslation("admin");
  return (
    <SearchField value={value} onChange={onChange} aria-label={label} className="adm-search">
      <AdminIcon name="search" size={16} />
      <Input className="field-input" placeholder={label} />
      {value && <AriaButton className="adm-search-clear" aria-label={t("action.clearSearch")}>×</AriaButton>}
    </SearchField>
  );
}

/** "21–40 of 45" with previous and next page buttons; pages are zero-based. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage(p: number): void }) {
  const { t } = useTranslation("admin");
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="adm-pager" aria-label={t("pager.label")}>
      <span aria-live="polite">{t("pager.range", { from, to, total })}</span>
      <AriaButton className="icon-button" isDisabled={page <= 0} onPress={() => onPage(page - 1)} aria-label={t("pager.previous")}>
        <AdminIcon name="chevronLeft" />
      </AriaButton>
      <AriaButton className="icon-button" isDisabled={page >= last} onPress={() => onPage(page + 1)} aria-label={t("pager.next")}>
        <AdminIcon name="chevronRight" />
      </AriaButton>
    </nav>
  );
}

export function Badge({ tone = "neutral", children }: { tone?: "neutral" | "good" | "warn" | "accent"; children: React.ReactNode }) {
  return <span className={`adm-badge adm-badge-${tone}`}>{children}</span>;
}

/** The "⋯" menu at the end of a table row. */
export function RowActions({ label, items, onAction, disabledKeys }: {
  label: string;
  items: { id: string; label: string; danger?: boolean }[];
  onAction(id: string): void;
  disabledKeys?: string[];
}) {
  return (
    <MenuTrigger>
      <AriaButton className="icon-button" aria-label={label}>
        <AdminIcon name="more" />
      </AriaButton>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={(k) => onAction(String(k))} disabledKeys={disabledKeys}>
          {items.map((i) => (
            <MenuItem key={i.id} id={i.id} className={`menu-item${i.danger ? " adm-danger-item" : ""}`}>{i.label}</MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
