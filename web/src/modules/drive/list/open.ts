// Opening an item: a folder shows its list (in the shared routes when it came from there), a shortcut opens
// its target, an image or PDF its preview, anything else downloads.
import { useNavigate } from "@tanstack/react-router";
import type { DriveItem } from "@shared/drive/items.ts";
import { canPreview, downloadItems, resolveShortcut } from "../actions.ts";
import { drivePaths } from "../params.ts";
import { isFolder } from "../queries.ts";
import { useDriveUi } from "../ui-state.ts";

export function useOpenItem(shared: boolean) {
  const navigate = useNavigate();
  const ui = useDriveUi();
  return async function open(item: DriveItem) {
    let target: DriveItem | null = item;
    if (item.isShortcut) target = await resolveShortcut(item, shared);
    if (!target) return;
    if (target.fileType === "DELETED") return;
    if (isFolder(target)) return void navigate(shared ? drivePaths.shared(target.id) : drivePaths.folder(target.id));
    if (canPreview(target)) return ui.open({ kind: "preview", item: target });
    await downloadItems([target]);
  };
}
