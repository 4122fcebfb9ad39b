// The drive's Google Drive, files (issue 25; 001 §2 my/shared tabs, folders, search; §3 "External file" and
// its categories; §4 and §7: a 401 from Google → one refresh → one retry; the files.list query filters, folders
// first then modifiedTime desc, the requested fields) through the server's proxy against the stand-in Google's
// Drive v3 (tests/support/google-drive-standin.ts), and downloads: bytes as stored, Google Docs exported.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startGoogleStandin } from "../support/google-standin.ts";
import { exportBytes, STANDIN_ROOT, type StandinDriveFile } from "../support/google-drive-standin.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, type Member } from "../share/share-helpers.ts";
import { configureGoogleDrive, connectDrive } from "./external-support.ts";
import type { ExternalFile, ExternalFileList } from "../../shared/drive/external.ts";

const t = await createTestApp();
const g = startGoogleStandin();
afterAll(() => g.close());
let A: Co;
let kim: Member, lee: Member;

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const day = (d: string, h = "09") => `2025-${d}T${h}:00:00.000Z`;
const FILES: StandinDriveFile[] = [
  { id: "fold-plans", name: "Plans 2025", mimeType: "application/vnd.google-apps.folder", modifiedTime: day("03-01") },
  { id: "fold-old", name: "Archive", mimeType: "application/vnd.google-apps.folder", modifiedTime: day("01-05") },
  { id: "doc-minutes", name: "주간 회의록", mimeType: "application/vnd.google-apps.document", modifiedTime: day("03-10"), content: "예산 검토와 채용 계획" },
  { id: "sheet-budget", name: "Budget", mimeType: "application/vnd.google-apps.spreadsheet", modifiedTime: day("03-12"), content: "quarterly budget numbers" },
  { id: "xlsx-costs", name: "costs.xlsx", mimeType: XLSX, modifiedTime: day("02-20"), content: "PK-fake-xlsx-bytes" },
  { id: "png-logo", name: "logo.png", mimeType: "image/png", modifiedTime: day("03-15"), content: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]) },
  { id: "pdf-contract", name: "contract final.pdf", mimeType: "application/pdf", modifiedTime: day("02-01"), content: "%PDF-1.4 contract" },
  { id: "zip-old", name: "backup.zip", mimeType: "application/zip", modifiedTime: day("01-02"), content: "PK zip" },
  { id: "trash-1", name: "Budget draft", mimeType: "application/vnd.google-apps.spreadsheet", modifiedTime: day("03-20"), trashed: true },
  { id: "in-plans", name: "roadmap.txt", mimeType: "text/plain", parents: ["fold-plans"], modifiedTime: day("03-02"), content: "roadmap text" },
  { id: "in-plans-2", name: "launch.mp4", mimeType: "video/mp4", parents: ["fold-plans"], modifiedTime: day("03-03"), content: "video" },
  { id: "form-1", name: "Survey", mimeType: "application/vnd.google-apps.form", modifiedTime: day("01-10") },
  { id: "short-1", name: "Budget shortcut", mimeType: "application/vnd.google-apps.shortcut", modifiedTime: day("01-11"), shortcutDetails: { targetId: "sheet-budget", targetMimeType: "application/vnd.google-apps.spreadsheet" } },
  // Shared with kim by others: not in root, not owned.
  { id: "shared-deck", name: "Sales deck", mimeType: "application/vnd.google-apps.presentation", parents: ["0AOtherRoot"], ownedByMe: false, sharedWithMe: true, ownerName: "Park Partner", modifiedTime: day("03-05") },
  { id: "shared-fold", name: "Partner folder", mimeType: "application/vnd.google-apps.folder", parents: ["0AOtherRoot"], ownedByMe: false, sharedWithMe: true, ownerName: "Park Partner", modifiedTime: day("02-05") },
  { id: "shared-in", name: "partner notes.docx", mimeType: DOCX, parents: ["shared-fold"], ownedByMe: false, ownerName: "Park Partner", modifiedTime: day("02-06"), content: "notes" },
];

