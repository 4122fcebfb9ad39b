// A list of addresses written as chips: type an address (or "@domain") and press Enter, comma or space to add
// it; each chip has a remove button. At most `max` entries; a wrong entry stays in the input with a message.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, Label, TextField as AriaTextField } from "react-aria-components";
import { Button } from "../../../../ui/Button.tsx";

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const DOMAIN = /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** An address or a domain; domains are written "@example.com". */
export function ruleEntry(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (ADDRESS.test(v)) return v;
  if (DOMAIN.test(v)) return v.startsWith("@") ? v : `@${v}`;
  return null;
}

export function AddressChips({ label, values, onChange, max }: {
  label: string;
  values: string[];
  onChange(values: string[]): void;
  max: number;
}) {
  const { t } = useTranslation("mail");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const full = values.length >= max;

  function commit(): boolean {
    if (!text.trim()) return true;
    const entry = ruleEntry(text);
    if (!entry) return (setError(t("rules.dialog.invalidAddress")), false);
    if (full) return (setError(t("rules.dialog.tooMany", { max })), false);
    if (!values.includes(entry)) onChange([...values, entry]);
    setText("");
    setError(null);
    return true;
  }

  return (
    <div className="rule-chips">
      <AriaTextField value={text} onChange={(v) => (setText(v), setError(null))} className="field" isInvalid={!!error}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === "," || e.key === " ") {
            e.preventDefault();
            commit();
          } else if (e.key === "Backspace" && !text && values.length) onChange(values.slice(0, -1));
        }}
        onBlur={() => commit()} aria-describedby={hintId}>
        <Label className="field-label">{label}</Label>
        <div className="field-input rule-chips-box">
          {values.map((v) => (
            <span key={v} className="rule-chip">
              {v}
              <Button variant="ghost" className="rule-chip-remove" aria-label={t("rules.dialog.removeAddress", { address: v })}
                onPress={() => onChange(values.filter((x) => x !== v))}>×</Button>
            </span>
          ))}
          <Input className="rule-chips-input" placeholder={full ? "" : t("rules.dialog.addressPlaceholder")} />
        </div>
      </AriaTextField>
      <span id={hintId} className={error ? "field-error" : "field-description"} role={error ? "alert" : undefined}>
        {error ?? t("rules.dialog.count", { count: values.length, max })}
      </span>
    </div>
  );
}
