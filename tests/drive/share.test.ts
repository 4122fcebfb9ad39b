// Sharing drive items (share module, moduleType "drive"): a shared folder's permission covers its sub-tree;
// 2 reads, 3 also writes (create, upload on the owner's quota, rename, move within, delete into the owner's
// trash); share/list (-3 and folders in a shared tree with the caller's permission); DRIVE_CHANGED to the
// members; share links: the public viewer's calls with the link's grant; share/mail/link/content.
import { beforeAll, describe, expect, it } from "vitest";
import { driveTopic } from "../../shared/drive/constants.ts";
import type { DriveItem, DriveList } from "../../shared/drive/items.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { readableFile } from "../../server/modules/drive/files/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { callerOf, type Co, company, driveApi, type Member, usedSize } from "./helpers.ts";

const t = await createTestApp();
const api = driveApi(t);
let A: Co;
let B: Co;
let reader: Member;
let writer: Member;
let outsider: Member;
let root: DriveItem;
let team: DriveItem;
let sub: DriveItem;
let doc: DriveItem;

const share = (id: number, members: { memberId: number; permission: number }[]) =>
  api.ok(201, "POST", `/api/share/drive/${id}`, A.admin, { members: members.map((m) => ({ memberType: "USER", ...m })) });

beforeAll(async () => {
  A = await company(t, "share-a.test");
  B = await company(t, "share-b.test");
  reader = await A.user("reader");
  writer = await A.user("writer");
  outsider = await A.user("outsider");
  root = await api.root(A.admin);
  team = await api.folder(A.admin, root.id, "Team");
  sub = await api.folder(A.admin, team.id, "Sub");
  doc = await api.uploadOk(A.admin, sub.id, "plan.txt", "the plan");
  await share(team.id, [{ memberId: reader.id, permission: 2 }, { memberId: writer.id, permission: 3 }]);
});