beforeAll(async () => {
  for (const f of FILES) g.drive.putFile(f);
  A = await company(t, "gdrive-files.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  await configureGoogleDrive(t, A.admin, g);
  expect((await connectDrive(t, kim)).errorMessage).toBeNull();
});

async function list(who: Member, q: Record<string, string> = {}): Promise<ExternalFileList> {
  const r = await t.call("GET", `/api/external/drive/files?${new URLSearchParams(q)}`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const names = (l: ExternalFileList) => l.files.map((f) => f.name);
const lastRequest = () => g.drive.listRequests.at(-1)!;

describe("tabs and folders", () => {
  test("my tab: the root's files, not trashed, folders first then newest; the query, order and fields as §7 says", async () => {
    const l = await list(kim, { tab: "my" });
    expect(names(l)).toEqual([
      "Plans 2025", "Archive", "logo.png", "Budget", "주간 회의록", "costs.xlsx", "contract final.pdf", "Budget shortcut", "Survey", "backup.zip",
    ]);
    expect(l.nextPageToken).toBeNull();
    expect(l.folder).toBeNull();
    const req = lastRequest();
    expect(req.get("q")).toBe("trashed = false and 'root' in parents");
    expect(req.get("orderBy")).toBe("folder,modifiedTime desc");
    expect(req.get("fields")).toMatch(/^nextPageToken,files\(id,name,mimeType,parents,webViewLink,createdTime,modifiedTime,owners\(displayName\),ownedByMe,shared,size,exportLinks,shortcutDetails/);
  });

  test("each file as 001 §3 describes it, with its category by mime type and what a download gives", async () => {
    const l = await list(kim, { tab: "my" });
    const by = new Map(l.files.map((f) => [f.id, f]));
    expect(by.get("png-logo")).toMatchObject({
      name: "logo.png", mimeType: "image/png", parents: [STANDIN_ROOT], webViewLink: "https://drive.google.com/file/d/png-logo/view?usp=drivesdk",
      modifiedTime: day("03-15"), owners: [{ displayName: g.account.name }], ownedByMe: true, shared: false, size: 11, category: "image", download: "media",
    } satisfies Partial<ExternalFile>);
    const cat = (id: string) => [by.get(id)!.category, by.get(id)!.download];
    expect(cat("fold-plans")).toEqual(["folder", null]);
    expect(cat("doc-minutes")).toEqual(["document", "docx"]);
    expect(cat("sheet-budget")).toEqual(["spreadsheet", "xlsx"]);
    expect(cat("xlsx-costs")).toEqual(["spreadsheet", "media"]);
    expect(cat("pdf-contract")).toEqual(["pdf", "media"]);
    expect(cat("zip-old")).toEqual(["archive", "media"]);
    expect(cat("form-1")).toEqual(["file", null]);
    expect(cat("short-1")).toEqual(["spreadsheet", null]); // a shortcut by its target's type
    expect(by.get("doc-minutes")!.size).toBeNull();
    expect(Object.keys(by.get("doc-minutes")!.exportLinks ?? {})).toContain(DOCX);
  });

  test("shared tab: shared with me and not owned", async () => {
    const l = await list(kim, { tab: "shared" });
    expect(names(l)).toEqual(["Partner folder", "Sales deck"]);
    expect(l.files[1]).toMatchObject({ ownedByMe: false, shared: true, owners: [{ displayName: "Park Partner" }], category: "presentation", download: "pptx" });
    expect(lastRequest().get("q")).toBe("trashed = false and sharedWithMe = true and not 'me' in owners");
  });

  test("a folder: its children and the folder itself; a file, an unknown or a malformed id is 404 drive.not_found", async () => {
    const l = await list(kim, { tab: "my", folderId: "fold-plans" });
    expect(names(l)).toEqual(["launch.mp4", "roadmap.txt"]);
    expect(l.folder).toMatchObject({ id: "fold-plans", name: "Plans 2025", category: "folder" });
    expect(lastRequest().get("q")).toBe("trashed = false and 'fold-plans' in parents");
    const shared = await list(kim, { tab: "shared", folderId: "shared-fold" });
    expect(names(shared)).toEqual(["partner notes.docx"]);
    for (const folderId of ["png-logo", "nope"]) {
      const r = await t.call("GET", `/api/external/drive/files?folderId=${folderId}`, { token: kim.token });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("drive.not_found");
    }
    const bad = await t.call("GET", "/api/external/drive/files?folderId=a'b", { token: kim.token });
    expect(bad.status).toBe(400);
  });

  test("pages: pageSize and pageToken follow Google's pages", async () => {
    const first = await list(kim, { tab: "my", pageSize: "4" });
    expect(names(first)).toEqual(["Plans 2025", "Archive", "logo.png", "Budget"]);
    expect(first.nextPageToken).toBeTruthy();
    const second = await list(kim, { tab: "my", pageSize: "4", pageToken: first.nextPageToken! });
    expect(names(second)).toEqual(["주간 회의록", "costs.xlsx", "contract final.pdf", "Budget shortcut"]);
    const third = await list(kim, { tab: "my", pageSize: "4", pageToken: second.nextPageToken! });
    expect(names(third)).toEqual(["Survey", "backup.zip"]);
    expect(third.nextPageToken).toBeNull();
    expect((await t.call("GET", "/api/external/drive/files?pageSize=1000", { token: kim.token })).status).toBe(400);
  });

  test("one file's metadata; unknown 404", async () => {
    const r = await t.call("GET", "/api/external/drive/files/sheet-budget", { token: kim.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: "sheet-budget", name: "Budget", category: "spreadsheet" });
    expect((await t.call("GET", "/api/external/drive/files/missing", { token: kim.token })).status).toBe(404);
  });
});

describe("search (001 §7 filters)", () => {
  test("by name: Google's prefix match of the name or a word of it, across the drive, trashed left out", async () => {
    expect(names(await list(kim, { name: "budg" }))).toEqual(["Budget", "Budget shortcut"]);
    expect(lastRequest().get("q")).toBe("trashed = false and name contains 'budg'");
    expect(names(await list(kim, { name: "회의" }))).toEqual(["주간 회의록"]);
    expect(names(await list(kim, { name: "final" }))).toEqual(["contract final.pdf"]);
  });

  test("full text searches the contents; quotes are escaped", async () => {
    expect(names(await list(kim, { fullText: "채용 계획" }))).toEqual(["주간 회의록"]);
    expect(names(await list(kim, { fullText: "roadmap" }))).toEqual(["roadmap.txt"]);
    expect(names(await list(kim, { fullText: "it's" }))).toEqual([]);
    expect(lastRequest().get("q")).toBe("trashed = false and fullText contains 'it\\'s'");
  });

  test("by type: a category's mime types", async () => {
    expect(names(await list(kim, { category: "spreadsheet" }))).toEqual(["Budget", "costs.xlsx"]);
    expect(lastRequest().get("q")).toMatch(/^trashed = false and \(mimeType = 'application\/vnd\.google-apps\.spreadsheet' or /);
    expect(names(await list(kim, { category: "folder" }))).toEqual(["Plans 2025", "Partner folder", "Archive"]);
    expect(names(await list(kim, { category: "video" }))).toEqual(["launch.mp4"]);
    expect(names(await list(kim, { category: "presentation" }))).toEqual(["Sales deck"]);
  });

  test("by modified range (from inclusive, before exclusive), with the others, within a folder", async () => {
    const march = { modifiedAfter: "2025-03-01T00:00:00+09:00", modifiedBefore: "2025-03-13T00:00:00+09:00" };
    expect(names(await list(kim, march))).toEqual(["Plans 2025", "Budget", "주간 회의록", "Sales deck", "launch.mp4", "roadmap.txt"]);
    expect(lastRequest().get("q")).toBe("trashed = false and modifiedTime >= '2025-02-28T15:00:00Z' and modifiedTime < '2025-03-12T15:00:00Z'");
    expect(names(await list(kim, { ...march, category: "spreadsheet" }))).toEqual(["Budget"]);
    expect(names(await list(kim, { ...march, folderId: "fold-plans" }))).toEqual(["launch.mp4", "roadmap.txt"]);
  });

  test("bad filters: 400 with their codes, nothing asked of Google", async () => {
    const calls = g.drive.counts.list;
    const short = await t.call("GET", "/api/external/drive/files?name=a", { token: kim.token });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("drive.search_too_short");
    const range = await t.call("GET", `/api/external/drive/files?modifiedAfter=2025-03-02T00:00:00Z&modifiedBefore=2025-03-01T00:00:00Z`, { token: kim.token });
    expect(range.body.code).toBe("drive.external_date_range");
    const badType = await t.call("GET", "/api/external/drive/files?category=music", { token: kim.token });
    expect(badType.body.code).toBe("common.validation");
    const badDate = await t.call("GET", "/api/external/drive/files?modifiedAfter=yesterday", { token: kim.token });
    expect(badDate.body.code).toBe("common.validation");
    expect(g.drive.counts.list).toBe(calls);
  });
});

describe("downloads", () => {
  async function get(path: string, who = kim) {
    const res = await t.app.request(path, { headers: { authorization: `Bearer ${who.token}` } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  test("a binary file: its bytes, type and name as stored", async () => {
    const { res, bytes } = await get("/api/external/drive/files/png-logo/download");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="logo.png"; filename*=UTF-8''logo.png`);
    expect(res.headers.get("content-length")).toBe("11");
    expect([...bytes]).toEqual([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
  });

  test("Google Docs, Sheets and Slides exported to docx, xlsx and pptx; ?format=pdf gives a pdf", async () => {
    const doc = await get("/api/external/drive/files/doc-minutes/download");
    expect(doc.res.status).toBe(200);
    expect(doc.res.headers.get("content-type")).toBe(DOCX);
    expect(doc.res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("주간 회의록.docx")}`);
    expect(doc.bytes).toEqual(exportBytes(g.drive.files.get("doc-minutes")!, DOCX));
    const sheet = await get("/api/external/drive/files/sheet-budget/download");
    expect(sheet.res.headers.get("content-disposition")).toContain("Budget.xlsx");
    expect(sheet.bytes).toEqual(exportBytes(g.drive.files.get("sheet-budget")!, XLSX));
    const deck = await get("/api/external/drive/files/shared-deck/download");
    expect(deck.res.headers.get("content-disposition")).toContain("Sales%20deck.pptx");
    const pdf = await get("/api/external/drive/files/doc-minutes/download?format=pdf");
    expect(pdf.res.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.bytes).toEqual(exportBytes(g.drive.files.get("doc-minutes")!, "application/pdf"));
  });

  test("a folder, a shortcut, a form: 400 with their codes; unknown 404", async () => {
    const codes: [string, number, string][] = [
      ["fold-plans", 400, "drive.external_not_a_file"], ["short-1", 400, "drive.shortcut_not_downloadable"],
      ["form-1", 400, "drive.external_not_downloadable"], ["missing", 404, "drive.not_found"],
    ];
    for (const [id, status, code] of codes) {
      const r = await t.call("GET", `/api/external/drive/files/${id}/download`, { token: kim.token });
      expect(r.status, id).toBe(status);
      expect(r.body.code, id).toBe(code);
    }
  });
});

describe("401 → one refresh → one retry (001 §4)", () => {
  test("an expired access token is refreshed once and the call tried once more", async () => {
    g.expireAccessTokens();
    const before = { refreshes: g.counts.refreshes, unauthorized: g.counts.unauthorized, list: g.drive.counts.list };
    const l = await list(kim, { tab: "shared" });
    expect(names(l)).toEqual(["Partner folder", "Sales deck"]);
    expect(g.counts.refreshes).toBe(before.refreshes + 1);
    expect(g.counts.unauthorized).toBe(before.unauthorized + 1);
    expect(g.drive.counts.list).toBe(before.list + 1); // the 401 is answered before the list runs; the retry lists
    // The next call uses the new token: no refresh.
    await list(kim, { tab: "shared" });
    expect(g.counts.refreshes).toBe(before.refreshes + 1);
  });

  test("downloads too: an expired token mid-way is refreshed once", async () => {
    g.expireAccessTokens();
    const before = g.counts.refreshes;
    const res = await t.app.request("/api/external/drive/files/pdf-contract/download", { headers: { authorization: `Bearer ${kim.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.4 contract");
    expect(g.counts.refreshes).toBe(before + 1);
  });

  test("a revoked grant: one refresh attempt, no loop; 502 drive.63 INVALID_TOKEN, remembered on the token", async () => {
    g.revokeGrant();
    const before = { refreshes: g.counts.refreshes, unauthorized: g.counts.unauthorized };
    const r = await t.call("GET", "/api/external/drive/files", { token: kim.token });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: "drive.63", params: { reason: "INVALID_TOKEN" } });
    expect(g.counts.unauthorized).toBe(before.unauthorized + 1);
    expect(g.counts.refreshes).toBe(before.refreshes);
    const tok = await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token });
    expect(tok.body).toMatchObject({ connected: true, errorMessage: "INVALID_TOKEN" });
    // Connecting again works and clears it.
    expect((await connectDrive(t, kim)).errorMessage).toBeNull();
    expect(names(await list(kim, { tab: "shared" }))).toEqual(["Partner folder", "Sales deck"]);
    expect((await t.call("GET", "/api/external/token/GOOGLE_DRIVE", { token: kim.token })).body.errorMessage).toBeNull();
  });

  test("Google unreachable: 502 drive.63 NETWORK_ERROR", async () => {
    const other = startGoogleStandin();
    await other.close();
    const saved = await t.call("PUT", "/api/admin/external-services/google-drive", {
      token: A.admin.token,
      json: { enabled: true, clientId: g.clientId, scopes: "openid https://www.googleapis.com/auth/drive.readonly", ...g.endpoints, apiBaseUrl: `${other.base}/drive/v3` },
    });
    expect(saved.status).toBe(200);
    try {
      const r = await t.call("GET", "/api/external/drive/files", { token: kim.token });
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ code: "drive.63", params: { reason: "NETWORK_ERROR" } });
    } finally {
      await configureGoogleDrive(t, A.admin, g);
    }
  });
});

test("another user of the same company without a token: 404; kim's files are not theirs", async () => {
  expect((await t.call("GET", "/api/external/drive/files", { token: lee.token })).status).toBe(404);
  expect((await t.call("GET", "/api/external/drive/files/png-logo/download", { token: lee.token })).status).toBe(404);
});
