// /mail/{folderId}/{page} and /mail/{folderId}/{page}/{actionObj} (mail_list, mail_list_action): the list of
// a folder, a tag, a shared folder or a search.
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { MailList } from "./list/MailList.tsx";
import { SearchResultBar } from "./search/SearchResultBar.tsx";
import { parseFolderId, parseListAction, parsePage } from "./route-params.ts";

function ListScreen() {
  const p = useParams({ strict: false }) as { folderId?: string; page?: string; actionObj?: string };
  const folderId = parseFolderId(p.folderId) ?? -1;
  const action = parseListAction(p.actionObj);
  return (
    <>
      {action.search && <SearchResultBar search={action.search} folderId={folderId} />}
      <MailList folderId={folderId} page={parsePage(p.page) ?? 1} action={action} />
    </>
  );
}

export const ListRoute = createLazyRoute("/app/mail/$folderId/$page")({ component: ListScreen });
export const ListActionRoute = createLazyRoute("/app/mail/$folderId/$page/$actionObj")({ component: ListScreen });
