// Blocked senders: the company's block list (ROLE_ADMIN). Mail from a listed address or domain goes to every
// user's Spam as system-blocked, which no user can allow or recover (shared/mail/spam-lists.ts). Add one
// entry; filter and page the list; select rows (checkbox, Space) and remove them after a confirmation.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, Cell, Checkbox, Column, type Selection, Row, Table, TableBody, TableHeader,
} from "react-aria-components";
import { MAX_SENDER_LIST_ENTRIES, type SenderEntry } from "@shared/mail/spam-lists.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Badge, Pager, SearchBox } from "../controls.tsx";
import { notifyFailure } from "../feedback.ts";
import { formatDateTime } from "../format.ts";
import { AdminIcon } from "../icons.tsx";
import { companySendersQuery, refreshCompanySenders, SENDERS_PAGE_SIZE, unblockCompanySenders } from "./api.ts";
import { SenderAddForm } from "./SenderAddForm.tsx";
import "./senders.css";

/** A row's or the header's selection box (react-aria's selection slot: Space and click toggle it). */
function SelectBox({ label }: { label: string }) {
  return (
    <Checkbox slot="selection" className="checkbox adm-senders-check" aria-label={label}>
      {({ isIndeterminate }) => (
        <span className="checkbox-box" aria-hidden="true">
          <svg viewBox="0 0 18 18">{isIndeterminate ? <polyline points="3 9 15 9" /> : <polyline points="2 9 7 14 16 4" />}</svg>
        </span>
      )}
    </Checkbox>
  );
}

export function MailSendersSection() {
  const { t, i18n } = useTranslation("admin");
  const qc = useQueryClient();
  const list = useQuery(companySendersQuery);
  const all = useMemo(() => list.data?.senders ?? [], [list.data]);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState(false);

  const word = search.trim().toLowerCase();
  const matching = useMemo(() => (word ? all.filter((s) => s.pattern.includes(word)) : all), [all, word]);
  const last = Math.max(0, Math.ceil(matching.length / SENDERS_PAGE_SIZE) - 1);
  const current = Math.min(page, last);
  const rows = matching.slice(current * SENDERS_PAGE_SIZE, (current + 1) * SENDERS_PAGE_SIZE);
  // Only entries that still exist count as selected (another admin may have removed some).
  const chosen = all.filter((s) => selected.has(s.id));

  function onSelection(keys: Selection) {
    const onPage = rows.map((r) => r.id);
    setSelected((prev) => {
      const next = new Set([...prev].filter((id) => !onPage.includes(id)));
      for (const id of keys === "all" ? onPage : [...keys].map(Number)) next.add(id);
      return next;
    });
  }

  async function remove(entries: SenderEntry[]) {
    const ok = await confirm({
      title: t("senders.remove.title"),
      message: entries.length === 1
        ? t("senders.remove.messageOne", { pattern: entries[0].pattern })
        : t("senders.remove.message", { count: entries.length }),
      confirmLabel: t("senders.remove.confirm"),
      danger: true,
    });
    if (!ok) return;
    setRemoving(true);
    try {
      await unblockCompanySenders(entries.map((s) => s.id));
      snackbar("SUCCESS", t("senders.remove.done", { count: entries.length }));
      setSelected((prev) => new Set([...prev].filter((id) => !entries.some((s) => s.id === id))));
    } catch (e) {
      notifyFailure(e);
    } finally {
      setRemoving(false);
      await refreshCompanySenders(qc);
    }
  }

  // A failed load shows its alert (with "try again") above the table instead of an empty-state text.
  const empty = list.isError ? null : list.isPending ? t("loading") : word ? t("senders.noMatch") : t("senders.empty");
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("section.mail-senders")}</h2>
          <p className="adm-sub">{list.data ? t("senders.count", { count: all.length }) : "\u00a0"}</p>
        </div>
      </header>
      <p className="adm-muted adm-senders-intro">{t("senders.intro")}</p>

      <SenderAddForm isFull={all.length >= MAX_SENDER_LIST_ENTRIES} />

      <div className="adm-toolbar">
        <SearchBox label={t("senders.search")} value={search} onChange={(v) => (setSearch(v), setPage(0))} />
        {/* Always present (out of sight while nothing is selected), so the count is announced as it changes. */}
        <div className={chosen.length > 0 ? "adm-senders-bulk" : "visually-hidden"}>
          <span aria-live="polite">{chosen.length > 0 ? t("senders.selected", { count: chosen.length }) : ""}</span>
          {chosen.length > 0 && (
            <>
              <Button variant="secondary" onPress={() => setSelected(new Set())}>{t("senders.clearSelection")}</Button>
              <Button variant="danger" isDisabled={removing} onPress={() => void remove(chosen)}>
                <AdminIcon name="trash" size={18} />
                {t("senders.removeSelected")}
              </Button>
            </>
          )}
        </div>
      </div>

      <div className="adm-card adm-table-wrap" aria-busy={list.isFetching || removing || undefined}>
        {list.isError && (
          <div className="adm-senders-error" role="alert">
            <span>{t("loadFailed")}</span>
            <Button variant="secondary" onPress={() => void list.refetch()}>{t("senders.retry")}</Button>
          </div>
        )}
        <Table aria-labelledby="adm-heading" className="adm-table adm-senders-table" selectionMode="multiple"
          selectionBehavior="toggle" selectedKeys={new Set(rows.filter((r) => selected.has(r.id)).map((r) => r.id))}
          onSelectionChange={onSelection}>
          <TableHeader>
            <Column className="adm-senders-col-check">
              {rows.length > 0 ? <SelectBox label={t("senders.selectPage")} /> : <span className="visually-hidden">{t("senders.col.select")}</span>}
            </Column>
            <Column isRowHeader className="adm-col-name">{t("senders.col.pattern")}</Column>
            <Column>{t("senders.col.kind")}</Column>
            <Column className="adm-opt">{t("senders.col.added")}</Column>
            <Column className="adm-col-actions"><span className="visually-hidden">{t("senders.col.actions")}</span></Column>
          </TableHeader>
          {/* Rows are cached per item: the language and the busy state must re-render them. */}
          <TableBody items={rows} dependencies={[i18n.language, removing]} renderEmptyState={() => empty && <p className="adm-empty">{empty}</p>}>
            {(s) => (
              <Row id={s.id} className="adm-row" textValue={s.pattern}>
                <Cell className="adm-senders-col-check"><SelectBox label={t("senders.col.select")} /></Cell>
                <Cell><span className="adm-senders-pattern">{s.pattern}</span></Cell>
                <Cell>
                  <Badge tone={s.pattern.startsWith("@") ? "accent" : "neutral"}>
                    {t(s.pattern.startsWith("@") ? "senders.kind.domain" : "senders.kind.address")}
                  </Badge>
                </Cell>
                <Cell className="adm-opt">{formatDateTime(Date.parse(s.createdAt), i18n.language)}</Cell>
                <Cell className="adm-col-actions">
                  <AriaButton className="icon-button" isDisabled={removing} onPress={() => void remove([s])}
                    aria-label={t("senders.removeNamed", { pattern: s.pattern })}>
                    <AdminIcon name="trash" size={18} />
                  </AriaButton>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
        {matching.length > SENDERS_PAGE_SIZE && (
          <Pager page={current} pageSize={SENDERS_PAGE_SIZE} total={matching.length} onPage={setPage} />
        )}
      </div>
    </>
  );
}
