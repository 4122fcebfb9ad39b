// Company holidays (issue 23 "In and out"; GET/POST/DELETE api/calendar/holiday), in the HOLIDAY calendar's
// dialog for company administrators: the year's holidays (public ones listed for reference), a date and a name
// to add one, a remove button on each company holiday.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { HolidayItem } from "@shared/calendar/inout.ts";
import { HOLIDAY_NAME_MAX } from "@shared/calendar/inout.ts";
import { api, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";

export function CompanyHolidays() {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const [year, setYear] = useState(new Date().getFullYear());
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const key = ["calendar", "holidays", year] as const;
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<HolidayItem[]>("/api/calendar/holiday", { signal, query: { year } }) });
  const changed = () => {
    void qc.invalidateQueries({ queryKey: ["calendar"] });
  };
  const add = useMutation({
    mutationFn: () => api<HolidayItem>("/api/calendar/holiday", { method: "POST", json: { date, name: name.trim() } }),
    onSuccess: () => {
      setName("");
      snackbar("SUCCESS", t("inout.holidayAdded"));
      changed();
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/calendar/holiday/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      snackbar("SUCCESS", t("inout.holidayRemoved"));
      changed();
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });

  return (
    <section aria-labelledby="cio-holidays">
      <h3 id="cio-holidays">{t("inout.holidays")}</h3>
      <div className="cio-row">
        <Button variant="ghost" aria-label={t("inout.prevYear")} onPress={() => setYear(year - 1)}>‹</Button>
        <span aria-live="polite">{year}</span>
        <Button variant="ghost" aria-label={t("inout.nextYear")} onPress={() => setYear(year + 1)}>›</Button>
      </div>
      <ul className="cio-holiday-list" aria-label={t("inout.holidayList", { year })}>
        {(list.data ?? []).map((h) => (
          <li key={h.id} className={h.kind === "COMPANY" ? "cio-company" : undefined}>
            <span className="cio-date">{h.date.slice(5)}</span>
            <span>{h.name}</span>
            {h.kind === "COMPANY" && (
              <Button variant="ghost" isDisabled={remove.isPending} aria-label={t("inout.holidayRemove", { name: h.name })} onPress={() => remove.mutate(h.id)}>
                {t("inout.remove")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form className="cio-row" onSubmit={(e) => {
        e.preventDefault();
        if (date && name.trim()) add.mutate();
      }}>
        <input type="date" required value={date} aria-label={t("inout.holidayDate")} onChange={(e) => setDate(e.currentTarget.value)} />
        <input type="text" required maxLength={HOLIDAY_NAME_MAX} value={name} aria-label={t("inout.holidayName")} placeholder={t("inout.holidayName")}
          onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit" variant="secondary" isDisabled={add.isPending}>{t("inout.holidayAdd")}</Button>
      </form>
    </section>
  );
}
