// The toggleable search-detail panel (000 §2): words in any part ("query", type all) and words for from, to,
// cc, subject, body and attachment name, a period (presets or a custom range), tags (mails holding all of
// them) and a folder. "Search" runs it with the query* options (a word in some field is required, 000 §5);
// "Reset" clears the form. It opens filled with the search on screen, so a search can be refined: a top-bar
// search's words go into the field its type names, a custom range back into the date picker.
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fromDate, toCalendarDate } from "@internationalized/date";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, TextField } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { foldersQuery } from "../queries.ts";
import type { MailSearch } from "../route-params.ts";
import { tagsQuery } from "./api.ts";
import { searchableFolders } from "./folderNames.ts";
import { cleanSearch, customRange, DETAIL_WORD_FIELDS, type DetailWordField, isPreset, type SearchType } from "./options.ts";
import { type DateRange, type PeriodChoice, PeriodField, rangeToTimeRange } from "./PeriodField.tsx";

type Words = Record<DetailWordField | "query", string>;
const NO_WORDS: Words = { query: "", queryFrom: "", queryTo: "", queryCc: "", querySubject: "", queryContent: "", queryAttach: "" };
const ALL_FOLDERS = "__all";

/** The field a top-bar search type stands for (its words are searched in that part only). */
const TYPE_FIELD: Record<Exclude<SearchType, "all">, DetailWordField> = {
  subject: "querySubject", from: "queryFrom", to: "queryTo", cc: "queryCc", content: "queryContent", attach: "queryAttach",
};

/** The form's words for a search: the query of a top-bar search joins the words of the field its type names. */
function wordsOf(s: MailSearch | undefined): Words {
  const out = { ...NO_WORDS };
  for (const k of DETAIL_WORD_FIELDS) out[k] = s?.[k] ?? "";
  const query = s?.query?.trim();
  if (query) {
    const type = (s?.type ?? "all").toLowerCase();
    const field = type in TYPE_FIELD ? TYPE_FIELD[type as keyof typeof TYPE_FIELD] : "query";
    out[field] = out[field].trim() ? `${out[field].trim()} ${query}` : query;
  }
  return out;
}

/** A custom range of the search as the picker's days (in this browser's time zone), when it has both ends. */
function rangeOf(s: MailSearch | undefined): DateRange {
  const r = customRange(s?.timeRange);
  if (r?.start === undefined || r.end === undefined || Number.isNaN(r.start) || Number.isNaN(r.end)) return null;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { start: toCalendarDate(fromDate(new Date(r.start), tz)), end: toCalendarDate(fromDate(new Date(r.end), tz)) };
}

