// COPY and MOVE (RFC 4918 §9.8, §9.9) within the caller's drive, through the drive's services: a file is
// copied as a new file on the same blob (addUploadedFile: quota, names), a folder as a new folder and, with
// Depth infinity, its live sub-tree; a move is the drive's move plus a rename when the name changes (the item
// keeps its id, shares and dead properties). A destination that exists is replaced when Overwrite allows
// (it goes to the trash, as DELETE does: 204), refused with 412 when Overwrite is F. 201 when it was new.
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { addUploadedFile } from "../files/service.ts";
import { childByName, childRows, type ItemRow } from "../items/lookup.ts";
import { createFolder, rename } from "../items/service.ts";
import { moveItems } from "../moves/service.ts";
import { readableFile } from "../files/service.ts";
import { trashItems } from "../trash/service.ts";
import { checkWrite, dropLocks } from "./locks.ts";
import { isFolder, lockPathOf, namesOfUrl, resolve, type Resolved } from "./paths.ts";
import * as repo from "./repo.ts";

async function destinationOf(r: DavRequest): Promise<Resolved> {
  const raw = r.headers.get("destination");
  if (!raw) throw new DavError(400);
  const names = namesOfUrl(raw, r.url);
  if (!names) throw new DavError(502); // another server, or outside the drive
  return await resolve(r.caller, names);
}

export async function copyOrMove(r: DavRequest, src: Resolved): Promise<Response> {
  const move = r.method === "MOVE";
  if (!src.item) throw new DavError(404);
  if (!src.names.length) throw new DavError(403);
  const dst = await destinationOf(r);
  if (!dst.names.length) throw new DavError(403);
  if (!dst.parent) throw new DavError(409);
  const srcPath = lockPathOf(src.names);
  const dstPath = lockPathOf(dst.names);
  if (srcPath === dstPath && !(move && src.names.at(-1) !== dst.names.at(-1))) throw new DavError(403);
  if (isFolder(src.item) && dstPath.startsWith(srcPath + "/")) throw new DavError(403);
  const depthHeader = r.headers.get("depth")?.trim().toLowerCase() ?? "infinity";
  if (depthHeader !== "infinity" && (move || depthHeader !== "0")) throw new DavError(400);
  const overwrite = (r.headers.get("overwrite") ?? "T").trim().toUpperCase() !== "F";
  // A case-only rename (MOVE a.txt A.txt) finds the item itself at the destination: not a replacement.
  const replaced = dst.item && dst.item.id !== src.item.id ? dst.item : null;
  if (replaced && !overwrite) throw new DavError(412);
  await checkWrite(r, src, [...(move ? [{ names: src.names, deep: true }] : []), { names: dst.names, deep: true }]);
  if (replaced) {
    await trashItems(r.caller, [replaced.id]);
    await dropLocks(r, dst.names);
  }
  const name = dst.names.at(-1)!;
  if (move) {
    await moveTo(r.caller, src.item, dst.parent, name);
    await dropLocks(r, src.names);
  } else {
    await copyTo(r.caller, src.item, dst.parent.id, name, depthHeader === "infinity");
  }
  return new Response(null, { status: replaced ? 204 : 201 });
}

/** The drive's move and rename, in the order that never meets a name taken by the item's own old or new name. */
async function moveTo(caller: Caller, item: ItemRow, parent: ItemRow, name: string): Promise<void> {
  const renamed = item.name !== name;
  const sameFolder = item.parentId === parent.id;
  if (sameFolder) {
    if (renamed) await rename(caller, item.id, name);
    return;
  }
  if (!renamed) {
    await moveItems(caller, parent.id, [item.id]);
    return;
  }
  const freeHere = !(await childByName(caller, item.parentId!, name));
  if (freeHere) {
    await rename(caller, item.id, name);
    await moveItems(caller, parent.id, [item.id]);
    return;
  }
  const freeThere = !(await childByName(caller, parent.id, item.name));
  if (!freeThere) await rename(caller, item.id, `~dav-move-${crypto.randomUUID().slice(0, 8)}`);
  await moveItems(caller, parent.id, [item.id]);
  await rename(caller, item.id, name);
}

/** A copy of `item` named `name` in folder `parentId`, with its dead properties; folders with their sub-tree when deep. */
async function copyTo(caller: Caller, item: ItemRow, parentId: number, name: string, deep: boolean): Promise<void> {
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  if (item.kind === "file") {
    const file = await readableFile(caller, item.id, { touch: false });
    await addUploadedFile(caller, parentId, { name, size: file.size, blobKey: file.blobKey, mimeType: file.mimeType });
  } else if (item.kind === "folder") {
    await createFolder(caller, { fileName: name, parentId });
  } else {
    throw new DavError(403, { ns: NS.DAV, name: "cannot-copy" });
  }
  const copy = await childByName(caller, parentId, name);
  if (!copy) return;
  await repo.copyProps(db, companyId, item.id, copy.id);
  if (item.kind === "folder" && deep) {
    for (const c of await childRows(caller, item.id)) {
      if (c.kind === "file" || c.kind === "folder") await copyTo(caller, c, copy.id, c.name, true);
    }
  }
}
