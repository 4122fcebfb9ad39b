// Reference documents of a draft: chosen from the completed documents the drafter may read (the ledger, box
// lg, searched by title), at most 20; each chosen one can be removed.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Key, ListBox, ListBoxItem } from "react-aria-components";
import { REF_DOCS_MAX } from "@shared/approval/constants.ts";
import type { DocumentSummary } from "@shared/approval/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { ledgerSearchQuery } from "./api.ts";

export function RefDocs({ docs, onChange }: { docs: DocumentSummary[]; onChange(d: DocumentSummary[]): void }) {
  const { t } = useTranslation("approval");
  const [open, setOpen] = useState(false);
  return (
    <section className="ad-card" aria-labelledby="ad-refs-title">
      <div className="ad-card-head">
        <h2 id="ad-refs-title" className="ad-card-title">{t("draft.refDocs")}</h2>
        <Button variant="secondary" isDisabled={docs.length >= REF_DOCS_MAX} onPress={() => setOpen(true)}>{t("draft.addRefDocs")}</Button>
      </div>
      {docs.length ? (
        <ul className="ad-files">
          {docs.map((d) => (
            <li key={d.id} className="ad-file">
              <span className="ad-file-name">{d.title}</span>
              <span className="ad-muted">{d.docNum ?? ""}</span>
              <Button variant="ghost" className="ad-icon-btn" aria-label={t("draft.removeRefDoc", { title: d.title })}
                onPress={() => onChange(docs.filter((x) => x.id !== d.id))}>✕</Button>
            </li>
          ))}
        </ul>
      ) : <p className="ad-muted">{t("draft.noRefDocs")}</p>}
      <Dialog title={t("draft.refDocsPick")} isOpen={open} onClose={() => setOpen(false)} width={640}>
        {open && <Picker chosen={docs} onDone={(d) => {
          onChange(d);
          setOpen(false);
        }} onCancel={() => setOpen(false)} />}
      </Dialog>
    </section>
  );
}

function Picker({ chosen, onDone, onCancel }: { chosen: DocumentSummary[]; onDone(d: DocumentSummary[]): void; onCancel(): void }) {
  const { t, i18n } = useTranslation("approval");
  const [word, setWord] = useState("");
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<Map<number, DocumentSummary>>(new Map(chosen.map((d) => [d.id, d])));
  const q = useQuery({ ...ledgerSearchQuery(word, page), placeholderData: keepPreviousData });
  const list = q.data?.content ?? [];
  const date = (ms: number | null) => (ms ? new Date(ms).toLocaleDateString(i18n.language) : "");
  return (
    <div className="ad-picker">
      <SearchForm label={t("draft.refDocsSearch")} placeholder={t("draft.refDocsSearch")} submit={t("lines.searchButton")}
        word={word} prefix="al" className="al-search" id="ad-ref-search" onSearch={(w) => {
          setWord(w.trim());
          setPage(0);
          return undefined;
        }} />
      <ListBox aria-label={t("draft.refDocsFound")} className="al-list" items={list} selectionMode="multiple"
        selectedKeys={[...picked.keys()].filter((id) => list.some((d) => d.id === id))}
        onSelectionChange={(keys) => {
          const sel = keys === "all" ? new Set<Key>(list.map((d) => d.id)) : keys;
          setPicked((prev) => {
            const next = new Map(prev);
            for (const d of list) {
              if (sel.has(d.id)) next.set(d.id, d);
              else next.delete(d.id);
            }
            return next;
          });
        }}
        renderEmptyState={() => <p className="al-muted">{q.isLoading ? t("draft.loading") : q.isError ? t("draft.loadFailed") : t("draft.noDocuments")}</p>}>
        {(d) => (
          <ListBoxItem id={d.id} textValue={d.title} className="al-list-item">
            <span className="al-name">{d.title}</span>
            <span className="al-detail">{[d.docNum, d.formName, d.drafter.name, date(d.completedAt)].filter(Boolean).join(" · ")}</span>
          </ListBoxItem>
        )}
      </ListBox>
      {(q.data?.totalPages ?? 1) > 1 && (
        <div className="al-pager">
          <Button variant="ghost" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("lines.prev")}</Button>
          <span>{t("lines.page", { page: page + 1, total: q.data?.totalPages ?? 1 })}</span>
          <Button variant="ghost" isDisabled={page + 1 >= (q.data?.totalPages ?? 1)} onPress={() => setPage(page + 1)}>{t("lines.next")}</Button>
        </div>
      )}
      <p className="ad-muted">{t("draft.refDocsChosen", { count: picked.size, max: REF_DOCS_MAX })}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onCancel}>{t("lines.cancel")}</Button>
        <Button isDisabled={picked.size > REF_DOCS_MAX} onPress={() => onDone([...picked.values()])}>{t("draft.refDocsApply")}</Button>
      </div>
    </div>
  );
}
