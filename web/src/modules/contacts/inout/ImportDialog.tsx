// Import (001 §7 POST api/contact/card/import and import/save with part, type and charset): choose a file
// (the spec's .xls, .xlsx, vCard from phones and mail programs, Google or Outlook CSV), see what it holds
// (nothing is stored: the count, the first cards, the ones left out and why), choose the group, save (201,
// contact.62; a failure contact.61 or the reason).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImportPreview, ImportResult } from "@shared/contacts/inout.ts";
import { groupIdOf, IMPORT_CHARSETS, IMPORT_TYPES, type ImportCharset, type ImportType, LIMITS } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { formatBytes } from "../../../lib/bytes.ts";
import { ApiError } from "../../../lib/api.ts";
import * as contactApi from "../api.ts";
import { flatGroups, refreshContacts, treeQuery } from "../queries.ts";
import { contactErrorText, done, failed } from "../errors.ts";

const AUTO = "AUTO";

export function ImportDialog({ onClose, saveTo }: {
  onClose(): void;
  /** Saves into another book (a customer group) instead of a private group: no group to choose here. */
  saveTo?(file: File, type?: ImportType, charset?: ImportCharset): Promise<ImportResult>;
}) {
  const { t, i18n } = useTranslation("contacts");
  const qc = useQueryClient();
  const params = useParams({ strict: false }) as { groupId?: string };
  const listed = groupIdOf(params.groupId ?? "") ?? 0;
  const groups = flatGroups(useQuery(treeQuery).data);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<string>(AUTO);
  const [charset, setCharset] = useState<string>(AUTO);
  const [groupId, setGroupId] = useState(listed > 0 ? String(listed) : "0");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typeArg = type === AUTO ? undefined : (type as ImportType);
  const charsetArg = charset === AUTO ? undefined : (charset as ImportCharset);

  function choose(f: File | undefined) {
    setPreview(null);
    setError(null);
    setFile(f ?? null);
    if (f && f.size > LIMITS.importBytes) setError(contactErrorText(new ApiError(413, "contact.import_too_large")));
  }

  async function look() {
    if (!file) return setError(t("contactErrors:contact.import_file_required"));
    setBusy(true);
    try {
      setPreview(await contactApi.previewImport(file, typeArg, charsetArg));
      setError(null);
    } catch (e) {
      setError(contactErrorText(e, "importFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!file) return;
    setBusy(true);
    try {
      const r = saveTo ? await saveTo(file, typeArg, charsetArg) : await contactApi.saveImport(file, groupId, typeArg, charsetArg);
      done("importSucceeded");
      await refreshContacts(qc);
      if (r.skipped.length) setError(t("inout.savedSkipped", { saved: r.saved, count: r.skipped.length }));
      else onClose();
    } catch (e) {
      failed(e, "importFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("inout.importTitle")} isOpen onClose={onClose} width={640}>
      <div className="ct-form">
        <p className="ct-muted">{t("inout.importHint", { size: formatBytes(LIMITS.importBytes, i18n.language) })}</p>
        <div className="field">
          <label className="field-label" htmlFor="ct-import-file">{t("inout.file")}</label>
          <input id="ct-import-file" type="file" accept=".xls,.xlsx,.vcf,.vcard,.csv,text/vcard,text/csv" onChange={(e) => choose(e.currentTarget.files?.[0])} />
        </div>
        <div className="ct-grid2">
          <SelectField label={t("inout.type")} value={type} onChange={(v) => {
            setType(v);
            setPreview(null);
          }} options={[{ id: AUTO, label: t("inout.auto") }, ...IMPORT_TYPES.map((k) => ({ id: k, label: t(`inout.types.${k}`) }))]} />
          <SelectField label={t("inout.charset")} value={charset} onChange={(v) => {
            setCharset(v);
            setPreview(null);
          }} options={[{ id: AUTO, label: t("inout.auto") }, ...IMPORT_CHARSETS.map((k) => ({ id: k, label: k }))]} />
        </div>
        {error && <p role="alert" className="field-error">{error}</p>}
        {!preview && (
          <div className="dialog-actions">
            <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
            <Button isDisabled={!file || busy} onPress={() => void look()}>{t("inout.preview")}</Button>
          </div>
        )}
        {preview && (
          <>
            <p role="status">{t("inout.found", { count: preview.total })}</p>
            <div className="ct-preview-wrap">
              <table className="ct-table ct-preview">
                <caption className="visually-hidden">{t("inout.previewCaption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("column.userName")}</th>
                    <th scope="col">{t("column.email")}</th>
                    <th scope="col">{t("column.tel")}</th>
                    <th scope="col">{t("column.company")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.cards.map((c, i) => (
                    <tr key={i}>
                      <td>{c.userName}</td>
                      <td>{c.emailList.join(", ")}</td>
                      <td>{c.telList.join(", ")}</td>
                      <td>{c.company}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.total > preview.cards.length && <p className="ct-muted">{t("inout.more", { count: preview.total - preview.cards.length })}</p>}
            {preview.skipped.length > 0 && (
              <details>
                <summary>{t("inout.skipped", { count: preview.skipped.length })}</summary>
                <ul>
                  {preview.skipped.map((s) => <li key={s.index}>{t("inout.skippedItem", { n: s.index, reason: contactErrorText(new ApiError(400, s.code)) })}</li>)}
                </ul>
              </details>
            )}
            {!saveTo && (
              <SelectField label={t("inout.group")} value={groupId} onChange={setGroupId}
                options={[{ id: "0", label: t("inout.noGroup") }, ...groups.map(({ group, depth }) => ({ id: String(group.id), label: group.groupName, depth }))]} />
            )}
            <div className="dialog-actions">
              <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
              <Button isDisabled={busy || preview.total === 0} onPress={() => void save()}>{t("inout.save", { count: preview.total })}</Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
