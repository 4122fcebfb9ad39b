// Customer address book benchmark (issue 24; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/contacts-customers.ts [samples=300]
// A company of 50 users (the measured one is its administrator) sharing a 100,000-card customer book in 8
// public groups (40,000, 20,000, 10,000, 10,000 and four of 5,000 cards), brought in through the import
// (POST api/customer/card/import/save, CSV files of 10,000 cards, as a company moving from another system
// would). Timed in-process through the whole app as
// tests/bench/contacts-list.ts times the private book: a group's list page (pages spread over the group), the
// consonant tab, the search across every group the user reads, and compose autocomplete over contacts,
// customers and colleagues (targets: list and consonant tab under 20 ms p95, autocomplete under 30 ms p95).
// BENCH_DIR keeps the seeded database for the next run.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { call, timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench } from "./support.ts";

const [SAMPLES = 300] = Deno.args.map(Number);
const DOMAIN = "customers-bench.test";
const SIZES = [40_000, 20_000, 10_000, 10_000, 5_000, 5_000, 5_000, 5_000];

const bench = await openBench("customers", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const SURNAMES = [..."김이박최정강조윤장임한오서신권황안송류홍전고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형계피두감음빈동온호범좌팽승간상갈단견당화창"];
const SYLLABLES = [..."민수영희지훈서연현우하은도윤예준시우주원하준지호수빈유진은서재원성민동현승현정우태양진혁채원다은소연나래보람한결새롬슬기아름가람빛나"];
const COMPANIES = ["대한상사", "한빛무역", "동방물산", "서울전자", "Acme Corp", "Globex", "Initech", "미래테크", "우리유통", "세계로지스"];

function csvOf(n: number, seed: number): string {
  const r = rng(seed);
  const pick = <T>(l: T[]) => l[Math.floor(r() * l.length)];
  const lines = ["이름,이메일,전화번호,회사,부서,직급"];
  for (let i = 0; i < n; i++) {
    const latin = r() < 0.1;
    const name = latin ? `Client ${seed}-${i}` : `${pick(SURNAMES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    lines.push([name, `c${seed}x${i}@${pick(["buyer.example", "client.example", "partner.example"])}`,
      `02-${1000 + Math.floor(r() * 9000)}-${1000 + Math.floor(r() * 9000)}`, pick(COMPANIES), pick(["구매팀", "영업팀", ""]), pick(["과장", "대리", ""])].join(","));
  }
  return lines.join("\r\n");
}

const viewer = `viewer@${DOMAIN}`;
const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
let groupIds: number[];
if (existing) {
  groupIds = (await call<{ id: number }[]>(app, await tokenOf(deps, viewer), "GET", "/api/customer/group/list")).map((g) => g.id);
  console.log("seeded database kept from an earlier run");
} else {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Customers bench", domain: DOMAIN, admin: { loginId: "viewer", name: "Viewer", password: "Passw0rd!" },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  await deps.db.insert(users).values(Array.from({ length: 49 }, (_, i) => ({
    companyId: adminRow.companyId, username: `user${i}@${DOMAIN}`, accountName: `${SURNAMES[i]}동료${i}`, displayName: `동료 ${i}`,
    totalQuota: adminRow.totalQuota, passwordHash: adminRow.passwordHash,
  })));
  const token = await tokenOf(deps, viewer);
  groupIds = [];
  let seed = 1;
  for (const [i, size] of SIZES.entries()) {
    const g = await call<{ id: number }>(app, token, "POST", "/api/customer/group", { groupName: `고객 그룹 ${i}`, isPublic: true });
    groupIds.push(g.id);
    for (let done = 0; done < size; done += 10_000) {
      const form = new FormData();
      form.append("part", new File([new TextEncoder().encode(csvOf(Math.min(10_000, size - done), seed++))], "customers.csv"));
      form.append("groupId", String(g.id));
      const res = await app.request("/api/customer/card/import/save", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 201) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    }
  }
  console.log(`seeded ${SIZES.reduce((a, b) => a + b)} customer cards in ${SIZES.length} groups in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
await deps.sql`vacuum analyze contact_cards`;

const token = await tokenOf(deps, viewer);
const timed = (label: string, paths: string[], target: number) => timedGets(app, token, label, paths, target, SAMPLES);

const pages = (g: number, size: number) => Array.from({ length: 12 }, (_, i) => `/api/customer/card?groupId=${g}&page=${(i * 7919) % Math.ceil(size / 20)}`);
await timed("customer list page (groups of 40,000 and 20,000 cards, pages spread over them)", [...pages(groupIds[0], SIZES[0]), ...pages(groupIds[1], SIZES[1])], 20);
await timed("customer consonant tab (largest group)", ["ㄱ", "ㅂ", "ㅎ", "ㅇ", "C"].flatMap((c) => [
  `/api/customer/card?groupId=${groupIds[0]}&consonant=${encodeURIComponent(c)}`, `/api/customer/card?groupId=${groupIds[0]}&consonant=${encodeURIComponent(c)}&page=3`,
]), 20);
await timed("customer search across all groups (initials, name, company, e-mail)",
  ["ㄱㅁ", "민수", "한빛", "c3x1"].map((q) => `/api/customer/card/search?keyword=${encodeURIComponent(q)}`), 1000);
await timed("compose autocomplete over contacts, customers and colleagues",
  ["김", "민수", "ㄱㅁ", "c2x", "client", "박서"].map((q) => `/api/autocomplete/email?query=${encodeURIComponent(q)}&pageSize=10`), 30);

await bench.close();
Deno.exit(0);
