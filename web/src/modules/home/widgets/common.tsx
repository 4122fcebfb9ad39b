// What the widgets share: their data query (GET widgets/{component}, refreshed by realtime), the loading, empty and
// error states, a list of rows that open their `link`, and dates in the reader's language.
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DataWidgetId, Widget, WidgetDataMap, WidgetRow } from "@shared/home/widgets.ts";
import { errorText } from "../../../lib/i18n.ts";
import { codeOf } from "../../../lib/api.ts";
import { widgetDataQuery } from "../queries.ts";
import { useUserZone } from "../zone.ts";

export interface WidgetProps {
  widget: Widget;
}

export function useWidgetData<K extends DataWidgetId>(component: K, widget: Widget): UseQueryResult<WidgetDataMap[K]> {
  return useQuery(widgetDataQuery(component, { size: widget.options.size, boardId: widget.options.boardId }));
}

/** The query's loading or error state, else the children with its data. */
export function WidgetState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation("home");
  if (query.isPending) return <p className="hm-state" role="status">{t("widget.loading")}</p>;
  if (query.isError) {
    return (
      <div className="hm-state hm-state-error" role="alert">
        <p>{t("widget.error", { reason: errorText(codeOf(query.error)) })}</p>
        <button type="button" className="hm-link-button" onClick={() => void query.refetch()}>{t("widget.retry")}</button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

export const Empty = ({ text }: { text: string }) => <p className="hm-state hm-empty">{text}</p>;

/** An app path (hash route) as an href. */
export const hrefOf = (link: string) => (link.startsWith("#") ? link : `#${link.startsWith("/") ? "" : "/"}${link}`);

export function RowList({ rows, empty, label }: { rows: WidgetRow[]; empty: string; label: string }) {
  const { i18n } = useTranslation();
  const zone = useUserZone();
  if (rows.length === 0) return <Empty text={empty} />;
  return (
    <ul className="hm-rows" aria-label={label}>
      {rows.map((r) => (
        <li key={r.id} className={r.flag ? "hm-row hm-row-flag" : "hm-row"}>
          <a href={hrefOf(r.link)} className="hm-row-link">
            <span className="hm-row-title">{r.title}</span>
            <span className="hm-row-meta">
              {r.sub && <span className="hm-row-sub">{r.sub}</span>}
              {r.at && <time dateTime={r.at}>{shortTime(r.at, i18n.language, zone)}</time>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Today: the time; another day: the date (and the year when not this year). */
export function shortTime(iso: string, lng: string, timeZone?: string): string {
  const d = new Date(iso);
  const now = new Date();
  const day = (x: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(x);
  if (day(d) === day(now)) return new Intl.DateTimeFormat(lng, { timeZone, hour: "numeric", minute: "2-digit" }).format(d);
  const sameYear = day(d).slice(0, 4) === day(now).slice(0, 4);
  return new Intl.DateTimeFormat(lng, { timeZone, month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) }).format(d);
}
