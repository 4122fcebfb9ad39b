// Set-up of the drive's browser tests (drive-*): a mail company with the drive switched on (useDrive), API
// callers acting as one member, and files put into a folder through the upload route, so a test starts from a
// known drive.
import type { DriveItem } from "../../../shared/drive/items.ts";
import type { E2E } from "./browser.ts";
import { mailCompany, type MailCompany, type Who } from "./mail.ts";

export async function driveCompany(e: E2E, domain: string): Promise<MailCompany> {
  const co = await mailCompany(e, domain);
  const r = await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useDrive: true } });
  if (r.status !== 200) throw new Error(`useDrive: ${r.status} ${JSON.stringify(r.body)}`);
  return co;
}

/** Calls the API as `who`; a status of 300 or more throws with the answer. */
export function driveApiAs(e: E2E, who: Pick<Who, "token">) {
  return async <T = unknown>(method: string, path: string, json?: unknown): Promise<T> => {
    const r = await e.t.call(method, path, { token: who.token, json });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  };
}

/** Puts a file into a folder (POST api/drive/file/upload) and answers the new item. */
export async function putFile(e: E2E, who: Pick<Who, "token">, folderId: number, name: string, bytes: Uint8Array | string): Promise<DriveItem> {
  const form = new FormData();
  form.append("folderId", String(folderId));
  form.append("part", new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name));
  const res = await e.t.app.request("/api/drive/file/upload", { method: "POST", headers: { authorization: `Bearer ${who.token}` }, body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body as DriveItem;
}

/** The member's own root (GET api/drive/default). */
export async function homeOf(e: E2E, who: Pick<Who, "token">): Promise<DriveItem> {
  return await driveApiAs(e, who)<DriveItem>("GET", "/api/drive/default");
}
