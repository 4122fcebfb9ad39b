// 버전 기록 (001 §3 "Version", §4 "rolled back to a version"): the document's versions newest first, a page at a
// time (who and when), the chosen one shown read-only through the wiki's schema, and 이 버전으로 복원 (WRITE,
// confirmed: POST docs/{id}/rollback). The server puts the version's text into the live document, so open
// editors receive it as an ordinary change.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ListBox, ListBoxItem } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { rollbackDoc } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { versionQuery, versionsQuery, wikiKeys } from "../queries.ts";
import { dateTime } from "../doc/format.ts";
import { StaticDoc } from "../editor/StaticDoc.tsx";
import "./versions.css";

export function VersionsDialog({ doc, onClose }: { doc: WikiDocument; onClose(): void }) {
  const { t, i18n } = useTranslation("wiki");
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery(versionsQuery(doc.id, page));
  const version = useQuery({ ...versionQuery(chosen ?? 0), enabled: chosen !== null });
  const when = (ms: number) => dateTime(ms, i18n.language);
  const totalPages = list.data?.totalPages ?? 1;

  async function rollback() {
    const v = version.data;
    if (!v) return;
    const ok = await confirm({ title: t("versions.rollbackTitle"), message: t("versions.rollbackConfirm", { time: when(v.createdTime) }), confirmLabel: t("versions.rollback") });
    if (!ok) return;
    setBusy(true);
    try {
      const next = await rollbackDoc(doc.id, v.id);
      qc.setQueryData(wikiKeys.doc(doc.id), (old: WikiDocument | undefined) => (old ? { ...old, ...next, children: old.children } : next));
      void qc.invalidateQueries({ queryKey: wikiKeys.versions(doc.id) });
      succeeded("versions.rolledBack");
      onClose();
    } catch (e) {
      failed(e, "versions.rollbackFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("versions.title")} isOpen onClose={onClose} width={960}>
      <div className="wv-body">
        <div className="wv-list">
          {list.data && list.data.content.length === 0 && <p className="wd-muted">{t("versions.empty")}</p>}
          {!list.data && <p className="wd-muted">{list.isError ? errorText(codeOf(list.error)) : t("versions.loading")}</p>}
          {list.data && list.data.content.length > 0 && (
            <ListBox aria-label={t("versions.list")} className="wv-items" selectionMode="single" disallowEmptySelection
              selectedKeys={chosen ? [chosen] : []} onSelectionChange={(keys) => {
                const k = [...(keys as Set<number>)][0];
                if (k !== undefined) setChosen(Number(k));
              }} items={list.data.content}>
              {(v) => (
                <ListBoxItem id={v.id} className="wv-item" textValue={`${when(v.createdTime)} ${v.lastModifiedByName}`}>
                  <span className="wv-when">{when(v.createdTime)}</span>
                  <span className="wv-who">{v.lastModifiedByName || t("versions.unknownUser")}</span>
                </ListBoxItem>
              )}
            </ListBox>
          )}
          {totalPages > 1 && (
            <div className="wv-pager">
              <Button variant="ghost" isDisabled={page === 0} onPress={() => setPage(page - 1)} aria-label={t("versions.previous")}>‹</Button>
              <span>{t("versions.page", { page: page + 1, total: totalPages })}</span>
              <Button variant="ghost" isDisabled={page + 1 >= totalPages} onPress={() => setPage(page + 1)} aria-label={t("versions.next")}>›</Button>
            </div>
          )}
        </div>
        <div className="wv-preview">
          {chosen === null && <p className="wd-muted">{t("versions.choose")}</p>}
          {chosen !== null && !version.data && (
            <p className="wd-muted">{version.isError ? t("versions.loadFailed") : t("versions.loading")}</p>
          )}
          {version.data && (
            <>
              <h3 className="wv-title">{version.data.title || t("common.untitled")}</h3>
              <StaticDoc key={version.data.id} html={version.data.text} fileToken={doc.fileToken} label={t("versions.preview")} />
            </>
          )}
        </div>
      </div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("versions.close")}</Button>
        {doc.editable && <Button onPress={() => void rollback()} isDisabled={!version.data || busy}>{t("versions.rollback")}</Button>}
      </div>
    </Dialog>
  );
}
