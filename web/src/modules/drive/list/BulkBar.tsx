// The actions on the selected items: download (several or folders as one zip), move, copy, shortcut, rename,
// share and share link (one item), important, to the trash; in the trash: restore and delete for good. What
// is offered follows the list: in a shared tree only what the permission allows.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { DriveItem } from "@shared/drive/items.ts";
import { Button } from "../../../ui/Button.tsx";
import { cleanItems, downloadItems, restoreItems, setImportant, trashItems } from "../actions.ts";
import { useDriveUi } from "../ui-state.ts";
import type { ListContext } from "../list.route.tsx";

export function BulkBar({ ctx, items, onDone }: { ctx: ListContext; items: DriveItem[]; onDone(): void }) {
  const { t } = useTranslation("drive");
  const qc = useQueryClient();
  const ui = useDriveUi();
  if (!items.length) return null;
  const one = items.length === 1 ? items[0] : null;
  const mine = !ctx.shared;
  const from = ctx.folderId > 0 ? ctx.folderId : one?.parentId ?? null;
  const after = (p: Promise<boolean | void>) => void p.then((ok) => ok !== false && onDone());
  return (
    <div className="dr-bulk" role="toolbar" aria-label={t("bulk.label")}>
      <span className="dr-bulk-count">{t("bulk.count", { count: items.length })}</span>
      {ctx.trash
        ? (
          <>
            <Button variant="secondary" onPress={() => after(restoreItems(qc, items))}>{t("trash.restore")}</Button>
            <Button variant="danger" onPress={() => after(cleanItems(qc, items))}>{t("trash.clean")}</Button>
          </>
        )
        : (
          <>
            <Button variant="secondary" onPress={() => void downloadItems(items)}>{t("action.download")}</Button>
            {(mine || ctx.writable) && one && <Button variant="secondary" onPress={() => ui.open({ kind: "rename", item: one })}>{t("action.rename")}</Button>}
            {mine && <Button variant="secondary" onPress={() => ui.open({ kind: "move", items, from })}>{t("action.move")}</Button>}
            <Button variant="secondary" onPress={() => ui.open({ kind: "copy", items, from: mine ? from : null })}>{t("action.copy")}</Button>
            <Button variant="secondary" onPress={() => ui.open({ kind: "shortcut", items, from })}>{t("action.shortcut")}</Button>
            {mine && one && !one.isShortcut && <Button variant="secondary" onPress={() => ui.open({ kind: "share", item: one })}>{t("action.share")}</Button>}
            {mine && one && !one.isShortcut && <Button variant="secondary" onPress={() => ui.open({ kind: "link", item: one })}>{t("action.link")}</Button>}
            {mine && (
              <Button variant="secondary" onPress={() => void setImportant(qc, items, !items.every((i) => i.important))}>
                {items.every((i) => i.important) ? t("important.offAction") : t("important.onAction")}
              </Button>
            )}
            {(mine || ctx.writable) && <Button variant="danger" onPress={() => after(trashItems(qc, items))}>{t("action.delete")}</Button>}
          </>
        )}
    </div>
  );
}
