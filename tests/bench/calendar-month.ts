// Calendar month-query benchmark (issue 23; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/calendar-month.ts [events=20000] [series=500] [samples=300]
// A company of 200 users. The measured user sees 30 calendars: their DEFAULT, 9 PRIVATE calendars of their own
// and 20 colleagues' PUBLIC calendars they subscribed to. Those hold `events` events over 2026-2027, of which
// `series` are recurring series (weekly on two days without end, daily with a count, monthly on the 2nd Tuesday,
// yearly, every other day without end), all made through the API (POST /api/calendar/event) as the browser
// makes them. Then GET /api/calendar/event for a month view's range (the six weeks the month grid shows, all
// 30 calendars) is timed in-process through the whole app (routing, auth, the queries, expansion, JSON), the
// server time the target (p95 under 50 ms) is about, for every month of the two years in turn.
// BENCH_DIR keeps the seeded database for the next run (seeding is skipped when it is there).
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { openBench, stats } from "./support.ts";

const [EVENTS = 20_000, SERIES = 500, SAMPLES = 300] = Deno.args.map(Number);
const PASSWORD = "Passw0rd!";
const DOMAIN = "cal-bench.test";

const bench = await openBench("calendar", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });

async function tokenOf(username: string): Promise<string> {
  const t = await passwordGrant(deps, { username, password: PASSWORD }, { ip: "127.0.0.1", userAgent: "bench" });
  return t.access_token;
}

async function call<T>(token: string, method: string, path: string, json?: unknown, want = [200, 201]): Promise<T> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!want.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A small deterministic random source, so every run seeds the same events. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const pad = (n: number) => String(n).padStart(2, "0");
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

async function seed(): Promise<{ viewer: string; calendarIds: number[] }> {
  const viewer = `viewer@${DOMAIN}`;
  const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
  if (existing) {
    const token = await tokenOf(viewer);
    const list = await call<{ id: number }[]>(token, "GET", "/api/calendar/find");
    console.log(`seeded database kept from an earlier run: ${list.length} calendars in the viewer's tree`);
    return { viewer, calendarIds: list.map((c) => c.id) };
  }
  const t0 = performance.now();
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Calendar bench", domain: DOMAIN, admin: { loginId: "viewer", name: "Viewer", password: PASSWORD },
  });
  const [adminRow] = await deps.db.select().from(users).where(eq(users.id, admin.id));
  const colleagues = Array.from({ length: 199 }, (_, i) => `user${i}@${DOMAIN}`);
  await deps.db.insert(users).values(colleagues.map((username, i) => ({
    companyId: adminRow.companyId, username, accountName: username, displayName: `동료 ${i}`,
    totalQuota: adminRow.totalQuota, passwordHash: adminRow.passwordHash,
  })));
  const viewerToken = await tokenOf(viewer);
  const calendars: { id: number; token: string }[] = [];
  const own = await call<{ id: number; type: string }[]>(viewerToken, "GET", "/api/calendar/find");
  calendars.push({ id: own.find((c) => c.type === "DEFAULT")!.id, token: viewerToken });
  for (let i = 0; i < 9; i++) {
    const c = await call<{ id: number }>(viewerToken, "POST", "/api/calendar/add", { title: `내 일정 ${i}`, type: "PRIVATE" });
    calendars.push({ id: c.id, token: viewerToken });
  }
  for (let i = 0; i < 20; i++) {
    const token = await tokenOf(colleagues[i]);
    const c = await call<{ id: number }>(token, "POST", "/api/calendar/add", { title: `팀 일정 ${i}`, type: "PUBLIC" });
    await call(viewerToken, "POST", "/api/calendar/subscribe", { calendarId: c.id });
    calendars.push({ id: c.id, token });
  }
  const random = rng(42);
  const rules = [
    { freq: "WEEKLY", byDay: ["MO", "WE"] },
    { freq: "DAILY", count: 30 },
    { freq: "MONTHLY", byDay: ["2TU"] },
    { freq: "YEARLY" },
    { freq: "DAILY", interval: 2 },
  ];
  const base = Date.UTC(2026, 0, 1);
  const jobs = Array.from({ length: EVENTS }, (_, i) => () => {
    const cal = calendars[Math.floor(random() * calendars.length)];
    const start = new Date(base + Math.floor(random() * 730) * 86_400_000);
    const hour = 8 + Math.floor(random() * 10);
    const allDay = random() < 0.1;
    const body: Record<string, unknown> = {
      calendarId: cal.id,
      summary: `${["주간 회의", "고객 미팅", "Project review", "출장", "교육"][i % 5]} ${i}`,
      isAllDay: allDay,
      dtStart: allDay ? day(start) : `${day(start)}T${pad(hour)}:00`,
      dtEnd: allDay ? day(start) : `${day(start)}T${pad(hour + 1)}:${random() < 0.5 ? "00" : "30"}`,
      location: i % 3 ? "" : "회의실 A",
      recurrence: i < SERIES ? rules[i % rules.length] : null,
    };
    return call(cal.token, "POST", "/api/calendar/event", body);
  });
  // Four at a time, as several people would.
  let next = 0;
  let done = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < jobs.length) {
      await jobs[next++]();
      if (++done % 2000 === 0) console.log(`  seeded ${done} events`);
    }
  }));
  console.log(`seeded ${EVENTS} events (${SERIES} series) in 30 calendars in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { viewer, calendarIds: calendars.map((c) => c.id) };
}

const { viewer, calendarIds } = await seed();
await deps.sql`analyze`;

// The month grid's range: from the Sunday on or before the 1st, six weeks.
function gridOf(year: number, month: number): { dtStart: string; dtEnd: string } {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const end = new Date(start.getTime() + 42 * 86_400_000);
  return { dtStart: day(start), dtEnd: day(end) };
}
const months = Array.from({ length: 24 }, (_, i) => gridOf(2026 + Math.floor(i / 12), i % 12));
const pathOf = (i: number) => {
  const p = new URLSearchParams(months[i % months.length]);
  for (const id of calendarIds) p.append("calendars[]", String(id));
  return `/api/calendar/event?${p}`;
};

const token = await tokenOf(viewer);
let items = 0;
for (let i = 0; i < 24; i++) items += (await call<unknown[]>(token, "GET", pathOf(i))).length; // warm-up
console.log(`month grids answer ${(items / 24).toFixed(0)} items on average (six weeks, 30 calendars)`);
// Timed: the request through the app until the whole answer's bytes are read (not parsed: that is the client's).
const times: number[] = [];
let bytes = 0;
for (let i = 0; i < SAMPLES; i++) {
  const t = performance.now();
  const res = await app.request(pathOf(i), { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  times.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`GET ${pathOf(i)} answered ${res.status}`);
  bytes += body.byteLength;
}
console.log(`answers of ${(bytes / SAMPLES / 1024).toFixed(0)} KB on average`);
const s = stats(times);
console.log(`GET /api/calendar/event, month grid of 30 calendars: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  ` +
  `p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms (${SAMPLES} calls, each of the 24 months in turn)`);

await bench.close();
Deno.exit(0);
