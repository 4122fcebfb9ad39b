// A box's filters (002 §2): the draft date range, the form, and a keyword by flag — the drafter or the drafting
// department (picked from the company's people and departments), the document number or the title. Applying
// writes them into the address (from the first page); clearing removes them.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { KEYWORD_FLAGS, type KeywordFlag } from "@shared/approval/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { formsQuery } from "../queries.ts";
import type { BoxSearch } from "../paths.ts";
import { KeywordPicker, type Picked } from "./KeywordPicker.tsx";

const ALL = "all";

export function Filters({ boxKey, search, onApply }: { boxKey: string; search: BoxSearch; onApply(next: BoxSearch): void }) {
  const { t } = useTranslation("approval");
  const forms = useQuery(formsQuery).data ?? [];
  const [from, setFrom] = useState(search.draftFromDate ?? "");
  const [to, setTo] = useState(search.draftToDate ?? "");
  const [formId, setFormId] = useState(search.formId ? String(search.formId) : ALL);
  const [flag, setFlag] = useState<KeywordFlag>(search.keywordFlag ?? "TITLE");
  const [words, setWords] = useState((search.keywordFlag === "DOC_NUM" ? search.docNum : search.title) ?? "");
  const [picked, setPicked] = useState<Picked | null>(
    search.keywordFlag === "DRAFT_USER_ID" && search.userId ? { id: search.userId, name: search.name ?? "", email: search.email ?? "" }
    : search.keywordFlag === "DRAFT_ORGAN_ID" && search.organId ? { id: search.organId, name: search.name ?? "", email: "" }
    : null,
  );
  const [error, setError] = useState("");
  // Another box, or the address changed by hand: the fields follow it.
  useEffect(() => {
    setFrom(search.draftFromDate ?? "");
    setTo(search.draftToDate ?? "");
    setFormId(search.formId ? String(search.formId) : ALL);
  }, [boxKey, search.draftFromDate, search.draftToDate, search.formId]);

  function apply(e?: React.FormEvent) {
    e?.preventDefault();
    if (from && to && from > to) return setError(t("filter.badRange"));
    setError("");
    const next: BoxSearch = { size: search.size, sort: search.sort, dir: search.dir, dept: search.dept };
    if (from) next.draftFromDate = from;
    if (to) next.draftToDate = to;
    if (formId !== ALL) next.formId = Number(formId);
    if ((flag === "TITLE" || flag === "DOC_NUM") && words.trim()) {
      next.keywordFlag = flag;
      next[flag === "TITLE" ? "title" : "docNum"] = words.trim();
    }
    if (flag === "DRAFT_USER_ID" && picked) Object.assign(next, { keywordFlag: flag, userId: picked.id, name: picked.name, email: picked.email || undefined });
    if (flag === "DRAFT_ORGAN_ID" && picked) Object.assign(next, { keywordFlag: flag, organId: picked.id, name: picked.name });
    for (const k of Object.keys(next) as (keyof BoxSearch)[]) if (next[k] === undefined) delete next[k];
    onApply(next);
  }
  function clear() {
    setFrom("");
    setTo("");
    setFormId(ALL);
    setWords("");
    setPicked(null);
    setError("");
    const next: BoxSearch = { size: search.size, sort: search.sort, dir: search.dir, dept: search.dept };
    for (const k of Object.keys(next) as (keyof BoxSearch)[]) if (next[k] === undefined) delete next[k];
    onApply(next);
  }

  return (
    <form className="ap-filters" role="search" aria-label={t("filter.label")} onSubmit={apply}>
      <NativeField label={t("filter.from")} type="date" value={from} onChange={setFrom} className="ap-filter-date" />
      <NativeField label={t("filter.to")} type="date" value={to} onChange={setTo} className="ap-filter-date"
        errorMessage={error || undefined} />
      <SelectField label={t("filter.form")} value={formId} onChange={setFormId}
        options={[{ id: ALL, label: t("filter.allForms") }, ...forms.map((f) => ({ id: String(f.id), label: f.name }))]} />
      <SelectField label={t("filter.flag")} value={flag} onChange={(v) => {
        setFlag(v as KeywordFlag);
        setPicked(null);
      }} options={KEYWORD_FLAGS.map((f) => ({ id: f, label: t(`filter.flags.${f}`) }))} />
      {flag === "TITLE" || flag === "DOC_NUM"
        ? <NativeField label={t("filter.keyword")} type="search" value={words} onChange={setWords} maxLength={100} className="ap-filter-words" />
        : <KeywordPicker key={flag} kind={flag === "DRAFT_USER_ID" ? "USER" : "ORGANIZATION"} picked={picked} onPick={setPicked} />}
      <div className="ap-filter-buttons">
        <Button type="submit">{t("filter.apply")}</Button>
        <Button variant="secondary" onPress={clear}>{t("filter.clear")}</Button>
      </div>
    </form>
  );
}
