// The drive's actions on items, shared by the list's keyboard, its bulk bar and the row menus: to the trash
// (after asking), back from it, deleted for good, the trash emptied, the important star, downloads (a file as
// itself; folders and several items as one zip; shortcuts refused, 001 §5) and opening an item (a folder's
// list, a shortcut's target, an image or PDF preview, else a download).
import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { PREVIEW_IMAGE_TYPES } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { saveUrl } from "../../lib/download.ts";
import * as driveApi from "./api.ts";
import { failed } from "./errors.ts";
import { isFolder, refreshDrive } from "./queries.ts";

const t = (k: string, o?: Record<string, unknown>) => i18next.t(`drive:${k}`, o);
const named = (items: DriveItem[]) => (items.length === 1 ? { name: items[0].fileName, count: 1 } : { name: "", count: items.length });

async function run(qc: QueryClient, call: () => Promise<unknown>, ok: string): Promise<boolean> {
  try {
    await call();
    snackbar("SUCCESS", ok);
    return true;
  } catch (e) {
    failed(e);
    return false;
  } finally {
    await refreshDrive(qc);
  }
}

export async function trashItems(qc: QueryClient, items: DriveItem[]): Promise<boolean> {
  if (!items.length) return false;
  const ok = await confirm({ title: t("trash.askTitle"), message: items.length === 1 ? t("trash.askOne", named(items)) : t("trash.askMany", named(items)), confirmLabel: t("action.delete"), danger: true });
  if (!ok) return false;
  return await run(qc, () => driveApi.toTrash(items.map((i) => i.id)), t("trash.done", { count: items.length }));
}

export function restoreItems(qc: QueryClient, items: DriveItem[]) {
  return run(qc, () => driveApi.restore(items.map((i) => i.id)), t("trash.restored", { count: items.length }));
}

export async function cleanItems(qc: QueryClient, items: DriveItem[]): Promise<boolean> {
  if (!items.length) return false;
  const ok = await confirm({ title: t("trash.cleanTitle"), message: t("trash.cleanAsk", named(items)), confirmLabel: t("trash.clean"), danger: true });
  if (!ok) return false;
  return await run(qc, async () => {
    for (const i of items) await driveApi.clean(i.id);
  }, t("trash.cleaned", { count: items.length }));
}

export async function emptyTrash(qc: QueryClient): Promise<boolean> {
  const ok = await confirm({ title: t("trash.emptyTitle"), message: t("trash.emptyAsk"), confirmLabel: t("trash.empty"), danger: true });
  if (!ok) return false;
  return await run(qc, () => driveApi.emptyTrash(), t("trash.emptied"));
}

export async function setImportant(qc: QueryClient, items: DriveItem[], important: boolean) {
  try {
    await driveApi.setImportant(items.map((i) => i.id), important);
    snackbar("SUCCESS", t(important ? "important.on" : "important.off", { count: items.length }));
  } catch (e) {
    failed(e);
  } finally {
    await refreshDrive(qc);
  }
}

export async function downloadItems(items: DriveItem[]) {
  if (!items.length) return;
  if (items.some((i) => i.isShortcut)) {
    snackbar("VALIDATION", t("errors.drive.shortcut_not_downloadable"));
    return;
  }
  try {
    const one = items.length === 1 && !isFolder(items[0]) ? items[0] : null;
    if (one) saveUrl(await driveApi.downloadUrl(one.id), one.fileName);
    else saveUrl(await driveApi.zipUrl(items.map((i) => i.id)), items.length === 1 ? `${items[0].fileName}.zip` : "drive.zip");
  } catch (e) {
    failed(e);
  }
}

export const canPreview = (i: DriveItem) => !isFolder(i) && ((PREVIEW_IMAGE_TYPES as readonly string[]).includes(i.extension) || i.extension === "pdf");

/** A shortcut's target (own, or inside a shared tree). */
export async function resolveShortcut(item: DriveItem, shared: boolean): Promise<DriveItem | null> {
  try {
    return await driveApi.shortcutTarget(item.id, shared);
  } catch (e) {
    failed(e);
    return null;
  }
}
