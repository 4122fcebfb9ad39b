// Shared mail folders (000 §3 SHARED_ROOT/SHARING_ROOT, §4 reading a shared mail leaves the owner's counters,
// §6 read/edit permissions and isOrgChartRestricted, §7 shared/folders, sharing/folders, api/share/mails):
// shares to a user and to an organisation (a sub-organisation's member included), read against edit,
// revoking at once, and nothing reachable from another company or through a foreign id.
import { beforeAll, describe, expect, test } from "vitest";
import { VIRTUAL_FOLDER_IDS } from "../../../shared/mail/constants.ts";
import { SHARED_ERROR_MESSAGES } from "../../../shared/mail/shared.ts";
import { createTestApp } from "../../support/test-app.ts";
import { build, counts, file, folders, mailRow, privateFolder } from "../reading/support.ts";
import { api, who, type World, world } from "./support.ts";

const t = await createTestApp();
const { get, put, share, unshare } = api(t);
let W: World;
let projects: number, secret: number;
let p1: number, p2: number, withFile: number, hidden: number;

beforeAll(async () => {
  W = await world(t, "shared-a.test");
  const alice = who(W.A, W.alice);
  projects = await privateFolder(t, alice, "Projects");
  secret = await privateFolder(t, alice, "Secret");
  p1 = await file(t, alice, build({ subject: "plan one" }), { folder: projects });
  p2 = await file(t, alice, build({ subject: "plan two" }), { folder: projects });
  withFile = await file(t, alice, build({
    subject: "with file",
    attachments: [{ filename: "notes.txt", content: "shared notes", contentType: "text/plain" }],
  }), { folder: projects });
  hidden = await file(t, alice, build({ subject: "not shared" }), { folder: secret });
  // bob: read, personally; Sales (and so carol in Team below it, and rita): edit.
  await share(W.alice, projects, [
    { memberType: "USER", memberId: W.bob.id, permission: 2 },
    { memberType: "ORGANIZATION", memberId: W.sales, permission: 3 },
  ]);
});

describe("folder lists and the tree", () => {
  test("shared/folders lists folders shared with the caller, by user or through an organisation", async () => {
    const asBob = await get(W.bob, "/api/mails/shared/folders");
    expect(asBob.status).toBe(200);
    expect(asBob.body).toEqual([{
      folderId: projects, folderType: "PRIVATE", nameFolder: "Projects", shareId: expect.any(Number),
      ownerId: W.alice.id, ownerName: "Alice", ownerUsername: W.alice.username, permission: 2,
      totalCount: 3, newCount: 3, usedSize: expect.any(Number),
    }]);
    expect((await get(W.carol, "/api/mails/shared/folders")).body).toMatchObject([{ folderId: projects, permission: 3 }]);
    expect((await get(W.erin, "/api/mails/shared/folders")).body).toEqual([]);
    expect((await get(W.mallory, "/api/mails/shared/folders")).body).toEqual([]);
    // The owner's own share is not "shared with" them.
    expect((await get(W.alice, "/api/mails/shared/folders")).body).toEqual([]);
  });

  test("sharing/folders lists the caller's own shared folders with member counts", async () => {
    const r = await get(W.alice, "/api/mails/sharing/folders");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{
      folderId: projects, folderType: "PRIVATE", nameFolder: "Projects", shareId: expect.any(Number), memberCount: 2,
      totalCount: 3, newCount: 3, usedSize: expect.any(Number),
    }]);
    expect((await get(W.bob, "/api/mails/sharing/folders")).body).toEqual([]);
  });

  test("the tree fills SHARED_ROOT and SHARING_ROOT; a restricted user has no sharing root but sees what is shared", async () => {
    const bobTree = (await get(W.bob, "/api/folders")).body as { id: unknown; children: Record<string, unknown>[] }[];
    const sharedRoot = bobTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARED_ROOT)!;
    expect(sharedRoot.children).toEqual([expect.objectContaining({
      id: projects, parentId: VIRTUAL_FOLDER_IDS.SHARED_ROOT, folderType: "SHARE", folderId: projects, ownerId: W.alice.id,
      permission: 2, totalCount: 3, newCount: 3,
    })]);
    expect(bobTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARING_ROOT)!.children).toEqual([]);

    const aliceTree = (await get(W.alice, "/api/folders")).body as { id: unknown; children: Record<string, unknown>[] }[];
    expect(aliceTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARING_ROOT)!.children).toEqual([expect.objectContaining({
      id: `sharing_${projects}`, folderType: "SHARE", folderId: projects, shareFolders: { shareId: expect.any(Number), memberCount: 2 },
    })]);
    expect(aliceTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARED_ROOT)!.children).toEqual([]);
    // The SHARED_ROOT node alone, as GET api/folders/{id} answers it.
    expect((await get(W.carol, `/api/folders/${VIRTUAL_FOLDER_IDS.SHARED_ROOT}`)).body.children).toHaveLength(1);

    const ritaTree = (await get(W.rita, "/api/folders")).body as { id: unknown; children: unknown[] }[];
    expect(ritaTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARING_ROOT)).toBeUndefined();
    expect(ritaTree.find((n) => n.id === VIRTUAL_FOLDER_IDS.SHARED_ROOT)!.children).toHaveLength(1);
    expect((await get(W.rita, "/api/mails/sharing/folders")).body).toEqual([]);
  });
});

