// A folder's context menu: the actions its type allows (folder-meta.ts folderActions), anchored to its row.
import { useTranslation } from "react-i18next";
import { Menu, MenuItem, Popover, Text } from "react-aria-components";
import type { FolderAction, TreeFolder } from "./folder-meta.ts";
import { deleteBlocker, folderActions, folderName } from "./folder-meta.ts";

export function FolderMenu({ folder, anchor, onAction, onClose }: {
  folder: TreeFolder;
  anchor: Element;
  onAction(action: FolderAction): void;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const actions = folderActions(folder);
  // A folder that cannot be deleted yet says why under "delete"; choosing it explains (FolderPane).
  const blocker = deleteBlocker(folder);
  const ref = { current: anchor };
  return (
    <Popover triggerRef={ref} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom end" className="menu-popover mf-menu">
      <Menu
        className="menu"
        aria-label={t("folders.menuOf", { name: folderName(folder, t) })}
        autoFocus="first"
        onAction={(key) => onAction(key as FolderAction)}
        onClose={onClose}
        renderEmptyState={() => <div className="menu-item">{t("folders.noActions")}</div>}
      >
        {actions.map((a) =>
          a === "delete" && blocker
            ? (
              <MenuItem key={a} id={a} className="menu-item mf-menu-blocked" textValue={t("folders.action.delete")}>
                <Text slot="label">{t("folders.action.delete")}</Text>
                <Text slot="description" className="mf-menu-reason">{t(`folders.deleteBlocked.hint.${blocker}`)}</Text>
              </MenuItem>
            )
            : <MenuItem key={a} id={a} className="menu-item">{t(`folders.action.${a}`)}</MenuItem>
        )}
      </Menu>
    </Popover>
  );
}
