// The checks of a form design on save (admin/form POST/PUT and the starter set): the template body sanitised,
// every <gw-field key> naming a field, field keys unique, a table field with its columns (column keys unique
// within it), the number format with its counter. A broken design answers 400 approval.field_invalid with
// params.field (the field's label, or the key the template names) or approval.number_format_invalid.
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { FormField, FormFieldInput } from "../../../../shared/approval/forms.ts";
import { AppError } from "../../../lib/errors.ts";
import { assertNumberFormat } from "./number-format.ts";
import { sanitizeTemplate, templateFieldKeys } from "./sanitize.ts";

const invalid = (field: string) => new AppError(400, E.fieldInvalid, { field });

export interface FormDesign {
  templateBody: string;
  fields: FormField[];
  numberFormat: string;
}

export function checkDesign(input: { templateBody: string; fields: FormFieldInput[]; numberFormat: string }): FormDesign {
  const fields: FormField[] = [];
  const keys = new Set<string>();
  for (const f of input.fields) {
    if (keys.has(f.key)) throw invalid(f.label);
    keys.add(f.key);
    const table = f.type === "table";
    if (table && f.columns.length === 0) throw invalid(f.label);
    if (table && new Set(f.columns.map((c) => c.key)).size !== f.columns.length) throw invalid(f.label);
    const columns = table ? f.columns.map((c) => ({ key: c.key, label: c.label, type: c.type, sum: c.sum && c.type !== "text" && c.type !== "date" })) : [];
    fields.push({ key: f.key, label: f.label, type: f.type, required: f.required, placeholder: f.placeholder, columns });
  }
  const templateBody = sanitizeTemplate(input.templateBody);
  for (const key of templateFieldKeys(templateBody)) {
    if (!keys.has(key)) throw invalid(key || "gw-field");
  }
  return { templateBody, fields, numberFormat: assertNumberFormat(input.numberFormat) };
}
