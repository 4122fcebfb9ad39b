// "Connect as a network drive": what a desktop needs to map the drive over WebDAV (server/modules/drive/dav) —
// the address of the user's own drive and of what colleagues share with them, the user name, and which password
// signs in (the mail-program password, set in the mail settings' "mail programs" tab, never the web password).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";

/** The mail settings' tab where the mail-program password is set (mail's route /mail/config/$folderId/$page/$tabId). */
const PASSWORD_TAB = "/mail/config/-1/1/client";

export function NetworkDriveDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(["drive", "common"]);
  const me = useQuery(userDetailQuery).data;
  const rows: { key: string; label: string; value: string }[] = [
    { key: "own", label: t("dav.own"), value: `${location.origin}/dav/files/` },
    { key: "shared", label: t("dav.shared"), value: `${location.origin}/dav/shared/` },
    { key: "user", label: t("dav.username"), value: me?.username ?? "" },
  ];
  async function copy(row: { label: string; value: string }) {
    try {
      await navigator.clipboard.writeText(row.value);
      snackbar("SUCCESS", t("dav.copied", { what: row.label }));
    } catch {
      snackbar("ERROR", t("dav.copyFailed"));
    }
  }
  return (
    <Dialog title={t("dav.title")} isOpen onClose={onClose} width={520}>
      <div className="dr-form">
        <p className="dr-muted">{t("dav.intro")}</p>
        <dl className="dr-dav">
          {rows.map((r) => (
            <div key={r.key} className="dr-dav-row">
              <dt>{r.label}</dt>
              <dd>
                <code className="dr-dav-value">{r.value}</code>
                <AriaButton className="dr-tool-btn" aria-label={t("dav.copy", { what: r.label })} onPress={() => void copy(r)}>
                  {t("dav.copyShort")}
                </AriaButton>
              </dd>
            </div>
          ))}
          <div className="dr-dav-row">
            <dt>{t("dav.password")}</dt>
            <dd>
              <span>{t("dav.passwordText")}</span>{" "}
              <Link to={PASSWORD_TAB as "/drive"} onClick={onClose}>{t("dav.passwordLink")}</Link>
            </dd>
          </div>
        </dl>
        <p className="dr-muted">{t("dav.how")}</p>
        <div className="dialog-actions">
          <Button onPress={onClose}>{t("common:action.close")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
