// Drive: the drive's search view (drive/views/service.ts listDrive on SPECIAL_FOLDERS.search: names and
// extracted content of the caller's own live items and those shared with them). A hit opens its folder (a
// folder: itself; another's: under "shared"); "all results" is the drive's search view with the word.
import { FOLDER_TYPES, SPECIAL_FOLDERS } from "../../../../shared/drive/constants.ts";
import { listQuery } from "../../../../shared/drive/items.ts";
import { listDrive } from "../../drive/views/service.ts";
import { jsonSegment } from "../../../lib/app-links.ts";
import { iso, type SearchSource } from "../source.ts";

export const driveSource: SearchSource = async (caller, keyword, size) => {
  const found = await listDrive(caller, listQuery.parse({ folderId: SPECIAL_FOLDERS.search, pageSize: size, searchWord: keyword }));
  return {
    hits: found.list.content.map((f) => {
      const folder = (FOLDER_TYPES as readonly string[]).includes(f.fileType) ? f.id : f.parentId;
      const own = f.owner.id === caller.auth.userId;
      return {
        id: String(f.id),
        title: f.fileName,
        snippet: null,
        where: own ? null : f.owner.name,
        at: iso(f.usedTimeMillis),
        link: folder === null ? "/drive" : own ? `/drive/${folder}/1` : `/drive/shared/${folder}/1`,
      };
    }),
    total: found.list.totalElements,
    moreLink: `/drive/${SPECIAL_FOLDERS.search}/1/${jsonSegment({ searchWord: keyword })}`,
  };
};
