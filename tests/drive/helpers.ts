// Set-up shared by the drive's API tests: companies with users (the share tests' helpers) and small callers of
// the drive API that fail loudly on an unexpected status.
import { expect } from "vitest";
import type { DriveItem, DriveList } from "../../shared/drive/items.ts";
import type { Caller } from "../../server/lib/context.ts";
import type { TestApp } from "../support/test-app.ts";
import { company } from "../share/share-helpers.ts";

export { type Co, company, type Member } from "../share/share-helpers.ts";

export interface Who {
  token: string;
}

export function driveApi(t: TestApp) {
  const ok = async <T>(status: number, method: string, path: string, who: Who, json?: unknown): Promise<T> => {
    const r = await t.call(method, path, { token: who.token, json });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  const raw = (method: string, path: string, who: Who, json?: unknown) => t.call(method, path, { token: who.token, json });
  async function upload(who: Who, folderId: number | string, name: string, bytes: Uint8Array | string, type = "application/octet-stream") {
    const form = new FormData();
    form.append("folderId", String(folderId));
    const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
    form.append("part", new File([data as Uint8Array<ArrayBuffer>], name, { type }));
    const res = await t.app.request("/api/drive/file/upload", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
    return { status: res.status, body: await res.json() };
  }
  return {
    ok,
    raw,
    upload,
    async uploadOk(who: Who, folderId: number, name: string, bytes: Uint8Array | string = "hello"): Promise<DriveItem> {
      const r = await upload(who, folderId, name, bytes);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as DriveItem;
    },
    root: async (who: Who) => (await ok<DriveItem>(200, "GET", "/api/drive/default", who)),
    trash: async (who: Who) => (await ok<DriveItem[]>(200, "GET", "/api/drive/root", who)).find((i) => i.fileType === "DELETED")!,
    folder: (who: Who, parentId: number, fileName: string) => ok<DriveItem>(201, "POST", "/api/drive/create", who, { fileName, parentId }),
    async list(who: Who, params: Record<string, string | number>, path = "/api/drive/list"): Promise<DriveList> {
      const p = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
      return await ok<DriveList>(200, "GET", `${path}?${p}`, who);
    },
    async names(who: Who, params: Record<string, string | number>, path?: string): Promise<string[]> {
      return (await this.list(who, { pageSize: 200, ...params }, path)).list.content.map((i) => i.fileName);
    },
  };
}

export async function usedSize(t: TestApp, userId: number): Promise<number> {
  const rows = await t.db.sql<{ used_size: string }[]>`select used_size from users where id = ${userId}`;
  return Number(rows[0].used_size);
}

export async function setQuota(t: TestApp, userId: number, totalQuota: number) {
  await t.db.sql`update users set total_quota = ${totalQuota} where id = ${userId}`;
}

/** A service caller for a member (the seams other parts call directly: addUploadedFile, readableFile). */
export function callerOf(t: TestApp, m: { id: number; username: string }, companyId: number): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role: "ROLE_USER", isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}

/**
 * The cast most drive API tests start from, made when the file loads: company A (its admin) with one member,
 * company B for the "another company" checks, and A's admin's root.
 */
export async function driveCast(t: TestApp, name: string, memberLogin = "alice") {
  const api = driveApi(t);
  const A = await company(t, `${name}-a.test`);
  const B = await company(t, `${name}-b.test`);
  const member = await A.user(memberLogin);
  const root = await api.root(A.admin);
  return { api, A, B, member, root };
}
