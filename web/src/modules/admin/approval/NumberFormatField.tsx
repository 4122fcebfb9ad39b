// The document number format with its tokens ({FORM} {DEPT} {YYYY} {YY} {SEQ} {SEQ:n}: shared/approval/
// constants.ts) and a live example such as 기획팀-2026-0001.
import { useTranslation } from "react-i18next";
import { NUMBER_FORMAT_MAX } from "@shared/approval/constants.ts";
import { TextField } from "../../../ui/TextField.tsx";

const TOKEN = /\{(FORM|DEPT|YYYY|YY|SEQ(?::(10|[1-9]))?)\}/g;

/** The format holds {SEQ} or {SEQ:n} exactly once and no other braces (the server's rule). */
export function numberFormatValid(format: string) {
  const seqs = [...format.matchAll(TOKEN)].filter((m) => m[1].startsWith("SEQ")).length;
  return seqs === 1 && !/[{}]/.test(format.replace(TOKEN, ""));
}

export function exampleNumber(format: string, v: { code: string; dept: string; year: number; seq: number }) {
  return format.replace(TOKEN, (_, token: string, width?: string) =>
    token === "FORM" ? v.code : token === "DEPT" ? v.dept : token === "YYYY" ? String(v.year)
    : token === "YY" ? String(v.year % 100).padStart(2, "0") : String(v.seq).padStart(width ? Number(width) : 0, "0"));
}

export function NumberFormatField({ value, onChange, code, error }: { value: string; onChange(v: string): void; code: string; error?: string }) {
  const { t } = useTranslation("admin");
  const valid = numberFormatValid(value);
  const example = exampleNumber(value, { code: code || "CODE", dept: t("approval.number.sampleDept"), year: new Date().getFullYear(), seq: 1 });
  return (
    <div className="aa-number">
      <TextField label={t("approval.number.format")} value={value} onChange={onChange} maxLength={NUMBER_FORMAT_MAX}
        errorMessage={error ?? (value && !valid ? t("approval.number.invalid") : undefined)} />
      <p className="aa-example" aria-live="polite">
        {t("approval.number.example")} <output className="aa-example-value">{valid ? example : "—"}</output>
      </p>
      <details className="aa-help">
        <summary>{t("approval.number.tokens")}</summary>
        <dl>
          {(["FORM", "DEPT", "YYYY", "YY", "SEQ", "SEQ:4"] as const).map((k) => (
            <div key={k}>
              <dt><code>{`{${k}}`}</code></dt>
              <dd>{t(`approval.number.token.${k.replace(":4", "n")}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
