// The calendar search (GET search, 001 §5: at least 2 characters): a keyword, the results page by page (a
// series once), each with its date, time and calendar; choosing one goes to its day and opens it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Input, Label, SearchField } from "react-aria-components";
import type { EventItem } from "@shared/calendar/events.ts";
import { SEARCH_KEYWORD_MAX, SEARCH_MIN_CHARS } from "@shared/calendar/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { searchQuery, treeQuery } from "../queries.ts";
import { calendarErrorText } from "../actions.ts";
import { place } from "../layout.ts";
import { whenText } from "../event/EventPopup.tsx";
import { calendarName } from "../side/CalendarTree.tsx";

export function SearchPanel({ initial, tz, onClose, onPick }: { initial: string; tz: string; onClose(): void; onPick(item: EventItem): void }) {
  const { t, i18n } = useTranslation("calendar");
  const [text, setText] = useState(initial);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const results = useQuery({ ...searchQuery(keyword, page), placeholderData: keepPreviousData });
  const colors = new Map((useQuery(treeQuery).data ?? []).map((c) => [c.id, c]));

  function submit() {
    const k = text.trim();
    if ([...k.replace(/\s+/g, "")].length < SEARCH_MIN_CHARS) {
      setError(t("calendarErrors:calendar.search_min_chars"));
      return;
    }
    setError(undefined);
    setKeyword(k);
    setPage(0);
  }

  const data = results.data;
  return (
    <section className="cal-search" aria-labelledby="cal-search-title">
      <div className="cal-search-head">
        <h2 id="cal-search-title" className="cal-search-title">{t("search.title")}</h2>
        <Button variant="ghost" className="cal-icon-btn" aria-label={t("search.close")} onPress={onClose}>
          <Icon name="close" size={18} />
        </Button>
      </div>
      <Form role="search" className="cal-search-form" onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}>
        <SearchField value={text} onChange={(v) => {
          setText(v);
          if (error) setError(undefined);
        }} className="field cal-search-field" autoFocus maxLength={SEARCH_KEYWORD_MAX} isInvalid={!!error}>
          <Label className="field-label">{t("search.keyword")}</Label>
          <Input className="field-input" placeholder={t("search.placeholder")} aria-describedby={error ? "cal-search-error" : undefined} />
        </SearchField>
        <Button type="submit">{t("search.submit")}</Button>
      </Form>
      {error && <p id="cal-search-error" className="field-error" role="alert">{error}</p>}
      {keyword && (
        <div className="cal-search-results" aria-busy={results.isFetching}>
          {results.error ? <p role="alert">{calendarErrorText(results.error)}</p> : results.isPending ? <p className="cal-muted">{t("search.searching")}</p> : (
            <>
              <p className="cal-muted" role="status">{t("search.count", { count: data?.totalElements ?? 0, keyword })}</p>
              <ul className="cal-search-list">
                {data?.content.map((item) => {
                  const cal = colors.get(item.calendarId);
                  return (
                    <li key={item.id}>
                      <button type="button" className="cal-search-item" onClick={() => onPick(item)}>
                        <span className="cal-swatch-static" style={{ background: cal?.color }} aria-hidden="true" />
                        <span className="cal-search-name">{item.name || t("event.noTitle")}</span>
                        <span className="cal-muted cal-search-when">{whenText(place(item, tz), i18n.language, t)}</span>
                        {cal && <span className="cal-muted cal-search-cal">{calendarName(cal, t)}</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {data && data.totalPages > 1 && (
                <div className="cal-pager">
                  <Button variant="ghost" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("search.prevPage")}</Button>
                  <span>{t("search.page", { page: page + 1, total: data.totalPages })}</span>
                  <Button variant="ghost" isDisabled={page + 1 >= data.totalPages} onPress={() => setPage(page + 1)}>{t("search.nextPage")}</Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
