// A refused draft's errors (400 approval.draft_failed / temp_failed): the fields named in params.fields, the
// lines' codes in params.lines, and the message to show.
import type { FormField } from "@shared/approval/forms.ts";
import { ApiError, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { lineErrorsOf } from "../lines/useLineChecks.ts";

export interface DraftErrors {
  message: string;
  fields: Record<string, string>;
  lines: string[][];
}

/** params.fields: a list of keys, of { key|field, code, max? }, or a map key → code; with the text's values. */
function fieldCodes(raw: unknown): [string, string, Record<string, unknown>?][] {
  if (Array.isArray(raw)) {
    return raw.flatMap((x): [string, string, Record<string, unknown>?][] => {
      if (typeof x === "string") return [[x, "approval.field_required"]];
      if (x && typeof x === "object") {
        const o = x as Record<string, unknown>;
        const key = String(o.key ?? o.field ?? "");
        // approval.table_too_long says the most rows the table takes.
        const values = typeof o.max === "number" ? { max: o.max } : {};
        return key ? [[key, typeof o.code === "string" ? o.code : "approval.field_invalid", values]] : [];
      }
      return [];
    });
  }
  if (raw && typeof raw === "object") return Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : "approval.field_invalid"]);
  return [];
}

export function draftErrorsOf(e: unknown, fields: FormField[]): DraftErrors {
  const code = codeOf(e);
  const label = (k: string) => fields.find((f) => f.key === k)?.label ?? k;
  const out: DraftErrors = { message: errorText(code, e instanceof ApiError ? e.params : undefined), fields: {}, lines: lineErrorsOf(e) ?? [] };
  if (e instanceof ApiError) {
    for (const [k, c, values] of fieldCodes(e.params.fields)) out.fields[k] = errorText(c, { ...values, field: label(k) });
  }
  return out;
}
