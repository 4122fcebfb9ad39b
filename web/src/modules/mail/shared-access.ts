// What the user may do to the mails of a folder another user shares with them (000 §6; shared/mail/shared.ts):
// read permission (2) reads, opens and downloads; read/unread, star and delete need edit permission (3), which
// the server checks again (403). The tree's SHARE node under the shared root carries the permission. One's own
// folders allow everything.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MailFolder } from "@shared/mail/folders.ts";
import { SHARE_EDIT } from "@shared/mail/shared.ts";
import type { TreeFolder } from "./folders/folder-meta.ts";
import { flattenFolders, foldersQuery, mailKeys } from "./queries.ts";
import type { FolderRef } from "./route-params.ts";

function sharedNode(tree: MailFolder[] | undefined, folderId: FolderRef | undefined, ownerId: number): TreeFolder | undefined {
  return flattenFolders(tree ?? []).find((f): f is TreeFolder =>
    f.folderType === "SHARE" && String(f.id) === String(folderId) && (f as TreeFolder).ownerId === ownerId
  );
}

/** Whether the user may change the mails of the folder (read/unread, star, delete); false until the tree is known. */
export function canEditMails(tree: MailFolder[] | undefined, folderId: FolderRef | undefined, ownerId: number | undefined): boolean {
  if (!ownerId) return true;
  return sharedNode(tree, folderId, ownerId)?.permission === SHARE_EDIT;
}

/** Shared folders the tree was read again for, so a folder that is not shared (any more) asks only once. */
const asked = new Set<string>();

/**
 * canEditMails for the current tree. A shared folder the tree does not know yet (shared after the tree was
 * read, and opened by its address) reads the tree again once, so its permission becomes known.
 */
export function useCanEditMails(folderId: FolderRef | undefined, ownerId: number | undefined): boolean {
  const qc = useQueryClient();
  const folders = useQuery(foldersQuery);
  const missing = !!ownerId && !!folders.data && !sharedNode(folders.data, folderId, ownerId);
  useEffect(() => {
    const key = `${ownerId}:${folderId}`;
    if (!missing || asked.has(key)) return;
    asked.add(key);
    void qc.invalidateQueries({ queryKey: mailKeys.folders });
  }, [missing, ownerId, folderId, qc]);
  return canEditMails(folders.data, folderId, ownerId);
}
