// Approval boxes benchmark (issue 26; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/approval-boxes.ts [documents=50000] [samples=300]
// A company of 200 users in 10 departments (2 team leads each, 4 directors). `documents` documents are drafted
// by the users in turn (20% in progress, 60% completed, 10% rejected, 5% saved, 5% retrieved; open types
// department 70%, public 15%, private 15%), each with a team lead and a director on its APPROVAL lines, a CC
// line and, when completed, a RECEIVE line of another department's member and a SHARE_ORGAN line; rows are
// inserted directly with their titles' search vectors. The viewer is team lead of department 0 and drafts
// like everyone. Then GET /api/approval/box/{ab|dd|lg} page 1 (target: p95 under 50 ms) and a few more calls
// are timed in-process through the whole app. BENCH_DIR keeps the seeded database for the next run.
import { eq } from "drizzle-orm";
import {
  approvalDocuments, approvalFormBoxes, approvalForms, approvalLines, organizationMembers, organizations, users,
} from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { titleSearchVector } from "../../server/modules/approval/boxes/search.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench } from "./support.ts";

const [DOCUMENTS = 50_000, SAMPLES = 300] = Deno.args.map(Number);
const DOMAIN = "approval-bench.test";
const PASSWORD = "Passw0rd!";
const USERS = 200;
const ORGANS = 10;

const bench = await openBench("approval", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });
const viewer = `viewer@${DOMAIN}`;

const WORDS = ["지출결의서", "품의서", "출장", "보고", "구매요청", "휴가신청", "협조전", "예산", "계약", "회의록", "report", "budget", "invoice"];

