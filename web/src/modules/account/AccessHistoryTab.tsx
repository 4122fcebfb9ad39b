// Tab "account_history": sign-ins, sign-outs, failed attempts and account switches of the last year
// (GET /api/history/account, paged).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accessHistoryQuery, type AccessHistoryItem, errorOf } from "./api.ts";
import { Badge, type Column, DataTable, Pager, Section, useFormats } from "./parts.tsx";

const PAGE_SIZE = 20;

/** "Chrome 131 · Windows" from a user-agent string; the raw string stays available as a tooltip. */
export function describeBrowser(ua: string | null): string {
  if (!ua) return "—";
  const browser =
    match(ua, /Edg(?:e|A|iOS)?\/(\d+)/, "Edge") ?? match(ua, /OPR\/(\d+)/, "Opera") ?? match(ua, /SamsungBrowser\/(\d+)/, "Samsung Internet") ??
    match(ua, /Whale\/(\d+)/, "Whale") ?? match(ua, /Firefox\/(\d+)/, "Firefox") ?? match(ua, /(?:Chrome|CriOS)\/(\d+)/, "Chrome") ??
    match(ua, /Version\/(\d+).*Safari/, "Safari") ?? null;
  const os = /Windows/.test(ua) ? "Windows" : /iPhone|iPad|iPod/.test(ua) ? "iOS" : /Android/.test(ua) ? "Android"
    : /Mac OS X|Macintosh/.test(ua) ? "macOS" : /CrOS/.test(ua) ? "ChromeOS" : /Linux/.test(ua) ? "Linux" : null;
  if (!browser && !os) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return [browser, os].filter(Boolean).join(" · ");
}

function match(ua: string, re: RegExp, name: string): string | null {
  const m = re.exec(ua);
  return m ? `${name} ${m[1]}` : null;
}

const ACTION_TONE: Record<string, "ok" | "off" | "warn" | "wait"> = { LOGIN: "ok", LOGOUT: "off", LOGIN_FAILED: "warn", SWITCH_ACCOUNT: "wait" };

export function AccessHistoryTab() {
  const { t } = useTranslation("account");
  const f = useFormats();
  const [page, setPage] = useState(0);
  const q = useQuery(accessHistoryQuery(page, PAGE_SIZE));
  const columns: Column<AccessHistoryItem>[] = [
    { key: "time", header: t("access.time"), cell: (r) => f.dateTime(r.accessTimeMillis), className: "acc-nowrap" },
    {
      key: "action",
      header: t("access.action"),
      cell: (r) => <Badge tone={ACTION_TONE[r.action] ?? "off"}>{t(`access.actions.${r.action}`, { defaultValue: r.action })}</Badge>,
    },
    { key: "ip", header: t("access.ip"), cell: (r) => <span className="acc-mono">{r.ip ?? "—"}</span> },
    { key: "browser", header: t("access.browser"), cell: (r) => <span title={r.userAgent ?? undefined}>{describeBrowser(r.userAgent)}</span> },
  ];
  return (
    <div className="acc-stack">
      <Section
        title={t("access.title")}
        description={t("access.description")}
        actions={q.data && <span className="acc-muted">{t("access.total", { count: q.data.totalElements })}</span>}
      >
        {q.isError && <p className="acc-inline-error" role="alert">{errorOf(q.error)}</p>}
        <DataTable caption={t("access.title")} columns={columns} rows={q.data?.content} empty={t("access.empty")} loading={q.isFetching} />
        <Pager page={page} totalPages={q.data?.totalPages ?? 0} onChange={setPage} label={t("access.pages")} />
      </Section>
    </div>
  );
}
