// The calendar's alarm settings (a button under the calendar tree, side/SidePane.tsx): "alarms also by mail"
// (saved at once: PUT /api/calendar/alarms/settings) and the browser's notifications, which are asked for from
// here when the user presses "Allow" (never on page load).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { calendarErrorText } from "../actions.ts";
import { alarmSettingsQuery, saveAlarmSettings } from "./api.ts";
import { askNotifyPermission, type NotifyPermission, notifyPermission } from "./permission.ts";
import "./alarms.css";

export function AlarmSettingsButton() {
  const { t } = useTranslation("calendar");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="cal-alarm-settings-btn" onPress={() => setOpen(true)}>{t("alarms.settings.button")}</Button>
      {open && <AlarmSettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function AlarmSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const settings = useQuery(alarmSettingsQuery);
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  const save = useMutation({
    mutationFn: saveAlarmSettings,
    onSuccess: (s) => {
      qc.setQueryData(alarmSettingsQuery.queryKey, s);
      snackbar("SUCCESS", t("alarms.settings.saved"));
    },
    onError: (e) => snackbar("ERROR", calendarErrorText(e, "calendar.1")),
  });
  const byMail = save.isPending ? !!save.variables?.byMail : settings.data?.byMail ?? false;
  return (
    <Dialog title={t("alarms.settings.title")} isOpen onClose={onClose} width={480}>
      <div className="cal-alarm-settings">
        <Switch label={t("alarms.settings.byMail")} description={t("alarms.settings.byMailHint")} isSelected={byMail}
          isDisabled={!settings.data || save.isPending} onChange={(v) => save.mutate({ byMail: v })} />
        <div>
          <h3>{t("alarms.settings.browser")}</h3>
          <p role="status">{t(`alarms.settings.permission.${permission}`)}</p>
        </div>
        {permission === "default" && (
          <div>
            <Button variant="secondary" onPress={async () => setPermission(await askNotifyPermission())}>{t("alarms.settings.allow")}</Button>
          </div>
        )}
      </div>
      <div className="dialog-actions">
        <Button variant="primary" onPress={onClose}>{t("alarms.settings.close")}</Button>
      </div>
    </Dialog>
  );
}
