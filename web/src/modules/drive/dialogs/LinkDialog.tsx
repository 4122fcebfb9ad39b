// Share links of a drive item (000 §7 "Share links"; shared/share.ts): the item's links with their address
// (copy), access (anyone, company employees, password), expiry and downloads; a new link is made here and an
// old one deleted. The link opens in the share viewer (/#/link/viewer/{token}).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form } from "react-aria-components";
import { SHARE_LINK_ACCESS_MODES, type ShareLink, type ShareLinkAccessMode } from "@shared/share.ts";
import { DRIVE_SHARE_TYPE } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { codeOf, ApiError } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { refreshDrive } from "../queries.ts";
import { dateFormat } from "../../../lib/intl-format.ts";

const linksKey = (id: number) => ["share", DRIVE_SHARE_TYPE, String(id), "links"];
const fullUrl = (l: ShareLink) => new URL(l.url, location.origin).href;
const errText = (e: unknown) => {
  const field = e instanceof ApiError ? e.fieldErrors.map((f) => f.message).find((m) => m?.startsWith("shareLink.")) : undefined;
  return errorText(field ?? codeOf(e), e instanceof ApiError ? e.params : {});
};

export function LinkDialog({ item, onClose }: { item: DriveItem; onClose(): void }) {
  const { t, i18n } = useTranslation("drive");
  const qc = useQueryClient();
  const links = useQuery({
    queryKey: linksKey(item.id),
    queryFn: ({ signal }) => api<ShareLink[]>(`/api/share/links/${DRIVE_SHARE_TYPE}/${item.id}`, { signal }),
  });
  const [mode, setMode] = useState<ShareLinkAccessMode>("ANYONE");
  const [password, setPassword] = useState("");
  const [expiry, setExpiry] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const date = (ms: number) => dateFormat(i18n.language, { dateStyle: "medium" }).format(ms);

  async function changed() {
    await qc.invalidateQueries({ queryKey: linksKey(item.id) });
    await refreshDrive(qc);
  }

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      const made = await api<ShareLink>("/api/share/links", {
        method: "POST",
        json: {
          moduleType: DRIVE_SHARE_TYPE,
          objectId: String(item.id),
          permission: "READ",
          accessMode: mode,
          password: mode === "PASSWORD" ? password : undefined,
          expiryDate: expiry || undefined,
        },
      });
      setPassword("");
      await changed();
      await copy(made);
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  }

  async function copy(l: ShareLink) {
    try {
      await navigator.clipboard.writeText(fullUrl(l));
      snackbar("SUCCESS", t("link.copied"));
    } catch {
      snackbar("INFO", fullUrl(l));
    }
  }

  async function remove(l: ShareLink) {
    try {
      await api(`/api/share/links/${l.id}`, { method: "DELETE" });
      snackbar("SUCCESS", t("link.deleted"));
      await changed();
    } catch (e) {
      setError(errText(e));
    }
  }

  return (
    <Dialog title={t("link.title", { name: item.fileName })} isOpen onClose={onClose} width={560}>
      <div className="dr-form">
        {links.data && links.data.length === 0 && <p className="dr-muted">{t("link.none")}</p>}
        {links.data && links.data.length > 0 && (
          <ul className="dr-links" aria-label={t("link.list")}>
            {links.data.map((l) => (
              <li key={l.id} className="dr-link">
                <input className="field-input dr-link-url" readOnly value={fullUrl(l)} aria-label={t("link.address")} />
                <span className="dr-muted">
                  {t(`link.mode.${l.accessMode}`)}
                  {l.expiryDate !== null && ` · ${t("link.until", { date: date(l.expiryDate) })}`}
                  {` · ${t("link.downloads", { count: l.downloadCount })}`}
                </span>
                <div className="dr-link-actions">
                  <AriaButton className="dr-tool-btn" onPress={() => void copy(l)}>{t("link.copy")}</AriaButton>
                  <AriaButton className="dr-tool-btn" onPress={() => void remove(l)}>{t("link.delete")}</AriaButton>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Form className="dr-link-new" onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}>
          <SelectField label={t("link.access")} value={mode} onChange={(v) => setMode(v as ShareLinkAccessMode)}
            options={SHARE_LINK_ACCESS_MODES.map((m) => ({ id: m, label: t(`link.mode.${m}`) }))} />
          {mode === "PASSWORD" && (
            <TextField label={t("link.password")} type="password" value={password} onChange={setPassword} description={t("link.passwordRule")} />
          )}
          <TextField label={t("link.expiry")} type="date" value={expiry} onChange={setExpiry} />
          {error && <p className="dr-error" role="alert">{error}</p>}
          <div className="dialog-actions">
            <Button variant="secondary" onPress={onClose}>{t("common:action.close")}</Button>
            <Button type="submit" isDisabled={busy}>{t("link.create")}</Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
