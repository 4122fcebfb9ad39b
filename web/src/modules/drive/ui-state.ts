// What the drive's screens open over the list: the dialogs (new folder, rename, move, copy, shortcut, share,
// share link, preview, connecting as a network drive) and the upload. The layout (drive.route.tsx) holds the state and closes the dialogs when
// the drive route changes (001 §2); the side pane, the list and the toolbar ask through this context.
import { createContext, useContext } from "react";
import type { DriveItem } from "@shared/drive/items.ts";

export type DriveDialog =
  | { kind: "newFolder"; parentId: number }
  | { kind: "rename"; item: DriveItem }
  | { kind: "move" | "copy" | "shortcut"; items: DriveItem[]; from: number | null }
  | { kind: "share"; item: DriveItem }
  | { kind: "link"; item: DriveItem }
  | { kind: "preview"; item: DriveItem }
  | { kind: "networkDrive" };

export interface DriveUi {
  open(d: DriveDialog): void;
  /** Starts uploading the files into the folder (paths: a picked folder's relative paths). */
  upload(folderId: number, files: File[]): void;
}

export const DriveUiContext = createContext<DriveUi>({ open() {}, upload() {} });
export const useDriveUi = () => useContext(DriveUiContext);
