// The suite folder each planned source folder is copied into (folder-map.ts says which): a system folder by
// type, or a private folder found or made by its levels under "My folders". Private folders are made through
// the web's folder service (folders/service.ts), so its rules hold (names, siblings unique regardless of
// case, depth, the number of folders); an existing folder of the same name at the same place is reused,
// which is also how a second run finds the folders of the first. A folder an earlier run copied into
// (remembered on its mail_imap_imports row) is kept even when the user renamed or moved it since.
import type { Caller } from "../../../lib/context.ts";
import { AppError, messageOf } from "../../../lib/errors.ts";
import * as folderRepo from "../folders/repo.ts";
import * as folderService from "../folders/service.ts";
import { systemFolders } from "../store/folders.ts";
import type { PlannedFolder } from "./folder-map.ts";
import { ImportError } from "./imap-source.ts";

export interface TargetFolder {
  id: number;
  folderType: string;
}

export function targetFolders(caller: Caller) {
  const { deps, auth } = caller;
  let rows: folderRepo.FolderRow[] | undefined;
  const load = async () => rows ??= await folderRepo.allFolders(deps.db, auth.companyId, auth.userId);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const child = async (parentId: number, name: string): Promise<number> => {
    const found = (await load()).find((r) => r.parentId === parentId && r.folderType === "PRIVATE" && same(r.name, name));
    if (found) return found.id;
    try {
      const made = await folderService.create(caller, { folderType: "PRIVATE", nameFolder: name, parentId });
      rows = undefined;
      return made.id as number;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      rows = undefined;
      // Made meanwhile by another run (or the user): take that one.
      const again = (await load()).find((r) => r.parentId === parentId && r.folderType === "PRIVATE" && same(r.name, name));
      if (again) return again.id;
      throw new ImportError(`cannot make the folder "${name}": ${messageOf(e.code)}`);
    }
  };

  return {
    /** The folder to copy `f` into; `remembered`: the folder an earlier run used, when it still exists. */
    async of(f: PlannedFolder, remembered: number | null): Promise<TargetFolder> {
      await systemFolders(deps.db, auth.companyId, auth.userId);
      const all = await load();
      if ("system" in f.target) {
        const type = f.target.system;
        const row = all.find((r) => r.folderType === type)!;
        return { id: row.id, folderType: type };
      }
      const kept = remembered === null ? undefined : all.find((r) => r.id === remembered && r.folderType === "PRIVATE");
      if (kept) return { id: kept.id, folderType: "PRIVATE" };
      let parentId = all.find((r) => r.folderType === "PRIVATE_ROOT")!.id;
      for (const part of f.target.private) parentId = await child(parentId, part);
      return { id: parentId, folderType: "PRIVATE" };
    },
  };
}
