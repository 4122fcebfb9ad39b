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
import { buildApp } from "../../server/app.ts";
import { openBench, stats } from "./support.ts";
import { call, day, seedCalendarCompany, tokenOf } from "./calendar-seed.ts";

const [EVENTS = 20_000, SERIES = 500, SAMPLES = 300] = Deno.args.map(Number);

const bench = await openBench("calendar", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });

const { viewer, calendarIds } = await seedCalendarCompany(deps, app, EVENTS, SERIES);
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

const token = await tokenOf(deps, viewer);
let items = 0;
for (let i = 0; i < 24; i++) items += (await call<unknown[]>(app, token, "GET", pathOf(i))).length; // warm-up
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