describe("reading a shared folder", () => {
  test("a member lists the folder and opens a mail; the owner's read status and counters stay", async () => {
    const before = await counts(t, projects);
    const list = await get(W.bob, `/api/share/mails?folderId=${projects}&pageSize=2`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 3, totalPages: 2, page: 0, pageSize: 2 });
    expect(list.body.mails.map((m: { subject: string }) => m.subject)).toEqual(["with file", "plan two"]);

    const view = await get(W.carol, `/api/share/mails/view/${p1}?ownerId=${W.alice.id}&folderId=${projects}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ mailId: p1, subject: "plan one", readStatus: 0, folderId: projects });
    expect((await get(W.bob, `/api/share/mails/view/${p1}`)).status).toBe(200);
    expect((await mailRow(t, p1)).read).toBe(false);
    expect(await counts(t, projects)).toEqual(before);
  });

  test("attachments and the original come through the shared variants", async () => {
    const att = await t.app.request(`/api/share/mails/view/${withFile}/attach/0?ownerId=${W.alice.id}`, {
      headers: { authorization: `Bearer ${W.bob.token}` },
    });
    expect(att.status).toBe(200);
    expect(await att.text()).toBe("shared notes");
    const orig = await t.app.request(`/api/share/mails/view/original/${p2}/view`, { headers: { authorization: `Bearer ${W.bob.token}` } });
    expect(orig.status).toBe(200);
    expect(await orig.text()).toContain("Subject: plan two");
    expect((await get(W.bob, `/api/share/mails/view/${withFile}/attach/9`)).body.code).toBe("mail.attach_not_found");
    expect((await get(W.bob, `/api/share/mails/view/original/${p2}/other`)).status).toBe(404);
  });

  test("a mail outside the shared folder, a foreign or missing id, a wrong owner or folder answer 404 alike", async () => {
    const missing = await get(W.bob, "/api/share/mails/view/999999999");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("mail.not_found");
    for (const path of [
      `/api/share/mails/view/${hidden}`,
      `/api/share/mails/view/${p1}?ownerId=${W.bob.id}`,
      `/api/share/mails/view/${p1}?folderId=${secret}`,
      `/api/share/mails/view/${hidden}/attach/1`,
      `/api/share/mails/view/original/${hidden}/view`,
    ]) {
      const r = await get(W.bob, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual(missing.body);
    }
    // Not shared with erin; the owner's own mail through the shared variant; another company.
    expect((await get(W.erin, `/api/share/mails/view/${p1}`)).body).toEqual(missing.body);
    expect((await get(W.alice, `/api/share/mails/view/${p1}`)).body).toEqual(missing.body);
    expect((await get(W.mallory, `/api/share/mails/view/${p1}`)).body).toEqual(missing.body);

    const noFolder = await get(W.bob, "/api/share/mails?folderId=999999999");
    expect(noFolder.status).toBe(404);
    expect(noFolder.body.code).toBe("mail.folder_not_found");
    for (const [u, path] of [
      [W.bob, `/api/share/mails?folderId=${secret}`],
      [W.erin, `/api/share/mails?folderId=${projects}`],
      [W.mallory, `/api/share/mails?folderId=${projects}`],
      [W.alice, `/api/share/mails?folderId=${projects}`],
      [W.bob, `/api/share/mails?folderId=${projects}&ownerId=${W.carol.id}`],
      [W.bob, `/api/share/mails?folderId=${(await folders(t, who(W.A, W.alice))).INBOX}`],
    ] as const) {
      const r = await get(u, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual(noFolder.body);
    }
    expect((await get(W.bob, "/api/share/mails")).status).toBe(400);
    expect((await get(W.bob, "/api/share/mails?folderId=-1")).status).toBe(400);
  });
});

describe("acting in a shared folder", () => {
  test("read permission may not change read status, star or delete: 403 with its own code, nothing changed", async () => {
    const target = { mailIds: [p1], folderId: projects, ownerId: W.alice.id };
    const read = await put(W.bob, "/api/share/mails/readStatus", { ...target, readStatus: 1 });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe("mail.share_read_status_denied");
    expect((await put(W.bob, "/api/share/mails/importantStatus", { ...target, importantStatus: 1 })).body.code).toBe("mail.share_star_denied");
    expect((await put(W.bob, "/api/share/mails/deleteStatus", target)).body.code).toBe("mail.share_edit_denied");
    const row = await mailRow(t, p1);
    expect([row.read, row.important, row.folderId]).toEqual([false, false, projects]);
  });

  test("edit permission (through a parent organisation) marks read and stars; the owner's counters follow", async () => {
    const r = await put(W.carol, "/api/share/mails/readStatus", { mailIds: [p1, p2], folderId: projects, readStatus: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ updated: 2 });
    expect(await counts(t, projects)).toMatchObject({ totalCount: 3, newCount: 1 });
    expect((await put(W.carol, "/api/share/mails/readStatus", { mailIds: [p2], folderId: projects, readStatus: 0 })).body).toEqual({ updated: 1 });
    expect(await counts(t, projects)).toMatchObject({ newCount: 2 });
    expect((await put(W.carol, "/api/share/mails/importantStatus", { mailIds: [p1], folderId: projects, importantStatus: 1 })).body)
      .toEqual({ updated: 1 });
    expect((await mailRow(t, p1)).important).toBe(true);
  });

  test("an id outside the folder makes the whole call 404 and changes nothing", async () => {
    const before = await mailRow(t, p2);
    for (const mailIds of [[p2, hidden], [p2, 999999999]]) {
      const r = await put(W.carol, "/api/share/mails/importantStatus", { mailIds, folderId: projects, importantStatus: 1 });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("mail.not_found");
    }
    expect((await mailRow(t, p2)).important).toBe(before.important);
    expect((await put(W.carol, "/api/share/mails/readStatus", { mailIds: [hidden], folderId: secret, readStatus: 1 })).body.code)
      .toBe("mail.folder_not_found");
    expect((await put(W.mallory, "/api/share/mails/readStatus", { mailIds: [p1], folderId: projects, readStatus: 1 })).body.code)
      .toBe("mail.folder_not_found");
    expect((await put(W.carol, "/api/share/mails/readStatus", { mailIds: [], folderId: projects, readStatus: 1 })).body.code)
      .toBe("mail.ids_required");
    expect((await put(W.carol, "/api/share/mails/readStatus", { mailIds: [p1], readStatus: 1 })).status).toBe(400);
  });

  test("delete moves the mail to the owner's trash, remembering the shared folder", async () => {
    const alice = who(W.A, W.alice);
    const gone = await file(t, alice, build({ subject: "to bin" }), { folder: projects });
    const r = await put(W.carol, "/api/share/mails/deleteStatus", { mailIds: [gone], folderId: projects });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ trashed: 1 });
    const row = await mailRow(t, gone);
    expect(row.folderId).toBe((await folders(t, alice)).DELETED);
    expect(row.prevFolderId).toBe(projects);
    expect((await get(W.carol, `/api/share/mails/view/${gone}`)).status).toBe(404);
  });
});

describe("changing and revoking a share", () => {
  test("revoking ends access at once; a changed permission applies to the next call", async () => {
    const alice = who(W.A, W.alice);
    const notes = await privateFolder(t, alice, "Notes");
    const m = await file(t, alice, build({ subject: "note" }), { folder: notes });
    const shareId = await share(W.alice, notes, [{ memberType: "USER", memberId: W.erin.id, permission: 3 }]);
    expect((await get(W.erin, `/api/share/mails/view/${m}`)).status).toBe(200);
    expect((await put(W.erin, "/api/share/mails/importantStatus", { mailIds: [m], folderId: notes, importantStatus: 1 })).status).toBe(200);

    const members = (await get(W.alice, `/api/share/MAIL/${notes}/members`)).body.list as { id: number }[];
    const edit = await put(W.alice, `/api/share/MAIL/${notes}`, { shareId, updateList: [{ id: members[0].id, permission: 2 }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await put(W.erin, "/api/share/mails/importantStatus", { mailIds: [m], folderId: notes, importantStatus: 0 })).status).toBe(403);

    await unshare(W.alice, notes);
    expect((await get(W.erin, `/api/share/mails/view/${m}`)).status).toBe(404);
    expect((await get(W.erin, `/api/share/mails?folderId=${notes}`)).status).toBe(404);
    expect((await get(W.erin, "/api/mails/shared/folders")).body).toEqual([]);
  });
});

test("every code has an English text", () => {
  for (const [code, text] of Object.entries(SHARED_ERROR_MESSAGES)) {
    expect(code).toMatch(/^mail\./);
    expect(text.length).toBeGreaterThan(10);
  }
});
