// /customer/list/{type}/{groupId}/{toggleType?}/{historyObj?}/{cardObj?} (001 §2): a group's cards (CARD, the
// default) with the consonant bar, sort, importance, paging (20 a page, sorted by name: 001 §9), the
// selection's actions and the print view; or the group's history (HISTORY). type "search" lists the cards of
// every group the user reads that match the word (by name, e-mail or phone); type "tag" the cards carrying the
// tag groupId over every group the user reads. cardObj opens a card. A group the user cannot read (404), or a
// tag that is gone, goes back to the entry with the group error (001 §8).
import { createLazyRoute, Link, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { CUSTOMER_PAGE_SIZE } from "@shared/contacts/customers.ts";
import { ApiError } from "../../lib/api.ts";
import { SvgIcon } from "../../ui/icons.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { Button } from "../../ui/Button.tsx";
import { ConsonantBar } from "../contacts/list/ConsonantBar.tsx";
import { CardTable } from "../contacts/list/CardTable.tsx";
import { type CardOpen as ContactCardOpen, type ContactUi, ContactUiContext } from "../contacts/ui-state.ts";
import { ICONS } from "../contacts/icons.ts";
import { ImportDialog } from "../contacts/inout/ImportDialog.tsx";
import * as customerApi from "./api.ts";
import type { SearchType } from "./api.ts";
import { findGroup, listQuery, refreshCustomers, searchQuery, tagsQuery, treeQuery } from "./queries.ts";
import { customerPaths, type ListState, listParams } from "./params.ts";
import { failed } from "./errors.ts";
import { CardPanel, type CardOpen } from "./card/CardPanel.tsx";
import { BulkBar, deleteCards, setImportant } from "./list/BulkBar.tsx";
import { HistoryPanel } from "./history/HistoryPanel.tsx";

export const ListRoute = createLazyRoute("/app/customer/list/$type/$groupId")({ component: CustomerList });

/** The private book's list columns the customer list leaves out: a customer card sits in one group. */
const HIDDEN = ["groups"];

function CustomerList() {
  const { t } = useTranslation("customers");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { type, groupId, toggle, state, cardId } = listParams(useParams({ strict: false }) as Record<string, string>);
  const tree = useQuery(treeQuery);
  const group = findGroup(tree.data, groupId);
  const search = type === "search";
  const byTag = type === "tag";
  const tag = useQuery({ ...tagsQuery, enabled: byTag }).data?.find((x) => x.id === groupId);
  const page = state.page ?? 1;
  const list = useQuery({
    ...listQuery({ type: byTag ? "tag" : "group", groupId, page: page - 1, sort: state.sort ?? "userName", dir: state.dir ?? "asc", consonant: state.consonant }),
    enabled: !search && groupId > 0 && (toggle === "CARD" || byTag),
  });
  const found = useQuery({ ...searchQuery(state.keyword ?? "", state.searchType ?? "ALL", page - 1), enabled: search && !!state.keyword });
  const data = search ? found.data : list.data;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [newCard, setNewCard] = useState(false);
  const [importing, setImporting] = useState(false);
  const go = (next: ListState, nextToggle = toggle, card?: number | null) => void navigate(customerPaths.list(type, groupId, nextToggle, next, card));

  useEffect(() => setSelected(new Set()), [type, groupId, toggle, JSON.stringify(state)]);
  useEffect(() => {
    if (!list.error) return;
    if (list.error instanceof ApiError && list.error.status === 404) {
      failed(list.error, "groupLoadFailed", { carry: true });
      void navigate({ to: "/customer", replace: true });
    } else failed(list.error, "loadFailed");
  }, [list.error]);

  const cards = data?.content ?? [];
  const writableGroup = (id: number) => !!findGroup(tree.data, id)?.hasPermission;
  const chosen = cards.filter((c) => selected.has(c.id));
  const canWrite = search || byTag ? chosen.length > 0 && chosen.every((c) => writableGroup(c.groupId)) : !!group?.hasPermission;
  const ui = useMemo<ContactUi>(() => ({
    openCard: (o: ContactCardOpen) => o.kind !== "new" && go(state, toggle, o.id),
    openImport() {},
    openExport() {},
  }), [type, groupId, toggle, JSON.stringify(state)]);
  const hidden = new Set([...HIDDEN, ...(canWrite || search || byTag ? [] : ["importantStatus"])]);
  // Only a group's own list shows its history, print view, import and new card.
  const ofGroup = !search && !byTag;
  const open: CardOpen | null = newCard ? { kind: "new", groupId } : cardId ? { kind: "view", id: cardId } : null;
  const totalPages = data?.totalPages ?? 0;

  if (!search && groupId === 0) {
    return <div className="ct-list-screen"><p className="ct-empty cu-empty" data-main-content>{t(tree.data && tree.data.length === 0 ? "group.noneYet" : "card.loading")}</p></div>;
  }
  const title = search ? t("search.resultsFor", { word: state.keyword ?? "" }) : byTag ? t("tag.resultsFor", { name: tag?.name ?? "" }) : group?.groupName ?? "";
  return (
    <ContactUiContext.Provider value={ui}>
      <div className="ct-list-screen">
        <div className="ct-toolbar">
          <h2 className="ct-list-title">
            {title}
            {data && (toggle === "CARD" || !ofGroup) && <span className="ct-list-total">{t("list.total", { count: data.totalElements })}</span>}
            {ofGroup && group && !group.isPublic && <span className="cu-badge">{t("group.private")}</span>}
            {ofGroup && group && !group.hasPermission && <span className="cu-badge">{t("group.readOnly")}</span>}
          </h2>
          {ofGroup && (
            <nav className="cu-toggle" aria-label={t("list.view")}>
              <Link {...customerPaths.list("group", groupId, "CARD")} className="cu-toggle-link" aria-current={toggle === "CARD" ? "page" : undefined}>
                {t("list.cards")}
              </Link>
              <Link {...customerPaths.list("group", groupId, "HISTORY")} className="cu-toggle-link" aria-current={toggle === "HISTORY" ? "page" : undefined}>
                {t("list.history")}
              </Link>
            </nav>
          )}
          {search && (
            <div className="cu-search-type">
              <SelectField label={t("search.type")} value={state.searchType ?? "ALL"} onChange={(v) => go({ ...state, searchType: v as SearchType, page: 1 })}
                options={(["ALL", "USER_NAME", "EMAIL", "TEL"] as const).map((k) => ({ id: k, label: t(`search.types.${k}`) }))} />
            </div>
          )}
          <div className="ct-toolbar-end">
            {ofGroup && toggle === "CARD" && (
              <AriaButton className="ct-icon-btn" aria-label={t("print.open")} onPress={() => void navigate(customerPaths.print(groupId, page, state))}>
                <SvgIcon d={ICONS.print} size={18} />
              </AriaButton>
            )}
            {ofGroup && group?.hasPermission && <Button variant="secondary" onPress={() => setImporting(true)}>{t("list.import")}</Button>}
            {ofGroup && group?.hasPermission && <Button onPress={() => setNewCard(true)}>{t("card.new")}</Button>}
          </div>
        </div>
        {toggle === "HISTORY" && ofGroup
          ? (
            <div className="ct-list-body cu-history-body" data-main-content>
              <HistoryPanel key={groupId} groupId={groupId} canWrite={!!group?.hasPermission} initialType={state.historyType}
                onType={(historyType) => void navigate({ ...customerPaths.list(type, groupId, "HISTORY", { ...state, historyType }), replace: true })} />
            </div>
          )
          : (
            <>
              {!search && <ConsonantBar value={state.consonant} onChange={(consonant) => go({ ...state, consonant, page: 1 })} />}
              <BulkBar cards={chosen} groupId={groupId} canWrite={canWrite} onDone={() => setSelected(new Set())} />
              <div className="ct-list-body" data-main-content aria-busy={(search ? found.isFetching : list.isFetching) || undefined}>
                <CardTable
                  cards={cards}
                  hidden={hidden}
                  trash={false}
                  sort={state.sort ?? "userName"}
                  dir={state.dir ?? "asc"}
                  selected={selected}
                  onSelect={setSelected}
                  onSort={(sort, dir) => go({ ...state, sort, dir })}
                  loading={search ? found.isPending : list.isPending}
                  empty={search ? t("search.none") : t("list.empty")}
                  onImportant={(ids, on) => void setImportant(qc, ids, on)}
                  onDelete={(c) => deleteCards(qc, c)}
                />
              </div>
              <Pager page={page} totalPages={totalPages} onPage={(p) => go({ ...state, page: p })} />
            </>
          )}
        {importing && (
          <ImportDialog onClose={() => setImporting(false)} saveTo={async (file, type, charset) => {
            const r = await customerApi.importSave(groupId, file, type, charset);
            await refreshCustomers(qc);
            return r;
          }} />
        )}
        {open && (
          <CardPanel open={open} canWrite={writableGroup}
            onOpen={(o) => (o.kind === "view" ? go(state, toggle, o.id) : setNewCard(false))}
            onClose={() => {
              setNewCard(false);
              if (cardId) go(state, toggle, null);
            }} />
        )}
      </div>
    </ContactUiContext.Provider>
  );
}

/** Pages in blocks of 10 with previous and next; CUSTOMER_PAGE_SIZE cards a page. */
function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(p: number): void }) {
  const { t } = useTranslation("customers");
  if (totalPages <= 1) return null;
  const first = Math.floor((page - 1) / 10) * 10 + 1;
  const last = Math.min(totalPages, first + 9);
  return (
    <div className="ct-pager">
      <nav aria-label={t("list.pages", { size: CUSTOMER_PAGE_SIZE })} className="ct-pages">
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("list.prev")} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
          <SvgIcon d={ICONS.chevronLeft} size={16} />
        </AriaButton>
        {Array.from({ length: last - first + 1 }, (_, i) => first + i).map((p) => (
          <AriaButton key={p} className="ct-page" aria-current={p === page ? "page" : undefined} aria-label={t("list.pageN", { n: p })} onPress={() => onPage(p)}>
            {p}
          </AriaButton>
        ))}
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("list.next")} isDisabled={page >= totalPages} onPress={() => onPage(page + 1)}>
          <SvgIcon d={ICONS.chevronRight} size={16} />
        </AriaButton>
      </nav>
    </div>
  );
}