describe("shared with me", () => {
  it("share/list -3 lists what others shared; a folder inside answers the caller's permission", async () => {
    const top = await api.list(reader, { folderId: -3 }, "/api/drive/share/list");
    expect(top.list.content.map((i) => [i.fileName, i.owner.id, i.shareFlag])).toEqual([["Team", A.admin.id, true]]);
    const inside = await api.list(reader, { folderId: sub.id }, "/api/drive/share/list");
    expect([inside.permission, inside.list.content.map((i) => i.fileName)]).toEqual([2, ["plan.txt"]]);
    expect((await api.list(writer, { folderId: team.id }, "/api/drive/share/list")).permission).toBe(3);
    expect((await api.list(A.admin, { folderId: team.id }, "/api/drive/share/list")).permission).toBe(0);
    expect((await api.list(outsider, { folderId: -3 }, "/api/drive/share/list")).list.content).toEqual([]);
    expect((await api.raw("GET", `/api/drive/share/list?folderId=${team.id}`, outsider)).status).toBe(403);
    expect((await api.raw("GET", `/api/drive/share/list?folderId=${team.id}`, B.admin)).status).toBe(404);
    expect((await api.raw("GET", "/api/drive/share/list?folderId=-3&sort=nope", reader)).status).toBe(400);
    const named = await api.list(reader, { folderId: -3, searchWord: "tea" }, "/api/drive/share/list");
    expect(named.list.totalElements).toBe(1);
  });

  it("breadcrumbs of a member start at the shared folder; its files are readable", async () => {
    const crumbs = await api.ok<DriveItem[]>(200, "GET", `/api/drive/${doc.id}/super/parent`, reader);
    expect(crumbs.map((c) => c.fileName)).toEqual(["Team", "Sub", "plan.txt"]);
    const file = await readableFile(callerOf(t, reader, A.companyId), doc.id);
    expect(new TextDecoder().decode(await t.deps.blobs.get(file.blobKey))).toBe("the plan");
    await expect(readableFile(callerOf(t, outsider, A.companyId), doc.id)).rejects.toMatchObject({ status: 403 });
  });

  it("read (2) may not write anything", async () => {
    expect((await api.raw("POST", "/api/drive/create", reader, { fileName: "x", parentId: sub.id })).status).toBe(403);
    expect((await api.upload(reader, sub.id, "x.txt", "x")).status).toBe(403);
    expect((await api.raw("PUT", `/api/drive/${doc.id}/name`, reader, { fileName: "y.txt" })).status).toBe(403);
    expect((await api.raw("DELETE", "/api/drive", reader, { fileIds: [doc.id] })).status).toBe(403);
    expect((await api.raw("PUT", `/api/drive/${team.id}/moved`, reader, { fileIds: [doc.id] })).status).toBe(403);
  });

  it("read and write (3): create, upload on the owner's quota, rename, move within, delete into the owner's trash", async () => {
    const ownerBefore = await usedSize(t, A.admin.id);
    const writerBefore = await usedSize(t, writer.id);
    const made = await api.folder(writer, sub.id, "By writer");
    expect(made.owner.id).toBe(A.admin.id);
    const up = await api.uploadOk(writer, made.id, "w.txt", "12345");
    expect(await usedSize(t, A.admin.id)).toBe(ownerBefore + 5);
    expect(await usedSize(t, writer.id)).toBe(writerBefore);
    await api.ok(200, "PUT", `/api/drive/${up.id}/name`, writer, { fileName: "renamed.txt" });
    await api.ok(200, "PUT", `/api/drive/${team.id}/moved`, writer, { fileIds: [up.id] });
    expect(await api.names(writer, { folderId: team.id }, "/api/drive/share/list")).toEqual(["Sub", "renamed.txt"]);
    // Not out of the shared tree into the writer's own drive.
    const own = await api.root(writer);
    expect((await api.raw("PUT", `/api/drive/${own.id}/moved`, writer, { fileIds: [up.id] })).status).toBe(403);
    // A copy into the writer's own drive is the writer's.
    const [copy] = await api.ok<DriveItem[]>(201, "POST", "/api/drive/copy", writer, { fileIds: [up.id], targetFolderId: own.id });
    expect(copy.owner.id).toBe(writer.id);
    expect(await usedSize(t, writer.id)).toBe(writerBefore + 5);
    await api.ok(204, "DELETE", "/api/drive", writer, { fileIds: [up.id] });
    const ownerTrash = await api.trash(A.admin);
    expect(await api.names(A.admin, { folderId: ownerTrash.id })).toContain("renamed.txt");
    expect(await api.names(writer, { folderId: (await api.trash(writer)).id })).toEqual([]);
    expect((await api.raw("PUT", "/api/drive/restore", writer, { fileIds: [up.id] })).status).toBe(404);
  });

  it("DRIVE_CHANGED reaches the owner and the members of the changed tree", async () => {
    const heard = new Map<string, string[]>();
    for (const m of [A.admin, reader, outsider]) {
      const conn: Conn = {
        username: m.username,
        send: (text) => heard.set(m.username, [...heard.get(m.username) ?? [], JSON.parse(text).data.folderIds]),
        close: () => {},
        stillValid: () => Promise.resolve(true),
      };
      t.deps.realtime.hub.add(conn);
      t.deps.realtime.hub.subscribe(conn, driveTopic(m.username));
    }
    await api.uploadOk(writer, sub.id, "news.txt", "n");
    await expect.poll(() => heard.get(reader.username), { timeout: 5000 }).toEqual([String(sub.id)]);
    expect(heard.get(A.admin.username)).toEqual([String(sub.id)]);
    expect(heard.get(outsider.username)).toBeUndefined();
  });
});

