// The external drive's search (001 §7 filters): a term matched against the file name or the full text, a type
// (category), and a modified range in days. Submitting goes to /drive/external/{type}/search/{actionObj}.
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_MIN_LENGTH } from "@shared/drive/constants.ts";
import { EXTERNAL_CATEGORIES, type ExternalDriveType, type ExternalSearch } from "@shared/drive/external.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { EXTERNAL_PATHS } from "./routes.ts";

export function SearchForm({ type, current }: { type: ExternalDriveType; current: ExternalSearch | null }) {
  const { t } = useTranslation("drive");
  const navigate = useNavigate();
  const [mode, setMode] = useState<"name" | "fullText">(current?.fullText ? "fullText" : "name");
  const [term, setTerm] = useState(current?.fullText ?? current?.name ?? "");
  const [category, setCategory] = useState<string>(current?.category ?? "any");
  const [from, setFrom] = useState(current?.from ?? "");
  const [to, setTo] = useState(current?.to ?? "");
  const [error, setError] = useState<{ term?: string; to?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = term.trim();
    const next = {
      term: q && q.length < SEARCH_MIN_LENGTH ? t("external.search.tooShort") : undefined,
      to: from && to && from > to ? t("external.search.badRange") : undefined,
    };
    setError(next);
    if (next.term || next.to) return;
    const s: ExternalSearch = {};
    if (q) s[mode] = q;
    if (category !== "any") s.category = category as ExternalSearch["category"];
    if (from) s.from = from;
    if (to) s.to = to;
    if (!Object.keys(s).length) {
      setError({ term: t("external.search.tooShort") });
      return;
    }
    void navigate({ to: EXTERNAL_PATHS.search, params: { externalType: type, actionObj: JSON.stringify(s) } as never });
  }

  return (
    <form className="dx-search" role="search" aria-label={t("external.search.label")} onSubmit={submit}>
      <SelectField label={t("external.search.mode")} value={mode} onChange={(v) => setMode(v as "name" | "fullText")}
        options={[{ id: "name", label: t("external.search.byName") }, { id: "fullText", label: t("external.search.byFullText") }]} />
      <TextField label={t("external.search.term")} value={term} validationBehavior="aria" errorMessage={error.term}
        onChange={(v) => {
          setTerm(v);
          setError((x) => ({ ...x, term: undefined }));
        }} />
      <SelectField label={t("external.search.type")} value={category} onChange={setCategory}
        options={[{ id: "any", label: t("external.search.anyType") }, ...EXTERNAL_CATEGORIES.map((c) => ({ id: c, label: t(`external.category.${c}`) }))]} />
      <NativeField type="date" label={t("external.search.from")} value={from} onChange={setFrom} />
      <NativeField type="date" label={t("external.search.to")} value={to} errorMessage={error.to}
        onChange={(v) => {
          setTo(v);
          setError((x) => ({ ...x, to: undefined }));
        }} />
      <Button type="submit">{t("external.search.submit")}</Button>
    </form>
  );
}
