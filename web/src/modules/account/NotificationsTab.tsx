// Tab "notifications" (issue 32): every notification kind of the modules the user's account uses (and sharing),
// grouped by module, each with its "also by mail" switch (GET/PUT /api/notifications/settings). Everything
// arrives in the bell regardless; a switch only adds the mail. A change is saved at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Switch } from "react-aria-components";
import { NOTIFICATION_KIND_IDS, NOTIFICATION_KINDS, type NotificationKind } from "@shared/notifications/kinds.ts";
import type { NotificationSettings } from "@shared/notifications/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { notificationKeys, notificationSettingsQuery, saveNotificationSettings } from "../../app/notifications/queries.ts";
import { Button } from "../../ui/Button.tsx";
import { errorOf } from "./api.ts";
import { Section } from "./parts.tsx";

/** The kinds grouped by the module that sends them ("share" for sharing), only modules the account uses. */
function groupsFor(me: UserInfo): [string, NotificationKind[]][] {
  const groups = new Map<string, NotificationKind[]>();
  for (const kind of NOTIFICATION_KIND_IDS) {
    const module = NOTIFICATION_KINDS[kind].module;
    if (module !== null && !me.usedModules.includes(module)) continue;
    const key = module ?? "share";
    groups.set(key, [...(groups.get(key) ?? []), kind]);
  }
  return [...groups];
}

export function NotificationsTab({ me }: { me: UserInfo }) {
  const { t } = useTranslation(["notifications", "account"]);
  const qc = useQueryClient();
  const settings = useQuery(notificationSettingsQuery);

  const save = useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) => saveNotificationSettings({ mail: { [kind]: on } }),
    onMutate: ({ kind, on }) => {
      const before = qc.getQueryData<NotificationSettings>(notificationKeys.settings);
      qc.setQueryData<NotificationSettings>(notificationKeys.settings, (s) => s && { mail: { ...s.mail, [kind]: on } });
      return { before };
    },
    onSuccess: (s) => {
      qc.setQueryData(notificationKeys.settings, s);
      snackbar("SUCCESS", t("settings.saved"));
    },
    onError: (e, _v, ctx) => {
      qc.setQueryData(notificationKeys.settings, ctx?.before);
      snackbar("ERROR", `${t("settings.failed")} ${errorOf(e)}`);
    },
  });

  if (settings.isError) {
    return (
      <div className="acc-inline-error" role="alert">
        {errorOf(settings.error)} <Button variant="ghost" onPress={() => void settings.refetch()}>{t("account:retry")}</Button>
      </div>
    );
  }
  const s = settings.data;
  if (!s) return <p className="acc-muted">{t("account:loadingShort")}</p>;

  return (
    <div className="acc-stack">
      <p className="acc-muted">{t("settings.description")}</p>
      {groupsFor(me).map(([module, kinds]) => (
        <Section key={module} title={module === "share" ? t("settings.share") : t(`common:module.${module}`)}>
          <ul className="acc-switch-list acc-notify-list">
            {kinds.map((kind) => (
              <li key={kind}>
                <Switch className="acc-switch acc-switch-row" isSelected={!!s.mail[kind]} data-kind={kind}
                  onChange={(on) => save.mutate({ kind, on })}>
                  <span className="acc-notify-kind">
                    <span>{t(`kinds.${kind}`)}</span>
                    <span className="acc-muted acc-notify-mail">{t("settings.mail")}</span>
                  </span>
                  <span className="acc-switch-track" aria-hidden="true"><span className="acc-switch-thumb" /></span>
                </Switch>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </div>
  );
}
