// The template body: the form's HTML in a code editor (a text area) with "insert field" putting
// <gw-field key="..."></gw-field> at the cursor, and a live preview (the allow-list renderer the document view
// uses, each field shown as a labelled box).
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_MAX_CHARS } from "@shared/approval/constants.ts";
import type { FormField } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { safeHtml } from "../../approval/document/safe-html.tsx";

export const fieldTag = (key: string) => `<gw-field key="${key}"></gw-field>`;

/** A starting body: a two-column table, one row per field. */
export function tableTemplate(fields: FormField[]) {
  const rows = fields.map((f) => f.type === "table"
    ? `<tr><th colspan="2">${escapeHtml(f.label)}</th></tr><tr><td colspan="2">${fieldTag(f.key)}</td></tr>`
    : `<tr><th scope="row" style="width: 20%">${escapeHtml(f.label)}</th><td>${fieldTag(f.key)}</td></tr>`);
  return `<table style="width: 100%; border-collapse: collapse"><tbody>${rows.join("")}</tbody></table>`;
}
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function TemplateEditor({ value, onChange, fields, error }: { value: string; onChange(v: string): void; fields: FormField[]; error?: string }) {
  const { t } = useTranslation("admin");
  const area = useRef<HTMLTextAreaElement>(null);
  const [pick, setPick] = useState<string | null>(null);
  const byKey = new Map(fields.map((f) => [f.key, f]));

  function insert(key: string) {
    const el = area.current;
    const at = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    const tag = fieldTag(key);
    onChange(value.slice(0, at) + tag + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + tag.length, at + tag.length);
    });
  }

  const preview = safeHtml(value, (tag, el) => {
    if (tag !== "gw-field") return undefined;
    const key = el.getAttribute("key") ?? "";
    const f = byKey.get(key);
    return <span className={f ? "aa-chip" : "aa-chip aa-chip-bad"}>{f ? `${f.label} · ${t(`approval.fieldType.${f.type}`)}` : t("approval.template.unknownField", { key })}</span>;
  });

  return (
    <div className="aa-template">
      <div className="aa-template-tools">
        <SelectField label={t("approval.template.field")} options={fields.map((f) => ({ id: f.key, label: `${f.label} (${f.key})` }))}
          value={pick} onChange={setPick} isDisabled={!fields.length} placeholder={t("approval.template.fieldChoose")} />
        <Button variant="secondary" isDisabled={!pick || !byKey.has(pick)} onPress={() => pick && insert(pick)}>{t("approval.template.insert")}</Button>
        <Button variant="ghost" isDisabled={!fields.length} onPress={() => onChange(tableTemplate(fields))}>{t("approval.template.generate")}</Button>
      </div>
      <div className="aa-template-panes">
        <div className="field">
          <label className="field-label" htmlFor="aa-template-body">{t("approval.template.body")}</label>
          <textarea id="aa-template-body" ref={area} className="field-input aa-code" value={value} spellCheck={false}
            maxLength={TEMPLATE_MAX_CHARS} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined}
            aria-describedby="aa-template-hint" />
          <span id="aa-template-hint" className="field-description">{t("approval.template.hint")}</span>
          {error && <span className="field-error" role="alert">{error}</span>}
        </div>
        <section className="aa-preview" aria-label={t("approval.template.preview")}>
          <p className="field-label">{t("approval.template.preview")}</p>
          <div className="aa-preview-body gw-form">{preview ?? <p className="adm-muted">{t("approval.template.empty")}</p>}</div>
        </section>
      </div>
    </div>
  );
}