describe("share links", () => {
  it("the viewer lists a linked folder and downloads its files with the link's grant, nothing outside", async () => {
    const link = await api.ok<{ token: string }>(201, "POST", "/api/share/links", A.admin, { moduleType: "drive", objectId: String(sub.id), permission: "READ" });
    const opened = await t.call("POST", `/api/share/links/public/${link.token}/open`, { json: {} });
    expect(opened.status).toBe(200);
    const grant = opened.body.grant as string;
    const headers = { "x-link-grant": grant };
    const list = await t.call<DriveList>("GET", "/api/drive-link/items", { headers });
    expect(list.status).toBe(200);
    expect(list.body.folder?.fileName).toBe("Sub");
    expect(list.body.list.content.map((i) => i.fileName)).toContain("plan.txt");
    expect(list.body.list.content[0].owner.email).toBe("");
    const dl = await t.app.request(`/api/drive-link/${doc.id}/download?grant=${encodeURIComponent(grant)}`);
    expect([dl.status, await dl.text()]).toEqual([200, "the plan"]);
    expect(dl.headers.get("content-disposition")).toContain("plan.txt");
    const outside = await api.uploadOk(A.admin, team.id, "outside.txt");
    expect((await t.call("GET", `/api/drive-link/${outside.id}/download?grant=${encodeURIComponent(grant)}`)).status).toBe(404);
    expect((await t.call("GET", `/api/drive-link/items?folderId=${team.id}`, { headers })).status).toBe(404);
    const bad = await t.call("GET", "/api/drive-link/items", { headers: { "x-link-grant": "nope" } });
    expect([bad.status, bad.body.code]).toEqual([401, "drive.link_grant_invalid"]);
    expect((await t.call("GET", "/api/drive-link/items")).status).toBe(401);
  });

  it("the viewer previews a linked image or PDF inline with its extension's type; other files, and outside, not", async () => {
    const folder = await api.folder(A.admin, sub.id, "Pictures");
    const png = await api.uploadOk(A.admin, folder.id, "사진.png", "png bytes");
    const pdf = await api.uploadOk(A.admin, folder.id, "doc.pdf", "%PDF-1.4");
    const link = await api.ok<{ token: string }>(201, "POST", "/api/share/links", A.admin, { moduleType: "drive", objectId: String(folder.id), permission: "READ" });
    const grant = (await t.call("POST", `/api/share/links/public/${link.token}/open`, { json: {} })).body.grant as string;
    const preview = (id: number) => t.app.request(`/api/drive-link/${id}/preview?grant=${encodeURIComponent(grant)}`);
    const img = await preview(png.id);
    expect([img.status, img.headers.get("content-type"), await img.text()]).toEqual([200, "image/png", "png bytes"]);
    expect(img.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(img.headers.get("content-security-policy")).toContain("sandbox");
    const doc2 = await preview(pdf.id);
    expect([doc2.status, doc2.headers.get("content-type"), await doc2.text()]).toEqual([200, "application/pdf", "%PDF-1.4"]);
    expect(doc2.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const text = await api.uploadOk(A.admin, folder.id, "notes.txt", "n");
    const refused = await preview(text.id);
    expect([refused.status, (await refused.json()).code]).toEqual([400, "drive.preview_unavailable"]);
    expect((await preview(doc.id)).status).toBe(404);
    expect((await t.app.request(`/api/drive-link/${png.id}/preview`)).status).toBe(401);
  });

  it("share/mail/link/content makes READ links and answers their HTML; not for others' items", async () => {
    const r = await api.ok<{ content: string; links: { fileId: number; url: string }[] }>(
      200, "POST", "/api/drive/share/mail/link/content", A.admin, { fileIds: [doc.id] },
    );
    expect(r.links).toHaveLength(1);
    expect(r.links[0].url).toMatch(/^http:\/\/localhost:8080\/#\/link\/viewer\/[\w-]{43}$/);
    expect(r.content).toContain("plan.txt");
    const again = await api.ok<{ links: { url: string }[] }>(200, "POST", "/api/drive/share/mail/link/content", A.admin, { fileIds: [doc.id] });
    expect(again.links[0].url).toBe(r.links[0].url);
    expect((await api.raw("POST", "/api/drive/share/mail/link/content", B.admin, { fileIds: [doc.id] })).status).toBe(404);
    expect((await api.raw("POST", "/api/drive/share/mail/link/content", reader, { fileIds: [doc.id] })).status).toBe(403);
    expect((await api.raw("POST", "/api/drive/share/mail/link/content", A.admin, { fileIds: [] })).status).toBe(400);
  });

  it("only live files and folders are shareable; another company cannot share them", async () => {
    const shortcut = await api.ok<DriveItem>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: doc.id, parentId: root.id });
    expect((await api.raw("POST", `/api/share/drive/${shortcut.id}`, A.admin, { members: [{ memberType: "USER", memberId: reader.id, permission: 2 }] })).status).toBe(404);
    expect((await api.raw("POST", `/api/share/drive/${root.id}`, A.admin, { members: [{ memberType: "USER", memberId: reader.id, permission: 2 }] })).status).toBe(404);
    expect((await api.raw("POST", `/api/share/drive/${doc.id}`, B.admin, { members: [{ memberType: "USER", memberId: B.admin.id, permission: 2 }] })).status).toBe(404);
    expect((await api.raw("POST", `/api/share/drive/${doc.id}`, A.admin, { members: [{ memberType: "USER", memberId: reader.id, permission: 1 }] })).status).toBe(400);
  });
});
