// Document number formats (shared/approval/constants.ts: {FORM} {DEPT} {YYYY} {YY} {SEQ} {SEQ:n}). A format must
// hold the counter ({SEQ} or {SEQ:n}, n from 1 to 10) exactly once and no other braces, else 400
// approval.number_format_invalid. renderDocNumber gives the number the document gets on completion.
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import { AppError } from "../../../lib/errors.ts";

const TOKEN = /\{(FORM|DEPT|YYYY|YY|SEQ(?::(10|[1-9]))?)\}/g;

export function assertNumberFormat(format: string): string {
  const seqs = [...format.matchAll(TOKEN)].filter((m) => m[1].startsWith("SEQ")).length;
  const rest = format.replace(TOKEN, "");
  if (seqs !== 1 || /[{}]/.test(rest)) throw new AppError(400, E.numberFormatInvalid);
  return format;
}

export function renderDocNumber(format: string, v: { formCode: string; deptName: string; year: number; seq: number }): string {
  return format.replace(TOKEN, (_, token: string, width?: string) => {
    if (token === "FORM") return v.formCode;
    if (token === "DEPT") return v.deptName;
    if (token === "YYYY") return String(v.year);
    if (token === "YY") return String(v.year % 100).padStart(2, "0");
    return String(v.seq).padStart(width ? Number(width) : 0, "0");
  });
}
