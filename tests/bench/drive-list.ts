// Drive folder list benchmark (issue 25; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/drive-list.ts [files=10000] [samples=300]
// A company of 20 users; the measured user's folder "Big" holds `files` files and 30 folders, and each of
// the 19 colleagues has 5,000 files of their own in the same table (110,000 rows with the defaults). Rows
// are inserted directly (as uploads leave them: names with their search columns, sizes, use times spread
// over a year, one shared blob). Then GET /api/drive/list is timed in-process through the whole app
// (routing, auth, module flag, access check, the queries, the items' owners, counts and flags, JSON):
// page 1 under each sort (the issue's target: under 30 ms p95), later pages, the search, and WebDAV requests
// naming a file of the folder by path.
// BENCH_DIR keeps the seeded database for the next run (seeding is skipped when it is there).
import { and, eq, sql } from "drizzle-orm";
import { driveItems, mailClientPasswords, users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { nameSearchColumns } from "../../server/modules/drive/search/columns.ts";
import { specialRows } from "../../server/modules/drive/repo.ts";
import { call, timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench } from "./support.ts";

const [FILES = 10_000, SAMPLES = 300] = Deno.args.map(Number);
const DOMAIN = "drive-bench.test";
const PASSWORD = "Passw0rd!";
const OTHER_FILES = 5_000;

const bench = await openBench("drive", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const WORDS = ["회의록", "보고서", "계약서", "견적서", "예산", "기획안", "report", "invoice", "budget", "photo", "scan", "draft", "minutes", "plan"];
const EXTS = ["pdf", "docx", "xlsx", "pptx", "txt", "jpg", "png", "zip", "hwp"];
const BLOB = "0".repeat(64);

async function seedFiles(companyId: number, ownerUserId: number, parentId: number, n: number, seed: number) {
  const r = rng(seed);
  const pick = <T>(l: T[]) => l[Math.floor(r() * l.length)];
  const now = Date.now();
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
      const ext = pick(EXTS);
      const name = `${pick(WORDS)} ${pick(WORDS)} ${i + j}.${ext}`;
      const at = new Date(now - Math.floor(r() * 365 * 86_400_000));
      return {
        companyId, ownerUserId, parentId, kind: "file" as const, name, sortName: name.toLowerCase(), extension: ext,
        size: Math.floor(r() * 5_000_000), blobKey: BLOB, mimeType: "application/octet-stream", ...nameSearchColumns(name),
        usedAt: at, createdAt: at, updatedAt: at,
      };
    });
    await deps.db.insert(driveItems).values(rows);
  }
}

const viewer = `viewer@${DOMAIN}`;
const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
let bigId: number;
if (existing) {
  const [big] = await deps.db.select().from(driveItems).where(and(eq(driveItems.ownerUserId, existing.id), eq(driveItems.name, "Big")));
  bigId = big.id;
  console.log("seeded database kept from an earlier run");
} else {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Drive bench", domain: DOMAIN, admin: { loginId: "viewer", name: "Viewer", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const colleagues = await deps.db.insert(users).values(Array.from({ length: 19 }, (_, i) => ({
    companyId: adminRow.companyId, username: `user${i}@${DOMAIN}`, accountName: `동료${i}`, displayName: `동료 ${i}`,
    totalQuota: 0, passwordHash: adminRow.passwordHash,
  }))).returning();
  const token = await tokenOf(deps, viewer);
  const root = await call<{ id: number }>(app, token, "GET", "/api/drive/default");
  const big = await call<{ id: number }>(app, token, "POST", "/api/drive/create", { fileName: "Big", parentId: root.id });
  bigId = big.id;
  for (let i = 0; i < 30; i++) await call(app, token, "POST", "/api/drive/create", { fileName: `폴더 ${i}`, parentId: big.id });
  await seedFiles(adminRow.companyId, adminRow.id, big.id, FILES, 7);
  for (const [i, c] of colleagues.entries()) {
    const { root: theirRoot } = await specialRows(deps.db, c.companyId, c.id, new Date());
    await seedFiles(c.companyId, c.id, theirRoot.id, OTHER_FILES, 100 + i);
  }
  console.log(`seeded ${FILES} files in one folder (+${19 * OTHER_FILES} of colleagues) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
await deps.sql`vacuum analyze drive_items`;

const token = await tokenOf(deps, viewer);
const timed = (label: string, paths: string[], target: number) => timedGets(app, token, label, paths, target, SAMPLES);

const list = (q: string) => `/api/drive/list?folderId=${bigId}&${q}`;
await timed("page 1, default sort (used time, newest first)", [list("")], 30);
await timed("page 1, by name (ascending and descending)", [list("sort=fileName&dir=asc"), list("sort=fileName&dir=desc")], 30);
await timed("page 1, by size (ascending and descending)", [list("sort=fileSize&dir=asc"), list("sort=fileSize&dir=desc")], 30);
const pages = Math.ceil(FILES / 10);
await timed("later pages (spread over the folder, each sort)",
  Array.from({ length: 60 }, (_, i) => list(`page=${(i * 7919) % pages}&sort=${["usedTimeMillis", "fileName", "fileSize"][i % 3]}`)), 30);
await timed("search -4 (two-syllable Korean, Latin prefixes) over 10,000 own files",
  ["회의", "보고서", "계약", "report", "inv", "budget 1"].map((w) => `/api/drive/list?folderId=-4&searchWord=${encodeURIComponent(w)}`), 100);
await timed("recent -1 (30 days)", ["/api/drive/list?folderId=-1&days=30"], 30);

// WebDAV by path (a desktop client mapping the drive: every request names its item by path): a file of the
// 10,000-file folder with PROPFIND depth 0, and a name not there (what a client asks before a PUT).
const [viewerRow] = await deps.db.select().from(users).where(eq(users.username, viewer));
await deps.db.insert(mailClientPasswords).values({ userId: viewerRow.id, companyId: viewerRow.companyId, hash: await hashPassword(PASSWORD), updatedAt: new Date() })
  .onConflictDoNothing();
const named = await deps.db.select({ name: driveItems.name }).from(driveItems)
  .where(and(eq(driveItems.parentId, bigId), eq(driveItems.kind, "file"))).orderBy(sql`random()`).limit(20);
const davPaths = named.map((r) => `/dav/files/Big/${encodeURIComponent(r.name)}`);
const basic = `Basic ${btoa(`${viewer}:${PASSWORD}`)}`;
const davCall = (method: string, status: number, headers: Record<string, string> = {}) =>
  ({ init: { method, headers: { authorization: basic, ...headers } }, status });
await timedGets(app, token, "WebDAV PROPFIND depth 0 of a file in the folder", davPaths, 30, SAMPLES, undefined, davCall("PROPFIND", 207, { depth: "0" }));
await timedGets(app, token, "WebDAV PROPFIND of a name not in the folder", davPaths.map((p) => `${p}.missing`), 30, SAMPLES, undefined, davCall("PROPFIND", 404, { depth: "0" }));

await bench.close();
Deno.exit(0);
