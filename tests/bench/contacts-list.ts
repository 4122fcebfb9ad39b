// Private address book benchmark (issue 24; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/contacts-list.ts [cards=50000] [samples=300]
// A company of 50 users; the measured user's private book holds `cards` cards (85% Korean names, 15% Latin;
// one or two addresses, a phone, a company; 30 groups, most cards in one), and two colleagues hold 10,000
// cards each in the same table. Cards are added through the API (POST api/contact/card/all, 1,000 a call) as
// an import saves them. Then each call is timed in-process through the whole app (routing, auth, module
// flag, the queries, JSON): the server time the issue's targets are about (list page and consonant filter
// under 20 ms p95; compose autocomplete under 30 ms p95).
// BENCH_DIR keeps the seeded database for the next run (seeding is skipped when it is there).
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { call, timedGets, tokenOf } from "./calendar-seed.ts";
import { openBench } from "./support.ts";

const [CARDS = 50_000, SAMPLES = 300] = Deno.args.map(Number);
const DOMAIN = "contacts-bench.test";
const PASSWORD = "Passw0rd!";

const bench = await openBench("contacts", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });
type App = typeof app;

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const SURNAMES = [..."김이박최정강조윤장임한오서신권황안송류홍전고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형계피두감음빈동온호범좌팽승간상갈단견당화창"];
const SYLLABLES = [..."민수영희지훈서연현우하은도윤예준시우주원하준지호수빈유진은서재원성민동현승현정우태양진혁채원다은소연나래보람한결새롬슬기아름가람빛나"];
const LATIN = ["James", "Olivia", "Liam", "Emma", "Noah", "Ava", "Lucas", "Mia", "Ethan", "Sophia", "Mason", "Isabella", "Logan", "Amelia"];
const LATIN_LAST = ["Smith", "Johnson", "Brown", "Garcia", "Miller", "Davis", "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Martin"];
const COMPANIES = ["다우기술", "네이버", "카카오", "삼성전자", "LG전자", "현대자동차", "SK텔레콤", "쿠팡", "배달의민족", "토스", "Acme Corp", "Globex", "Initech", "Umbrella"];

function cardsFor(n: number, seed: number, groups: number[]) {
  const r = rng(seed);
  const pick = <T>(l: T[]) => l[Math.floor(r() * l.length)];
  return Array.from({ length: n }, (_, i) => {
    const latin = r() < 0.15;
    const name = latin ? `${pick(LATIN)} ${pick(LATIN_LAST)}` : `${pick(SURNAMES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    const local = `${latin ? name.toLowerCase().replace(" ", ".") : `user${seed}x${i}`}${i}`;
    const emails = [`${local}@${pick(["gmail.example", "naver.example", "daum.example", "company.example"])}`];
    if (r() < 0.3) emails.push(`${local}@work.example`);
    return {
      userName: name,
      emailList: emails,
      telList: [`010-${String(1000 + Math.floor(r() * 9000))}-${String(1000 + Math.floor(r() * 9000))}`],
      company: pick(COMPANIES),
      organ: r() < 0.5 ? pick(["영업팀", "개발팀", "인사팀", "재무팀", "Marketing"]) : "",
      position: r() < 0.5 ? pick(["사원", "대리", "과장", "차장", "부장"]) : "",
      contactGroupIdList: groups.length && r() < 0.8 ? [pick(groups)] : [],
    };
  });
}

const viewer = `viewer@${DOMAIN}`;
const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
let groupIds: number[];
if (existing) {
  const token = await tokenOf(deps, viewer);
  groupIds = (await call<{ id: number }[]>(app, token, "GET", "/api/contact/group/private")).map((g) => g.id);
  console.log("seeded database kept from an earlier run");
} else {
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Contacts bench", domain: DOMAIN, admin: { loginId: "viewer", name: "Viewer", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const colleagues = Array.from({ length: 49 }, (_, i) => `user${i}@${DOMAIN}`);
  await deps.db.insert(users).values(colleagues.map((username, i) => ({
    companyId: adminRow.companyId, username, accountName: `${SURNAMES[i % SURNAMES.length]}동료${i}`, displayName: `동료 ${i}`,
    totalQuota: adminRow.totalQuota, passwordHash: adminRow.passwordHash,
  })));
  const token = await tokenOf(deps, viewer);
  groupIds = [];
  for (let i = 0; i < 30; i++) groupIds.push((await call<{ id: number }>(app, token, "POST", "/api/contact/group", { groupName: `그룹 ${i}` })).id);
  const all = cardsFor(CARDS, 7, groupIds);
  for (let i = 0; i < all.length; i += 1000) await call(app, token, "POST", "/api/contact/card/all", { cardData: all.slice(i, i + 1000) });
  for (const [n, who] of [[1, colleagues[0]], [2, colleagues[1]]] as const) {
    const other = await tokenOf(deps, who);
    const cards = cardsFor(10_000, 100 + n, []);
    for (let i = 0; i < cards.length; i += 1000) await call(app, other, "POST", "/api/contact/card/all", { cardData: cards.slice(i, i + 1000) });
  }
  console.log(`seeded ${CARDS} cards (+20,000 of two colleagues) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
await deps.sql`vacuum analyze contact_cards`;
await deps.sql`analyze contact_card_groups`;

const token = await tokenOf(deps, viewer);
const timed = (label: string, paths: string[], target: number) =>
  timedGets(app, token, label, paths, target, SAMPLES, (bodies) => {
    const total = bodies.reduce((n, b) => n + (JSON.parse(new TextDecoder().decode(b)).totalElements ?? 0), 0);
    return `${(total / bodies.length).toFixed(0)} matches on average`;
  });

const pages = Math.ceil(CARDS / 20);
await timed("list page (all, name order, 20 a page, pages spread over the book)",
  Array.from({ length: 60 }, (_, i) => `/api/contact/card?page=${Math.floor((i * 7919) % pages)}`), 20);
await timed("list page of a group", groupIds.map((g, i) => `/api/contact/card?groupId=${g}&page=${i % 5}`), 20);
const tabs = ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ", "J", "O", "L", "E"];
await timed("consonant filter (14 Korean tabs and 4 Latin, first and later pages)",
  tabs.flatMap((c, i) => [`/api/contact/card?consonant=${encodeURIComponent(c)}`, `/api/contact/card?consonant=${encodeURIComponent(c)}&page=${1 + i % 10}`]), 20);
await timed("initials search ('ㄱㅁ'-style, two and three consonants)",
  ["ㄱㅁ", "ㅇㅈ", "ㅂㅅ", "ㄱㅁㅅ", "ㅎㅈㅇ", "ㅊㅎ"].map((q) => `/api/contact/card?searchWord=${encodeURIComponent(q)}`), 20);
await timed("search (two-syllable Korean, company, e-mail, phone digits)",
  ["민수", "지훈", "다우", "네이버", "gmail", "olivia", "010-12", "5678"].map((q) => `/api/contact/card?searchWord=${encodeURIComponent(q)}`), 20);
await timed("compose autocomplete (contacts and colleagues: a syllable, two, initials, Latin prefixes)",
  ["김", "민수", "ㄱㅁ", "이지", "ol", "jam", "user1", "박서", "ㅎㅈ", "smith"].map((q) => `/api/autocomplete/email?query=${encodeURIComponent(q)}&pageSize=10`), 30);
await timed("group tree with counts (GET api/contact/group)", ["/api/contact/group"], 1000);

await bench.close();
Deno.exit(0);