export function DetailPanel({ id, current, scope, onSearch, onClose }: {
  id: string;
  /** The search on screen, to refine. */
  current: MailSearch | undefined;
  /** The folder a search would look in by default. */
  scope: string | undefined;
  /** Runs the search; false when it was refused (no word). */
  onSearch(s: MailSearch): boolean;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const tree = useQuery(foldersQuery).data;
  const tags = useQuery(tagsQuery);
  const [words, setWords] = useState<Words>(() => wordsOf(current));
  const [period, setPeriod] = useState<PeriodChoice>(() => {
    const r = current?.timeRange;
    return isPreset(r) ? r : customRange(r) ? "custom" : "all";
  });
  const [range, setRange] = useState<DateRange>(() => rangeOf(current));
  /** A custom range the picker cannot show (one end open) is kept as it was until another is picked. */
  const [keptRange, setKeptRange] = useState<MailSearch["timeRange"]>(() => (customRange(current?.timeRange) && !rangeOf(current) ? current?.timeRange : undefined));
  const [picked, setPicked] = useState<string[]>(() => current?.tags ?? []);
  const [folder, setFolder] = useState<string>(() => (current ? current.folderId : scope)?.toString() ?? ALL_FOLDERS);
  const [error, setError] = useState("");
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const folders = tree ? searchableFolders(tree, t) : [];
  const folderOptions = [{ id: ALL_FOLDERS, label: t("search.detail.allFolders"), depth: 0 }, ...folders];

  function reset() {
    setWords(NO_WORDS);
    setPeriod("all");
    setRange(null);
    setKeptRange(undefined);
    setPicked([]);
    setFolder(ALL_FOLDERS);
    setError("");
    first.current?.focus();
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const timeRange = period === "custom" ? (range ? rangeToTimeRange(range) : keptRange) : period === "all" ? undefined : period;
    const { query, ...fields } = words;
    const search = cleanSearch({
      ...fields,
      ...(query.trim() ? { query, type: "all" } : {}),
      timeRange,
      tags: picked,
      folderId: folder === ALL_FOLDERS ? undefined : folder,
    });
    if (onSearch(search)) onClose();
    else {
      setError(t("search.detail.wordRequired"));
      first.current?.focus();
    }
  }

  return (
    <section
      id={id}
      className="msearch-detail"
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <form onSubmit={submit} noValidate>
        <div className="msearch-detail-head">
          <h2 id={`${id}-title`} className="msearch-detail-title">{t("search.detail.title")}</h2>
          <AriaButton className="msearch-icon-button" aria-label={t("search.detail.close")} onPress={onClose}>
            <SvgIcon d="M18 6 6 18M6 6l12 12" size={16} />
          </AriaButton>
        </div>
        <div className="msearch-detail-grid">
          {(["query", ...DETAIL_WORD_FIELDS] as const).map((k, i) => (
            <TextField
              key={k}
              className={k === "query" ? "field msearch-detail-wide" : "field"}
              value={words[k]}
              onChange={(v) => setWords((w) => ({ ...w, [k]: v }))}
            >
              <Label className="field-label">{t(`search.field.${k}`)}</Label>
              <Input ref={i === 0 ? first : undefined} className="field-input msearch-detail-input" />
            </TextField>
          ))}
        </div>
        {error && <p role="alert" className="field-error msearch-detail-error">{error}</p>}
        <PeriodField
          period={period}
          onPeriod={setPeriod}
          range={range}
          onRange={(r) => {
            setRange(r);
            setKeptRange(undefined);
          }}
        />
        <div className="msearch-detail-row">
          <div role="group" aria-labelledby={`${id}-tags`} className="msearch-tags">
            <span id={`${id}-tags`} className="field-label">{t("search.detail.tags")}</span>
            <div className="msearch-tag-list">
              {tags.data?.content.length
                ? tags.data.content.map((tag) => (
                  <Checkbox
                    key={tag.tag}
                    isSelected={picked.includes(tag.tag)}
                    onChange={(on) => setPicked((p) => (on ? [...p, tag.tag] : p.filter((x) => x !== tag.tag)))}
                  >
                    {tag.tag}
                  </Checkbox>
                ))
                : <span className="msearch-muted">{tags.isPending ? t("search.history.loading") : t("search.detail.noTags")}</span>}
            </div>
          </div>
          <Select className="field msearch-folder" selectedKey={folder} onSelectionChange={(k) => k != null && setFolder(String(k))}>
            <Label className="field-label">{t("search.detail.folder")}</Label>
            <AriaButton className="field-input msearch-select-button">
              <SelectValue className="msearch-select-value" />
              <span aria-hidden="true">▾</span>
            </AriaButton>
            <Popover className="menu-popover">
              <ListBox className="menu" items={folderOptions}>
                {(o) => (
                  <ListBoxItem id={o.id} className="menu-item" textValue={o.label} style={{ paddingLeft: 10 + o.depth * 14 }}>
                    {o.label}
                  </ListBoxItem>
                )}
              </ListBox>
            </Popover>
          </Select>
        </div>
        <div className="msearch-detail-actions">
          <Button variant="secondary" onPress={reset}>{t("search.detail.reset")}</Button>
          <Button type="submit">{t("search.detail.search")}</Button>
        </div>
      </form>
    </section>
  );
}
