// The star toggle shared by the reader and the list (000 §4 "Mail read and star"): the change shows at once in
// every cached list row and opened mail, and is rolled back with the spec's message if the server refuses
// (403: no permission to star; otherwise: failed to star). Shared folders use api/share/mails with ownerId.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MailListPage, MailView } from "@shared/mail/reading.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { mailKeys } from "../queries.ts";
import type { FolderRef } from "../route-params.ts";
import { editListRows } from "./actions.ts";

export interface StarInput {
  mailIds: number[];
  importantStatus: 0 | 1;
  /** A shared folder: its owner and the folder. */
  ownerId?: number;
  folderId?: FolderRef;
}

type Snapshot = [readonly unknown[], unknown][];

export function useStarToggle() {
  const qc = useQueryClient();
  const { t } = useTranslation("mail");
  return useMutation({
    mutationFn: (v: StarInput) =>
      v.ownerId
        ? api("/api/share/mails/importantStatus", {
          method: "PUT",
          json: { mailIds: v.mailIds, importantStatus: v.importantStatus, ownerId: v.ownerId, folderId: String(v.folderId) },
        })
        : api("/api/mails/importantStatus", { method: "PUT", json: { mailIds: v.mailIds, importantStatus: v.importantStatus } }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: mailKeys.lists });
      await qc.cancelQueries({ queryKey: mailKeys.views });
      const snapshot: Snapshot = [
        ...qc.getQueriesData<MailListPage>({ queryKey: mailKeys.lists }),
        ...qc.getQueriesData<MailView>({ queryKey: mailKeys.views }),
      ];
      editListRows(qc, v.mailIds, (m) => ({ ...m, importantStatus: v.importantStatus }));
      const ids = new Set(v.mailIds);
      qc.setQueriesData<MailView>({ queryKey: mailKeys.views }, (m) => (m && ids.has(m.mailId) ? { ...m, importantStatus: v.importantStatus } : m));
      return { snapshot };
    },
    onError: (e, _v, ctx) => {
      for (const [key, data] of ctx?.snapshot ?? []) qc.setQueryData(key, data);
      snackbar("ERROR", t(e instanceof ApiError && e.status === 403 ? "view.star.denied" : "view.star.failed"));
    },
    onSettled: () => {
      // The starred folder's count follows the server.
      void qc.invalidateQueries({ queryKey: mailKeys.folders });
    },
  });
}
