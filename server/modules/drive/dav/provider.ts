// WebDAV of the drive (issue 25; RFC 4918 class 1 and 2) behind the DAV front: /dav/files/ is the caller's own
// drive (their ROOT), /dav/shared/ the items colleagues share with them (paths.ts), folders and files by name;
// signed in with the mail-program password like CalDAV and CardDAV, with the browser's permissions and quota
// (every change goes through the drive's services: a read-only share refuses writes with 403).
//   PROPFIND (depth 0/1; props.ts)   GET/HEAD (a file's bytes with Range; a folder: a plain list)
//   PUT (put.ts)   MKCOL   DELETE (to the drive's trash, as the browser's delete)   COPY/MOVE (copymove.ts)
//   PROPPATCH (dead properties; props.ts)   LOCK/UNLOCK (locks.ts)
// A company without the drive has neither (404). /dav/shared/ itself is a list, not a folder: nothing can be
// put, made, moved or locked at its top level (403).
import { DavError, type DavProvider, type DavRequest } from "../../../dav/provider.ts";
import { checkPreconditions, notModified } from "../../../dav/preconditions.ts";
import { escapeXml } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { companyInfo } from "../../company/service.ts";
import { fileResponse } from "../transfer/download.ts";
import { readableFile } from "../files/service.ts";
import { childRows } from "../items/lookup.ts";
import { createFolder } from "../items/service.ts";
import { trashItems } from "../trash/service.ts";
import { copyOrMove } from "./copymove.ts";
import { etagOf, httpDate } from "./etag.ts";
import { checkWrite, dropLocks, lock, unlock } from "./locks.ts";
import { FILES_HOME, type Home, hrefOf, isFolder, isSharedList, refuseAtSharedTop, resolve, type Resolved, SHARED_HOME, sharedTops } from "./paths.ts";
import { propfind, proppatch } from "./props.ts";
import { put, putEmpty } from "./put.ts";

function provider(segment: string, home: Home): DavProvider {
  return {
    segment,
    userInPath: false,
    compliance: ["2"],
    methods: ["PUT", "DELETE", "MKCOL", "COPY", "MOVE", "PROPPATCH", "LOCK", "UNLOCK"],
    async enabled(caller: Caller) {
      return (await companyInfo(caller.deps, caller.auth.companyId)).useDrive === true;
    },
    principalProps() {
      return new Map();
    },
    async handle(r: DavRequest): Promise<Response> {
      const res = await resolve(r.caller, home, r.rest);
      switch (r.method) {
        case "PROPFIND":
          return await propfind(r, res);
        case "PROPPATCH":
          return await proppatch(r, res);
        case "GET":
          return await get(r, res);
        case "PUT":
          return await put(r, res);
        case "MKCOL":
          return await mkcol(r, res);
        case "DELETE":
          return await remove(r, res);
        case "COPY":
        case "MOVE":
          return await copyOrMove(r, res);
        case "LOCK":
          return await lock(r, res, () => putEmpty(r.caller, res));
        case "UNLOCK":
          return await unlock(r, res);
        default:
          throw new DavError(405);
      }
    },
  };
}

/** /dav/files/: the caller's own drive. */
export const webdavProvider = provider("files", FILES_HOME);
/** /dav/shared/: what colleagues share with the caller. */
export const sharedWebdavProvider = provider("shared", SHARED_HOME);

async function get(r: DavRequest, res: Resolved): Promise<Response> {
  if (isSharedList(res)) {
    const tops = await sharedTops(r.caller);
    return folderPage(res, "Shared", tops.map((t) => ({ name: t.name, folder: isFolder(t.row) })));
  }
  if (!res.item) throw new DavError(404);
  if (isFolder(res.item)) {
    const rows = (await childRows(r.caller, res.item.id)).filter((c) => c.kind === "file" || c.kind === "folder");
    return folderPage(res, res.names.at(-1) ?? "Drive", rows.map((c) => ({ name: c.name, folder: c.kind === "folder" })), etagOf(res.item));
  }
  // The WebDAV ETag (etag.ts), not the download's: conditions are checked here against it.
  const etag = etagOf(res.item);
  if (notModified(r.headers, etag)) return new Response(null, { status: 304, headers: { etag } });
  const file = await readableFile(r.caller, res.item.id, { touch: false });
  const h = r.headers;
  const ifRange = h.get("if-range");
  const out = await fileResponse(r.caller, file, {
    method: "GET", range: ifRange === null || ifRange.trim() === etag ? h.get("range") ?? undefined : undefined,
  }, { inline: false, contentType: file.mimeType });
  out.headers.set("etag", etag);
  out.headers.set("last-modified", httpDate(res.item.updatedAt));
  return out;
}

/** A folder as a plain HTML list of links (a browser opening a WebDAV folder's address). */
function folderPage(res: Resolved, title: string, entries: { name: string; folder: boolean }[], etag?: string): Response {
  const links = entries.map((e) => {
    const href = hrefOf(res.home, [...res.names, e.name], e.folder);
    return `<li><a href="${escapeXml(href)}">${escapeXml(e.name)}${e.folder ? "/" : ""}</a></li>`;
  });
  return new Response(`<!doctype html><meta charset="utf-8"><title>${escapeXml(title)}</title><ul>${links.join("")}</ul>\n`, {
    headers: { "content-type": "text/html; charset=utf-8", ...(etag ? { etag } : {}) },
  });
}

async function mkcol(r: DavRequest, res: Resolved): Promise<Response> {
  if ((await r.text()).length) throw new DavError(415);
  if (res.item || isSharedList(res)) throw new DavError(405);
  refuseAtSharedTop(res);
  if (!res.parent) throw new DavError(409);
  await checkWrite(r, res, [{ res, deep: false }]);
  await createFolder(r.caller, { fileName: res.names.at(-1)!, parentId: res.parent.id });
  return new Response(null, { status: 201 });
}

async function remove(r: DavRequest, res: Resolved): Promise<Response> {
  if (isSharedList(res)) throw new DavError(403);
  if (!res.item) throw new DavError(404);
  if (!res.names.length) throw new DavError(403);
  await checkWrite(r, res, [{ res, deep: true }]);
  checkPreconditions(r.headers, etagOf(res.item));
  await trashItems(r.caller, [res.item.id]);
  await dropLocks(r, res);
  return new Response(null, { status: 204 });
}
