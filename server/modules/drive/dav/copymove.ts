// COPY and MOVE (RFC 4918 §9.8, §9.9) within the caller's drive, through the drive's services, each in one
// transaction: a copy (copyItemAs) is a new file on the same blob, or a new folder with, for Depth infinity,
// its live sub-tree, with the dead properties, all or nothing (quota, names); a move (moveItemAs) changes the
// folder and the name in one update (the item keeps its id, shares and dead properties). A destination that
// exists is replaced when Overwrite allows (it goes to the trash, as DELETE does, in the same transaction:
// 204), refused with 412 when Overwrite is F. 201 when it was new.
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import type { ItemRow } from "../items/lookup.ts";
import { copyItemAs, moveItemAs } from "../moves/service.ts";
import { checkWrite, dropLocks } from "./locks.ts";
import { isFolder, isSharedList, lockPathOf, placeOfUrl, refuseAtSharedTop, resolve, type Resolved } from "./paths.ts";
import * as repo from "./repo.ts";

async function destinationOf(r: DavRequest): Promise<Resolved> {
  const raw = r.headers.get("destination");
  if (!raw) throw new DavError(400);
  const place = placeOfUrl(raw, r.url);
  if (!place) throw new DavError(502); // another server, or outside the drive
  return await resolve(r.caller, place.home, place.names);
}

export async function copyOrMove(r: DavRequest, src: Resolved): Promise<Response> {
  const move = r.method === "MOVE";
  if (isSharedList(src)) throw new DavError(403);
  if (!src.item) throw new DavError(404);
  if (!src.names.length) throw new DavError(403);
  const dst = await destinationOf(r);
  if (!dst.names.length) throw new DavError(403);
  if (!dst.item) refuseAtSharedTop(dst);
  if (!dst.parent) throw new DavError(409);
  // The same tree: not onto itself (but a rename of its own name's case) and not a folder into itself.
  if (src.tree && dst.tree && src.tree.userId === dst.tree.userId) {
    const srcPath = lockPathOf(src.tree.names);
    const dstPath = lockPathOf(dst.tree.names);
    if (srcPath === dstPath && !(move && src.names.at(-1) !== dst.names.at(-1))) throw new DavError(403);
    if (isFolder(src.item) && dstPath.startsWith(srcPath + "/")) throw new DavError(403);
  }
  const depthHeader = r.headers.get("depth")?.trim().toLowerCase() ?? "infinity";
  if (depthHeader !== "infinity" && (move || depthHeader !== "0")) throw new DavError(400);
  const overwrite = (r.headers.get("overwrite") ?? "T").trim().toUpperCase() !== "F";
  // A case-only rename (MOVE a.txt A.txt) finds the item itself at the destination: not a replacement.
  const replaced = dst.item && dst.item.id !== src.item.id ? dst.item : null;
  if (replaced && !overwrite) throw new DavError(412);
  await checkWrite(r, src, [...(move ? [{ res: src, deep: true }] : []), { res: dst, deep: true }]);
  const name = dst.names.at(-1)!;
  if (move) {
    await moveItemAs(r.caller, src.item.id, dst.parent.id, name, replaced?.id);
    await dropLocks(r, src);
  } else {
    await copyTo(r.caller, src.item, dst.parent.id, name, depthHeader === "infinity", replaced?.id);
  }
  if (replaced) await dropLocks(r, dst);
  return new Response(null, { status: replaced ? 204 : 201 });
}

/** A copy of `item` named `name` in folder `parentId` with its dead properties, folders with their sub-tree when
 *  deep, replacing an item: one transaction (the drive's copy), so a copy over the quota leaves nothing behind
 *  and the replaced item in its place. */
async function copyTo(caller: Caller, item: ItemRow, parentId: number, name: string, deep: boolean, replacing?: number): Promise<void> {
  if (item.kind !== "file" && item.kind !== "folder") throw new DavError(403, { ns: NS.DAV, name: "cannot-copy" });
  await copyItemAs(caller, item.id, parentId, name, {
    deep,
    replacing,
    alongside: async (tx, copies) => {
      for (const [from, to] of copies) await repo.copyProps(tx, caller.auth.companyId, from, to);
    },
  });
}