async function seed() {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Approval bench", domain: DOMAIN, admin: { loginId: "viewer", name: "뷰어", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const c = adminRow.companyId;
  const organs = await deps.db.insert(organizations).values(Array.from({ length: ORGANS }, (_, i) => ({ companyId: c, name: `부서 ${i}`, sortOrder: i })))
    .returning();
  const others = await deps.db.insert(users).values(Array.from({ length: USERS - 1 }, (_, i) => ({
    companyId: c, username: `user${i}@${DOMAIN}`, accountName: `사용자${i}`, displayName: `사용자 ${i}`, totalQuota: 0,
    passwordHash: adminRow.passwordHash,
  }))).returning();
  const people = [adminRow, ...others];
  // Person p belongs to department p % 10; persons 0..19 lead (the viewer leads department 0); 20..23 direct.
  const organOf = (p: number) => organs[p % ORGANS].id;
  await deps.db.insert(organizationMembers).values(people.map((u, p) => ({ companyId: c, organId: organOf(p), userId: u.id, isManager: p < 20 })));
  const [box] = await deps.db.insert(approvalFormBoxes).values({ companyId: c, name: "일반" }).returning();
  const forms = await deps.db.insert(approvalForms).values(["지출결의서", "품의서", "출장보고서", "구매요청서", "휴가신청서"]
    .map((name, i) => ({ companyId: c, boxId: box.id, name, code: `F${i}` }))).returning();
  const lead = (p: number) => people[(p % ORGANS) + ORGANS * ((p >> 3) & 1)];
  const director = (i: number) => people[20 + (i % 4)];
  const start = Date.parse("2024-01-01T00:00:00Z");
  const BATCH = 2000;
  for (let from = 0; from < DOCUMENTS; from += BATCH) {
    const n = Math.min(BATCH, DOCUMENTS - from);
    const docs = Array.from({ length: n }, (_, j) => {
      const i = from + j;
      const p = i % USERS;
      const kind = i % 20;
      const status = kind < 4 ? "IN_PROGRESS" : kind < 16 ? "COMPLETED" : kind < 18 ? "REJECTED" : kind === 18 ? "TEMP" : "RETRIEVED";
      const drafted = new Date(start + i * 600_000);
      const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`;
      return {
        companyId: c, formId: forms[i % forms.length].id, formVersion: 1, status, title, drafterId: people[p].id, draftOrganId: organOf(p),
        openType: i % 7 === 0 ? "PUBLIC" : i % 7 === 1 ? "PRIVATE" : "DEPARTMENT",
        docNum: status === "COMPLETED" ? `DOC-${i}` : null, searchVector: titleSearchVector(title),
        draftedAt: status === "TEMP" ? null : drafted, completedAt: status === "COMPLETED" ? new Date(drafted.getTime() + 86_400_000) : null,
        createdAt: drafted, updatedAt: drafted,
      };
    });
    const inserted = await deps.db.insert(approvalDocuments).values(docs).returning({ id: approvalDocuments.id });
    const lines: (typeof approvalLines.$inferInsert)[] = [];
    inserted.forEach(({ id }, j) => {
      const i = from + j;
      const p = i % USERS;
      const d = docs[j];
      const l1 = lead(p + (i >> 4)).id === d.drafterId ? director(i + 1) : lead(p + (i >> 4));
      const l2 = director(i);
      const firstPending = d.status === "IN_PROGRESS" && i % 2 === 0;
      const s1 = d.status === "TEMP" || d.status === "RETRIEVED" ? "WAITING" : d.status === "REJECTED" && i % 2 === 0 ? "REJECTED" : firstPending ? "PENDING_APPROVAL" : "APPROVED";
      const s2 = d.status === "COMPLETED" ? "APPROVED" : d.status === "REJECTED" && s1 !== "REJECTED" ? "REJECTED" : d.status === "IN_PROGRESS" && !firstPending ? "PENDING_APPROVAL" : "WAITING";
      const base = { companyId: c, documentId: id };
      const acted = (s: string, u: number) => ["APPROVED", "REJECTED"].includes(s) ? { actedByUserId: u, actedAt: d.completedAt ?? d.draftedAt } : {};
      lines.push({ ...base, type: "APPROVAL", grp: "APPROVAL", sortOrder: 1, status: s1, userId: l1.id, ...acted(s1, l1.id) });
      if (l2.id !== l1.id) lines.push({ ...base, type: "APPROVAL", grp: "APPROVAL", sortOrder: 2, status: s2, userId: l2.id, ...acted(s2, l2.id) });
      lines.push({ ...base, type: "CC", grp: "CC", sortOrder: 1, status: d.status === "TEMP" ? "WAITING" : "NOTIFIED", userId: people[(p + 37) % USERS].id });
      if (d.status === "COMPLETED") {
        lines.push({ ...base, type: "RECEIVE", grp: "RECEIVE", sortOrder: 1, status: i % 3 === 0 ? "PENDING_APPROVAL" : "RECEIVED", userId: people[(p + 51) % USERS].id });
        lines.push({ ...base, type: "SHARE_ORGAN", grp: "SHARE", sortOrder: 1, status: "NOTIFIED", organId: organOf(p + 3) });
      }
    });
    await deps.db.insert(approvalLines).values(lines);
  }
  console.log(`seeded ${DOCUMENTS} documents with their lines in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
if (existing) console.log("seeded database kept from an earlier run");
else await seed();
await deps.sql`vacuum analyze approval_documents`;
await deps.sql`vacuum analyze approval_lines`;

const token = await tokenOf(deps, viewer);
const counts = await deps.sql<{ n: string; box: string }[]>`
  select 'documents' as box, count(*) as n from approval_documents union all select 'lines', count(*) from approval_lines`;
console.log(counts.map((r) => `${r.box}: ${r.n}`).join(", "));
const timed = (label: string, paths: string[], target: number) => timedGets(app, token, label, paths, target, SAMPLES, (bodies) => {
  const first = JSON.parse(new TextDecoder().decode(bodies[0]));
  return `totalElements ${first.totalElements ?? "-"}`;
});
const box = (key: string, q = "") => `/api/approval/box/${key}?${q}`;
await timed("box ab (to approve), page 1", [box("ab")], 50);
await timed("box dd (my drafts in progress), page 1", [box("dd")], 50);
await timed("box lg (ledger: completed documents the viewer may read), page 1", [box("lg")], 50);
await timed("box lg, later pages and other sorts", [box("lg", "page=40"), box("lg", "sort=title&dir=asc"), box("lg", "page=200&sort=draftedAt")], 50);
await timed("box lg, title search (지출, 보고서, budget)", ["지출", "보고서", "budget"].map((w) => box("lg", `keywordFlag=TITLE&keyword=${encodeURIComponent(w)}`)), 100);
await timed("box ap / ac / cc / rb, page 1", [box("ap"), box("ac"), box("cc"), box("rb")], 50);
await timedGets(app, token, "dashboard/count", ["/api/approval/dashboard/count"], 50, SAMPLES);
await timedGets(app, token, "dashboard/list", ["/api/approval/dashboard/list"], 50, SAMPLES);

await bench.close();
Deno.exit(0);
