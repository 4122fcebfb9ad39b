// Move, copy and shortcut (001 §5, §7): the user's folder tree (GET {parent}/children, opening level by level)
// to pick the target. Move asks GET moveable for the folders the items may go into: a folder outside it (an
// item itself or one of its sub-folders) is refused with "cannot move into a sub-folder"; copy refuses the
// folder the items are in with "cannot copy into the current folder". The server checks both again.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DriveItem } from "@shared/drive/items.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as driveApi from "../api.ts";
import { driveErrorText } from "../errors.ts";
import { refreshDrive, rootsQuery } from "../queries.ts";
import { FolderTree } from "../side/FolderTree.tsx";

export function TargetDialog({ mode, items, from, onClose }: { mode: "move" | "copy" | "shortcut"; items: DriveItem[]; from: number | null; onClose(): void }) {
  const { t } = useTranslation("drive");
  const qc = useQueryClient();
  const root = useQuery(rootsQuery).data?.find((r) => r.fileType === "ROOT");
  const ids = items.map((i) => i.id);
  const moveable = useQuery({
    queryKey: ["drive", "moveable", ids],
    queryFn: ({ signal }) => driveApi.moveable(ids, signal),
    enabled: mode === "move",
  });
  const allowed = new Set((moveable.data ?? []).map((f) => f.id));
  const [target, setTarget] = useState<DriveItem | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refusal = (f: DriveItem): string | undefined => {
    if (mode === "move" && (ids.includes(f.id) || (moveable.data && !allowed.has(f.id)))) return t("errors.drive.move_into_descendant");
    if (mode === "copy" && f.id === from) return t("errors.drive.copy_into_same_folder");
    return undefined;
  };

  async function run() {
    if (!target) return setError(t("target.required"));
    const refused = refusal(target);
    if (refused) return setError(refused);
    setBusy(true);
    try {
      if (mode === "move") await driveApi.move(ids, target.id);
      else if (mode === "copy") await driveApi.copy(ids, target.id);
      else for (const id of ids) await driveApi.makeShortcut(id, target.id);
      snackbar("SUCCESS", t(`target.${mode}Done`, { count: items.length, folder: target.parentId === null ? t("side.myDrive") : target.fileName }));
      await refreshDrive(qc);
      onClose();
    } catch (e) {
      setError(driveErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(`target.${mode}Title`, { count: items.length, name: items[0]?.fileName ?? "" })} isOpen onClose={onClose} width={460}>
      <div className="dr-form">
        <p className="dr-muted">{t("target.pick")}</p>
        <div className="dr-target-tree">
          {root && (
            <FolderTree root={root} label={t("side.myDrive")} pick={{
              selected: target?.id ?? null,
              onPick: (f) => {
                setTarget(f);
                setError(refusal(f));
              },
              refused: (f) => !!refusal(f),
            }} />
          )}
        </div>
        {error && <p className="dr-error" role="alert">{error}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common:action.cancel")}</Button>
          <Button onPress={() => void run()} isDisabled={busy || !target}>{t(`target.${mode}`)}</Button>
        </div>
      </div>
    </Dialog>
  );
}
