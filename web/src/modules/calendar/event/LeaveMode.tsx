// The event dialog's leave mode (001 §5, 002 "Leave"), for a company that uses leave: "event" or "leave"; the
// leave mode is the leave island's application form (loaded on first use), submitting to POST api/leaves/usages
// with the same checks and texts as /leave/application. A saved leave shows in the calendar as READY.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { refreshEvents } from "../queries.ts";

const LeaveForm = lazy(() => import("../../leave/application/LeaveForm.tsx").then((m) => ({ default: m.LeaveForm })));

export type EventKind = "event" | "leave";

export function EventKindSwitch({ value, onChange }: { value: EventKind; onChange(v: EventKind): void }) {
  const { t } = useTranslation("calendar");
  return (
    <RadioGroup value={value} onChange={(v) => onChange(v as EventKind)} orientation="horizontal" className="cal-kind">
      <Label className="visually-hidden">{t("leave.kind")}</Label>
      <Radio value="event" className="cal-kind-option">{t("leave.event")}</Radio>
      <Radio value="leave" className="cal-kind-option">{t("leave.leave")}</Radio>
    </RadioGroup>
  );
}

export function LeaveMode({ day, onClose }: { day: string; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  return (
    <Suspense fallback={<p className="cal-muted" role="status">{t("loading")}</p>}>
      <LeaveForm day={day} onCancel={onClose} submitLabel={t("leave.submit")}
        onDone={() => {
          snackbar("SUCCESS", t("leave.applied"));
          void refreshEvents(qc);
          void qc.invalidateQueries({ queryKey: ["leave"] });
          onClose();
        }} />
    </Suspense>
  );
}
