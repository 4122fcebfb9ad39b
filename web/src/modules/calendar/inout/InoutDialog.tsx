// A calendar's "import / export / subscribe" dialog (issue 23 "In and out"; calls in shared/calendar/inout.ts),
// opened from a calendar's menu in the tree: import an .ics file into it (when the user may write it; at most
// 10 MB, checked before sending; the counts and each left-out event's reason are shown), download it as .ics,
// and make, copy or revoke the private subscription address for phones and Google/Outlook; for the HOLIDAY
// calendar, company administrators also add and remove company holidays (CompanyHolidays.tsx).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarEntry } from "@shared/calendar/calendars.ts";
import type { FeedInfo, IcsImportReport } from "@shared/calendar/inout.ts";
import { api, authorized, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { CompanyHolidays } from "./CompanyHolidays.tsx";
import "./inout.css";

const WRITABLE = 3;
/** The server refuses larger files (413 calendar.ics_too_large); checked here before sending. */
const MAX_ICS_UPLOAD_BYTES = 10 * 1024 * 1024;

export function InoutDialog({ calendar, onClose }: { calendar: CalendarEntry; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<IcsImportReport | null>(null);
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const canImport = calendar.privilege >= WRITABLE && calendar.type !== "HOLIDAY" && calendar.type !== "EXTERNAL";
  const calendarId = calendar.id;
  const isAdmin = useQuery(userDetailQuery).data?.roles.includes("ROLE_ADMIN") ?? false;

  const doImport = useMutation({
    mutationFn: async (f: File) => {
      if (f.size > MAX_ICS_UPLOAD_BYTES) throw Object.assign(new Error("too large"), { code: "calendar.ics_too_large" });
      const res = await authorized(`/api/calendar/import?calendarId=${calendarId}`, { method: "POST", body: f, headers: { "content-type": "text/calendar" } });
      return await res.json() as IcsImportReport;
    },
    onSuccess: (r) => {
      setReport(r);
      void qc.invalidateQueries({ queryKey: ["calendar"] });
    },
    onError: (e) => snackbar("ERROR", errorText((e as { code?: string }).code ?? codeOf(e))),
  });

  async function download() {
    try {
      const res = await authorized(`/api/calendar/export/${calendarId}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `${calendar.title || "calendar"}.ics`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      snackbar("ERROR", errorText((e as { code?: string }).code ?? "common.500"));
    }
  }

  const feedKey = ["calendar", "feed", calendarId] as const;
  const feed = useQuery({ queryKey: feedKey, queryFn: ({ signal }) => api<FeedInfo>(`/api/calendar/feed/${calendarId}`, { signal }) });
  const makeFeed = useMutation({
    mutationFn: () => api<FeedInfo>("/api/calendar/feed", { method: "POST", json: { calendarId } }),
    onSuccess: (f) => {
      setFeedUrl(f.url);
      void qc.invalidateQueries({ queryKey: feedKey });
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  const revokeFeed = useMutation({
    mutationFn: () => api(`/api/calendar/feed/${calendarId}`, { method: "DELETE" }),
    onSuccess: () => {
      setFeedUrl(null);
      snackbar("SUCCESS", t("inout.feedRevoked"));
      void qc.invalidateQueries({ queryKey: feedKey });
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });

  return (
    <Dialog title={t("inout.title", { title: calendar.title })} isOpen onClose={onClose} width={520}>
      <div className="cio">
        {canImport && (
          <section aria-labelledby="cio-import">
            <h3 id="cio-import">{t("inout.import")}</h3>
            <p className="cio-hint">{t("inout.importHint")}</p>
            <input ref={file} type="file" accept=".ics,text/calendar" aria-label={t("inout.chooseFile")} onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              setReport(null);
              if (f) doImport.mutate(f);
            }} />
            {doImport.isPending && <p role="status">{t("inout.importing")}</p>}
            {report && (
              <div role="status" className="cio-report">
                <p>{t("inout.imported", { created: report.created, updated: report.updated, total: report.eventCount })}</p>
                {report.errors.length > 0 && (
                  <details>
                    <summary>{t("inout.skipped", { count: report.errors.length })}</summary>
                    <ul>
                      {report.errors.map((e, i) => (
                        <li key={`${e.index}-${i}`}>{t("inout.skippedItem", { n: e.index + 1, uid: e.uid ?? "-", reason: t(`inout.reason.${e.code.replace("ics.", "")}`, { defaultValue: e.code }) })}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </div>
            )}
          </section>
        )}
        <section aria-labelledby="cio-export">
          <h3 id="cio-export">{t("inout.export")}</h3>
          <Button variant="secondary" onPress={() => void download()}>{t("inout.download")}</Button>
        </section>
        <section aria-labelledby="cio-feed">
          <h3 id="cio-feed">{t("inout.feed")}</h3>
          <p className="cio-hint">{t("inout.feedHint")}</p>
          {feedUrl && (
            <div className="cio-feed-url">
              <input readOnly value={feedUrl} aria-label={t("inout.feedAddress")} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" onPress={() => void navigator.clipboard?.writeText(feedUrl).then(() => snackbar("SUCCESS", t("inout.copied")))}>
                {t("inout.copy")}
              </Button>
            </div>
          )}
          {!feedUrl && feed.data?.active && <p className="cio-hint">{t("inout.feedActive")}</p>}
          <div className="dialog-actions cio-left">
            <Button variant="secondary" isDisabled={makeFeed.isPending} onPress={() => makeFeed.mutate()}>
              {t(feed.data?.active ? "inout.feedRenew" : "inout.feedCreate")}
            </Button>
            {feed.data?.active && (
              <Button variant="danger" isDisabled={revokeFeed.isPending} onPress={() => revokeFeed.mutate()}>{t("inout.feedRevoke")}</Button>
            )}
          </div>
        </section>
        {calendar.type === "HOLIDAY" && isAdmin && <CompanyHolidays />}
        <div className="dialog-actions">
          <Button onPress={onClose}>{t("inout.close")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
