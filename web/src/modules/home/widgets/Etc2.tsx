// etc-2 Booking: the caller's next bookings, and a quick booking of a free meeting room from now to one hour later
// (002 §5 "Booking") through the resource module's own booking call (POST /api/resource/book), in the booking
// time zone (BOOKING_TIME_ZONE) the resource API speaks.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BOOKING_TIME_ZONE } from "@shared/resource/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import * as resourceApi from "../../resource/api.ts";
import { widgetKey } from "../queries.ts";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

/** An instant as the resource API's date and time in its zone. */
function wall(ms: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: BOOKING_TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(new Date(ms)).map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

export default function Etc2({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  const qc = useQueryClient();
  const query = useWidgetData("etc-2", widget);
  const [room, setRoom] = useState<string>("");
  const book = useMutation({
    mutationFn: (resourceId: number) => {
      const now = Date.now();
      const from = wall(now);
      const to = wall(now + 60 * 60_000);
      return resourceApi.create({
        resourceId,
        startDate: from.date,
        startTime: from.time,
        endDate: to.date,
        endTime: to.time,
        title: t("widget.etc-2.bookingTitle"),
        note: "",
      });
    },
    onSuccess: (created) => {
      const pending = created.bookings.some((b) => b.status === "REQUESTED");
      snackbar("SUCCESS", t(pending ? "widget.etc-2.requested" : "widget.etc-2.booked"));
      setRoom("");
      void qc.invalidateQueries({ queryKey: widgetKey("etc-2") });
      void qc.invalidateQueries({ queryKey: ["resource"] });
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  return (
    <WidgetState query={query}>
      {(data) => {
        const chosen = data.freeRooms.find((r) => String(r.id) === room) ?? data.freeRooms[0];
        return (
          <>
            {data.freeRooms.length === 0 ? <p className="hm-summary">{t("widget.etc-2.noRoom")}</p> : (
              <div className="hm-quick-book">
                <SelectField
                  label={t("widget.etc-2.room")}
                  value={chosen ? String(chosen.id) : ""}
                  onChange={setRoom}
                  options={data.freeRooms.map((r) => ({ id: String(r.id), label: r.category ? `${r.name} (${r.category})` : r.name }))}
                />
                <Button variant="secondary" isDisabled={!chosen || book.isPending} onPress={() => chosen && book.mutate(chosen.id)}>
                  {t("widget.etc-2.book")}
                </Button>
              </div>
            )}
            <h3 className="hm-sub-title">{t("widget.etc-2.mine")}</h3>
            <RowList rows={data.bookings} empty={t("widget.etc-2.empty")} label={t("widget.etc-2.mine")} />
          </>
        );
      }}
    </WidgetState>
  );
}
