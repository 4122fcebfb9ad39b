// The card list of /contact/list/{contactGroupId}/{page}[/{actionObj}] (001 §2): the toolbar (search, print,
// columns), the consonant bar (ㄱ..ㅎ, A..Z, #), the bulk actions of the selection, the table with the §2
// columns (the hidden ones left out, sortable headings) and the pager with the page size (the contact config).
// The trash is the list with {"trash":true}: restore or delete for good.
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { groupIdOf, TRASH_DAYS } from "@shared/contacts/constants.ts";
import { configQuery, findGroup, listQuery, treeQuery } from "./queries.ts";
import { contactPaths, type ListAction, parseAction, parsePage } from "./params.ts";
import { failed } from "./errors.ts";
import { ApiError } from "../../lib/api.ts";
import { ListToolbar } from "./list/ListToolbar.tsx";
import { ConsonantBar } from "./list/ConsonantBar.tsx";
import { BulkBar } from "./list/BulkBar.tsx";
import { CardTable } from "./list/CardTable.tsx";
import { Pager } from "./list/Pager.tsx";

export const ListRoute = createLazyRoute("/app/contact/list/$groupId/$page")({ component: ContactList });
export const ListActionRoute = createLazyRoute("/app/contact/list/$groupId/$page/$actionObj")({ component: ContactList });

function ContactList() {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { groupId: string; page: string; actionObj?: string };
  const groupId = params.groupId;
  const page = parsePage(params.page);
  const action = useMemo(() => parseAction(params.actionObj), [params.actionObj]);
  const config = useQuery(configQuery).data ?? DEFAULT_CONTACT_CONFIG;
  const list = useQuery(listQuery({
    groupId, page: page - 1, pageSize: config.pageSize, sort: action.sort, dir: action.dir,
    consonant: action.consonant, searchWord: action.searchWord, trash: action.trash,
  }));
  const tree = useQuery(treeQuery).data;
  const [selected, setSelected] = useState<Set<number>>(new Set());

  // Another list drops the selection.
  const listKey = `${groupId}/${page}/${params.actionObj ?? ""}`;
  useEffect(() => setSelected(new Set()), [listKey]);
  useEffect(() => {
    if (!list.error) return;
    failed(list.error, "listLoadFailed");
    // A group that is not (or no longer) the user's: back to the address book's first page (001 §2).
    if (list.error instanceof ApiError && list.error.status === 404) void navigate({ to: "/contact", replace: true });
  }, [list.error]);
  // A page past the end (after deleting the last cards of it) goes to the last page.
  const totalPages = list.data?.totalPages ?? 0;
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > 1 && page > totalPages) {
      void navigate({ ...contactPaths.list(groupId, Math.max(1, totalPages), action), replace: true });
    }
  }, [list.data, page, totalPages]);

  const id = groupIdOf(groupId) ?? -1;
  const title = action.trash
    ? t("trash.title")
    : groupId === "search"
    ? t("search.resultsFor", { word: action.searchWord ?? "" })
    : id < 0
    ? t(`group.special.${groupId}`)
    : (tree && findGroup(tree, id)?.groupName) ?? "";
  const go = (next: ListAction, nextPage = 1) => void navigate(contactPaths.list(groupId, nextPage, next));
  const cards = list.data?.content ?? [];
  const hidden = new Set(config.hideColumns);

  return (
    <div className="ct-list-screen">
      <ListToolbar groupId={groupId} page={page} action={action} title={title} total={list.data?.totalElements} />
      {action.trash && <p className="ct-trash-note">{t("trash.note", { days: TRASH_DAYS })}</p>}
      <ConsonantBar value={action.consonant} onChange={(consonant) => go({ ...action, consonant })} />
      <BulkBar
        groupId={groupId}
        trash={!!action.trash}
        cards={cards.filter((c) => selected.has(c.id))}
        onDone={() => setSelected(new Set())}
      />
      <div className="ct-list-body" data-main-content aria-busy={list.isFetching || undefined}>
        <CardTable
          cards={cards}
          hidden={hidden}
          trash={!!action.trash}
          sort={list.data?.sort ?? config.sort}
          dir={list.data?.dir ?? config.dir}
          selected={selected}
          onSelect={setSelected}
          onSort={(sort, dir) => go({ ...action, sort, dir }, page)}
          loading={list.isPending}
          empty={action.searchWord ? t("search.none") : action.trash ? t("trash.empty") : t("list.empty")}
        />
      </div>
      <Pager page={page} totalPages={totalPages} pageSize={config.pageSize} onPage={(p) => go(action, p)} />
    </div>
  );
}
