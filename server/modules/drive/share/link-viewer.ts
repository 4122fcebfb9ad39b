// What the public link viewer (web/src/modules/share-viewer/, /#/link/viewer/{token}) needs for a drive
// file or folder. The viewer opens the link through the share-links module (POST
// /api/share/links/public/{token}/open) and gets a grant (a short-lived JWT for that link's object); these
// calls take it in the X-Link-Grant header (or ?grant= for a plain download link) and check it with the
// share-links service (verifyLinkGrant), never a signed-in user:
//
//   GET /api/drive-link/items[?folderId=]  the linked item, or a folder inside a linked folder: DriveList of
//                                          its live children (folders first, page/pageSize/sort/dir), folder
//                                          being the listed one
//   GET /api/drive-link/{id}/download      the bytes of the linked file or of a file inside the linked folder
//   GET /api/drive-link/{id}/preview       the same file inline when it is an image (PREVIEW_IMAGE_TYPES) or
//                                          a PDF, with the type of its extension and the signed-in preview's
//                                          sandboxing CSP; anything else 400 drive.preview_unavailable
//
// Anything outside the linked sub-tree, in the trash, or of another company answers 404 drive.not_found; a
// missing or invalid grant 401 drive.link_grant_invalid.
import { type Context, Hono } from "hono";
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE, PREVIEW_IMAGE_TYPES } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem, DriveList } from "../../../../shared/drive/items.ts";
import { kindOf } from "../../../../shared/drive/kinds.ts";
import { listQuery } from "../../../../shared/drive/items.ts";
import type { AppDeps, AppEnv } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { AppError } from "../../../lib/errors.ts";
import { query } from "../../../lib/validate.ts";
import { type LinkGrant, verifyLinkGrant } from "../../share-links/public.ts";
import { driveNotFound } from "../access.ts";
import * as repo from "../repo.ts";
import { folderPage } from "../views/repo.ts";
import { pageOf } from "../views/service.ts";

export const DRIVE_LINK_BASE = "/api/drive-link";
export const LINK_GRANT_HEADER = "x-link-grant";

async function grantOf(deps: AppDeps, raw: string | undefined): Promise<LinkGrant> {
  const grant = raw ? await verifyLinkGrant(deps, raw) : null;
  if (!grant || grant.moduleType !== DRIVE_SHARE_TYPE) throw new AppError(401, DRIVE_ERRORS.linkGrantInvalid);
  return grant;
}

/** A live item inside the linked sub-tree (the linked item itself included). */
async function linkedItem(deps: AppDeps, grant: LinkGrant, id: number): Promise<repo.ItemRow> {
  const chain = await repo.ancestry(deps.db, grant.companyId, id);
  const linkedAt = chain.findIndex((r) => String(r.id) === grant.objectId);
  if (linkedAt < 0 || chain.slice(0, linkedAt + 1).some((r) => r.deletedAt) || chain.at(-1)?.kind !== "ROOT") throw driveNotFound();
  return chain[0];
}

/** The items as the viewer shows them: no owner's address, no share details. */
function publicItems(rows: repo.ItemRow[]): DriveItem[] {
  return rows.map((r) => ({
    id: r.id, parentId: r.parentId, childCount: 0, important: false, shareFlag: false, linkFlag: true,
    isShortcut: r.kind === "shortcut", fileType: r.kind === "folder" ? "DIRECTORY" : kindOf(r.extension),
    owner: { id: 0, name: "", email: "" }, fileName: r.name, extension: r.extension, folderColor: r.folderColor,
    fileSize: r.size, usedTimeMillis: r.usedAt.getTime(), deleteTimeMillis: null,
  }));
}

export function driveLinkRoutes() {
  const r = new Hono<AppEnv>();
  r.get(`${DRIVE_LINK_BASE}/items`, async (c) => {
    const deps = c.get("deps");
    const grant = await grantOf(deps, c.req.header(LINK_GRANT_HEADER) ?? c.req.query("grant"));
    const q = query(c, listQuery.partial({ folderId: true }));
    const row = await linkedItem(deps, grant, q.folderId && q.folderId > 0 ? q.folderId : Number(grant.objectId));
    const [folder] = publicItems([row]);
    const found = row.kind === "folder"
      ? await folderPage(deps.db, grant.companyId, row.id, pageOf({ ...q, folderId: row.id }))
      : { rows: [row], total: 1 };
    const list: DriveList = {
      list: {
        content: publicItems(found.rows.filter((x) => x.kind !== "shortcut")),
        totalElements: found.total,
        totalPages: Math.ceil(found.total / q.pageSize),
        page: q.page,
        pageSize: q.pageSize,
      },
      permission: grant.permission === "EDIT" ? DRIVE_PERMISSION.write : DRIVE_PERMISSION.read,
      result: true,
      message: null,
      folder,
    };
    return c.json(list);
  });

  // A file of the linked sub-tree named by the path's id, with its grant checked.
  const linkedFile = async (c: Context<AppEnv>) => {
    const deps = c.get("deps");
    const grant = await grantOf(deps, c.req.header(LINK_GRANT_HEADER) ?? c.req.query("grant"));
    const raw = c.req.param("id") ?? "";
    if (!/^\d{1,15}$/.test(raw)) throw driveNotFound();
    const row = await linkedItem(deps, grant, Number(raw));
    if (row.kind !== "file" || !row.blobKey) throw driveNotFound();
    return { deps, row, blobKey: row.blobKey };
  };

  r.get(`${DRIVE_LINK_BASE}/:id/download`, async (c) => {
    const { deps, row, blobKey } = await linkedFile(c);
    const stream = await deps.blobs.stream(blobKey);
    return new Response(stream, { headers: fileHeaders(row.mimeType ?? "application/octet-stream", row.name, { length: row.size, cache: "no-store" }) });
  });

  r.get(`${DRIVE_LINK_BASE}/:id/preview`, async (c) => {
    const { deps, row, blobKey } = await linkedFile(c);
    const type = PREVIEW_TYPES[row.extension];
    if (!type) throw new AppError(400, DRIVE_ERRORS.previewUnavailable);
    const stream = await deps.blobs.stream(blobKey);
    const headers = fileHeaders(type, row.name, { length: row.size, inline: true, cache: "no-store" });
    // As transfer/download.ts's preview: the browser's PDF viewer needs its plugin frame; images stay sandboxed.
    headers["content-security-policy"] = type === "application/pdf"
      ? "default-src 'none'; object-src 'self'; plugin-types application/pdf; frame-ancestors 'self'"
      : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";
    return new Response(stream, { headers });
  });
  return r;
}

/** The previewable extensions and the type they are served as (never the uploader's claim). */
const PREVIEW_TYPES: Record<string, string> = {
  ...Object.fromEntries(PREVIEW_IMAGE_TYPES.map((e) => [e, e === "jpg" ? "image/jpeg" : `image/${e}`])),
  pdf: "application/pdf",
};
