// Resource images: an admin uploads one (multipart "file": JPG, PNG, GIF or WebP by its bytes, at most
// IMAGE_MAX_BYTES) into the blob store, the resource row names it (image_blob_key: the backup and the blob
// collector keep it); every member of the company reads it through GET img/{id}.
import { IMAGE_MAX_BYTES } from "../../../shared/resource/constants.ts";
import type { AdminResource } from "../../../shared/resource/resources.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { requireResource, requireResourceAdmin } from "./access.ts";
import { adminView } from "./admin-resources.ts";
import { afterWrite } from "./bookings.ts";
import * as repo from "./repo.ts";

/** The image type by the file's first bytes (the declared type is the sender's word). */
export function imageTypeOf(b: Uint8Array): string | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, k) => b[i + k] === x);
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

export async function put(caller: Caller, id: number, file: unknown): Promise<AdminResource> {
  requireResourceAdmin(caller);
  await requireResource(caller, id);
  if (!(file instanceof File)) throw new AppError(400, "resource.image_invalid");
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(413, "resource.image_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError(400, "resource.image_invalid");
  const { key } = await caller.deps.blobs.put(bytes);
  await repo.updateResource(caller.deps.db, caller.auth.companyId, id, { imageBlobKey: key, imageType: type, updatedAt: caller.deps.clock.now() });
  await afterWrite(caller, [id], [], []);
  return await adminView(caller, id);
}

export async function remove(caller: Caller, id: number): Promise<AdminResource> {
  requireResourceAdmin(caller);
  await requireResource(caller, id);
  await repo.updateResource(caller.deps.db, caller.auth.companyId, id, { imageBlobKey: null, imageType: null, updatedAt: caller.deps.clock.now() });
  await afterWrite(caller, [id], [], []);
  return await adminView(caller, id);
}

/** GET img/{id}: the bytes and their type; 404 when the resource has none. */
export async function read(caller: Caller, id: number): Promise<{ bytes: Uint8Array; type: string; key: string }> {
  const r = await requireResource(caller, id);
  if (!r.imageBlobKey || !r.imageType) throw new AppError(404, "resource.not_found");
  return { bytes: await caller.deps.blobs.get(r.imageBlobKey), type: r.imageType, key: r.imageBlobKey };
}
