// Previous and next mail for the reader (000 §4): the rows above and below the open mail in its list,
// across pages. Past the last row of the last page the answer is "lastPage"; before the first row of page 1
// it is "lastMail". The neighbouring page is fetched (queryClient.fetchQuery) only when the open mail is
// the first or last row of its page. A class chosen in the SMART folder (smart-category.ts) narrows the list
// here too, so previous and next stay within it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { MailListItem, MailListPage } from "@shared/mail/reading.ts";
import { mailListQuery } from "../queries.ts";
import { useMailConfig } from "../open.ts";
import type { FolderRef, ListAction } from "../route-params.ts";
import { useSmartCategory } from "./smart-category.ts";

export type Neighbour =
  /** A mail to go to: its row and the list page it is on. */
  | { kind: "mail"; mail: MailListItem; page: number }
  /** Nothing that way: 'lastPage' going on from the last row, 'lastMail' going back from the first. */
  | { kind: "end"; reason: "lastPage" | "lastMail" }
  /** Still being worked out (a page is loading), or the mail is not on its list page any more. */
  | { kind: "pending" }
  | { kind: "unknown" };

export interface Neighbours {
  /** The row above (newer). */
  prev: Neighbour;
  /** The row below (older). */
  next: Neighbour;
}

/** Whether a row opens in compose rather than the reader (a draft). */
export const isDraftRow = (m: MailListItem, folderType?: string) => m.mailType === "DRAFT" || folderType === "DRAFTS";

export function useListNeighbours(folderId: FolderRef, page: number, action: ListAction, mailId: number): Neighbours {
  const qc = useQueryClient();
  const { pageSize } = useMailConfig();
  const category = useSmartCategory(folderId);
  const current = useQuery(mailListQuery(folderId, page, action, pageSize, category));
  const data = current.isPlaceholderData ? undefined : current.data;
  const index = data?.mails.findIndex((m) => m.mailId === mailId) ?? -1;
  const needPrevPage = !!data && index === 0 && page > 1;
  const needNextPage = !!data && index >= 0 && index === data.mails.length - 1 && page < data.totalPages;
  const [prevPage, setPrevPage] = useState<MailListPage | null>(null);
  const [nextPage, setNextPage] = useState<MailListPage | null>(null);
  const actionKey = JSON.stringify(action) + (category ?? "");

  useEffect(() => {
    setPrevPage(null);
    if (!needPrevPage) return;
    let live = true;
    qc.fetchQuery(mailListQuery(folderId, page - 1, action, pageSize, category)).then((p) => live && setPrevPage(p), () => {});
    return () => {
      live = false;
    };
    // the action is compared by its JSON (actionKey)
  }, [needPrevPage, qc, folderId, page, actionKey, pageSize]);

  useEffect(() => {
    setNextPage(null);
    if (!needNextPage) return;
    let live = true;
    qc.fetchQuery(mailListQuery(folderId, page + 1, action, pageSize, category)).then((p) => live && setNextPage(p), () => {});
    return () => {
      live = false;
    };
    // the action is compared by its JSON (actionKey)
  }, [needNextPage, qc, folderId, page, actionKey, pageSize]);

  if (!data) return { prev: { kind: "pending" }, next: { kind: "pending" } };
  if (index < 0) return { prev: { kind: "unknown" }, next: { kind: "unknown" } };

  let prev: Neighbour;
  if (index > 0) prev = { kind: "mail", mail: data.mails[index - 1], page };
  else if (page <= 1) prev = { kind: "end", reason: "lastMail" };
  else if (!prevPage) prev = { kind: "pending" };
  else {
    const last = prevPage.mails[prevPage.mails.length - 1];
    prev = last ? { kind: "mail", mail: last, page: page - 1 } : { kind: "end", reason: "lastMail" };
  }

  let next: Neighbour;
  if (index < data.mails.length - 1) next = { kind: "mail", mail: data.mails[index + 1], page };
  else if (page >= data.totalPages) next = { kind: "end", reason: "lastPage" };
  else if (!nextPage) next = { kind: "pending" };
  else {
    const first = nextPage.mails[0];
    next = first ? { kind: "mail", mail: first, page: page + 1 } : { kind: "end", reason: "lastPage" };
  }
  return { prev, next };
}
