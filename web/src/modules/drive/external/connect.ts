// Connecting Google Drive in the 512x630 sign-in popup (the calendar's popup helper, calendar/external/popup.ts,
// with the start address of GET /api/external/auth/url/{type}), texts of the outcomes, and disconnecting.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import i18next from "i18next";
import { EXTERNAL_DRIVE_REGISTRATION, type ExternalDriveType } from "@shared/drive/external.ts";
import { EXTERNAL_ERROR_REASONS, type OAuthPopupMessage } from "@shared/external-services.ts";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { listenForPopup, openPopup } from "../../calendar/external/popup.ts";
import * as ext from "./api.ts";
import { EXTERNAL_PATHS } from "./routes.ts";

const t = (k: string, o?: Record<string, unknown>) => i18next.t(`drive:external.${k}`, o ?? {});

export function reasonText(reason: unknown): string {
  return t(`reason.${(EXTERNAL_ERROR_REASONS as readonly string[]).includes(String(reason)) ? reason : "UNKNOWN"}`);
}

/** The text of a failed call: the external drive's codes (drive.63 with its reason), else the common texts. */
export function extErrorText(e: unknown): string {
  const code = codeOf(e);
  const reason = paramsOf(e).reason;
  if (i18next.exists(`drive:external.errors.${code}`)) {
    const text = t(`errors.${code}`);
    return reason ? `${text} ${reasonText(reason)}` : text;
  }
  return errorText(code, paramsOf(e));
}

/** The connect action and whether a popup is open; success goes to the my tab. */
export function useConnect(type: ExternalDriveType) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  useEffect(() => listenForPopup((m: OAuthPopupMessage) => {
    if (m.registrationId !== EXTERNAL_DRIVE_REGISTRATION[type]) return;
    setBusy(false);
    if (m.errorMessage || !m.connectionId) {
      snackbar("ERROR", `${t("errors.drive.67")} ${reasonText(m.errorMessage)}`);
      return;
    }
    snackbar("SUCCESS", t("connected"), { carry: true }); // it survives the move to the my tab
    void qc.invalidateQueries({ queryKey: ext.extKeys.all }).then(() =>
      navigate({ to: EXTERNAL_PATHS.tab, params: { externalType: type, tabId: "my" } as never })
    );
  }), [type]);

  async function connect() {
    const popup = openPopup(); // inside the click, so no blocker stops it
    setBusy(true);
    try {
      const { url } = await ext.authUrl(type);
      if (popup) popup.location.href = url;
      else globalThis.location.assign(url);
    } catch (e) {
      popup?.close();
      setBusy(false);
      snackbar("ERROR", extErrorText(e));
    }
  }
  return { connect, busy };
}

/** Disconnect after a confirmation: drive.69 on success (then the connect screen), drive.68 on failure. */
export function useDisconnect(type: ExternalDriveType) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async function disconnect() {
    const ok = await confirm({ title: t("disconnectTitle"), message: t("disconnectMessage"), confirmLabel: t("disconnect"), danger: true });
    if (!ok) return;
    try {
      await ext.disconnect(type);
    } catch {
      snackbar("ERROR", t("errors.drive.68"));
      return;
    }
    snackbar("SUCCESS", t("errors.drive.69"), { carry: true });
    qc.removeQueries({ queryKey: ["drive", "external", "files"] });
    await qc.invalidateQueries({ queryKey: ext.extKeys.token(type) });
    await navigate({ to: EXTERNAL_PATHS.connect, params: { externalType: type } as never });
  };
}
