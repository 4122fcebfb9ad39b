// The drive's screen (001 §2 "Drive"): the side pane beside the route's list; the dialogs (new folder,
// rename, move, copy, shortcut, share, share link, preview) open over it and close when the drive route
// changes; the upload dialog minimises instead (closing it would cancel the uploads). On phones the side pane
// is a drawer opened from the top bar. Realtime DRIVE_CHANGED refetches the lists.
import { createLazyRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShareDialog } from "../../app/share/ShareDialog.tsx";
import { DRIVE_SHARE_TYPE } from "@shared/drive/constants.ts";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SideDrawer, SidePane } from "./side/SidePane.tsx";
import { type DriveDialog, type DriveUi, DriveUiContext } from "./ui-state.ts";
import { NameDialog } from "./dialogs/NameDialog.tsx";
import { NetworkDriveDialog } from "./dialogs/NetworkDriveDialog.tsx";
import { TargetDialog } from "./dialogs/TargetDialog.tsx";
import { PreviewDialog } from "./dialogs/PreviewDialog.tsx";
import { LinkDialog } from "./dialogs/LinkDialog.tsx";
import { UploadDialog } from "./upload/UploadDialog.tsx";
import { enqueue, onUploaded, setMinimised, useUploads } from "./upload/store.ts";
import { refreshDrive } from "./queries.ts";
import { useDriveRealtime } from "./realtime.ts";
import "./drive.css";

export const Route = createLazyRoute("/app/drive")({ component: DriveLayout });

function DriveLayout() {
  const { t } = useTranslation("drive");
  const qc = useQueryClient();
  const narrow = useNarrowScreen();
  const [dialog, setDialog] = useState<DriveDialog | null>(null);
  const uploads = useUploads();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);
  // A changed drive route closes any open dialog (001 §2); uploads keep going in the minimised bar.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setDialog(null);
    if (uploads.open && uploads.items.length) setMinimised(true);
  }, [path]);
  useEffect(() => onUploaded(() => void refreshDrive(qc)), [qc]);
  useDriveRealtime();

  const ui = useMemo<DriveUi>(() => ({
    open: setDialog,
    upload: (folderId, files) => enqueue(folderId, files.map((file) => ({ file, dir: "" }))),
  }), []);
  const close = () => setDialog(null);
  const side = <SidePane />;
  return (
    <DriveUiContext.Provider value={ui}>
      <div className="dr-layout">
        {narrow ? <SideDrawer>{side}</SideDrawer> : <nav className="dr-side" aria-label={t("side.label")}>{side}</nav>}
        <div className="dr-main">
          <Outlet />
        </div>
        {dialog?.kind === "newFolder" && <NameDialog mode="new" parentId={dialog.parentId} onClose={close} />}
        {dialog?.kind === "rename" && <NameDialog mode="rename" item={dialog.item} onClose={close} />}
        {(dialog?.kind === "move" || dialog?.kind === "copy" || dialog?.kind === "shortcut") && (
          <TargetDialog mode={dialog.kind} items={dialog.items} from={dialog.from} onClose={close} />
        )}
        {dialog?.kind === "share" && (
          <ShareDialog moduleType={DRIVE_SHARE_TYPE} objectId={String(dialog.item.id)} title={t("share.title", { name: dialog.item.fileName })}
            onClose={close} onChanged={() => void refreshDrive(qc)} />
        )}
        {dialog?.kind === "link" && <LinkDialog item={dialog.item} onClose={close} />}
        {dialog?.kind === "preview" && <PreviewDialog item={dialog.item} onClose={close} />}
        {dialog?.kind === "networkDrive" && <NetworkDriveDialog onClose={close} />}
        <UploadDialog />
      </div>
    </DriveUiContext.Provider>
  );
}
