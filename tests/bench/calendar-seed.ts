// The calendar benchmarks' company (tests/bench/calendar-month.ts, calendar-browser.ts): 200 users; the viewer
// sees 30 calendars: their DEFAULT, 9 PRIVATE calendars of their own and 20 colleagues' PUBLIC calendars they
// subscribed to. Those hold `events` events over 2026-2027, of which `series` are recurring series (weekly on two
// days without end, daily with a count, monthly on the 2nd Tuesday, yearly, every other day without end), all
// made through the API (POST /api/calendar/event) as the browser makes them. A database kept in BENCH_DIR is
// reused (seeding is skipped when the viewer is there).
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import type { buildApp } from "../../server/app.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { stats } from "./support.ts";

export const PASSWORD = "Passw0rd!";
export const DOMAIN = "cal-bench.test";

type App = ReturnType<typeof buildApp>;

export async function tokenOf(deps: AppDeps, username: string): Promise<string> {
  const t = await passwordGrant(deps, { username, password: PASSWORD }, { ip: "127.0.0.1", userAgent: "bench" });
  return t.access_token;
}

export async function call<T>(app: App, token: string, method: string, path: string, json?: unknown, want = [200, 201]): Promise<T> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!want.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Times `samples` GETs through the whole app, cycling over `paths` after 20 warm-up calls, and prints the
 * percentiles against the p95 target. `describe` adds to the line from the answers to the first round of paths.
 */
export async function timedGets(app: App, token: string, label: string, paths: string[], target: number, samples: number,
  describe?: (bodies: Uint8Array[]) => string, request?: { init: RequestInit; status: number }) {
  const init: RequestInit = request?.init ?? { headers: { authorization: `Bearer ${token}` } };
  const send = async (path: string) => {
    const res = await app.request(path, init);
    const body = new Uint8Array(await res.arrayBuffer());
    const expected = request?.status ?? 200;
    if (res.status !== expected) {
      throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
    }
    return body;
  };
  for (const p of paths.slice(0, 20)) await send(p); // warm-up
  const times: number[] = [];
  const first: Uint8Array[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const path = paths[i % paths.length];
    const t = performance.now();
    const body = await send(path);
    times.push(performance.now() - t);
    bytes += body.byteLength;
    if (i < paths.length) first.push(body);
  }
  const s = stats(times);
  console.log(`${label}: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms` +
    `  (target p95 < ${target} ms: ${s.p95 < target ? "met" : "NOT met"}; ${samples} calls, ${(bytes / samples / 1024).toFixed(1)} KB` +
    `${describe ? `, ${describe(first)}` : ""})`);
}

/** A small deterministic random source, so every run seeds the same events. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const pad = (n: number) => String(n).padStart(2, "0");
export const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Seeds the company (or finds it seeded): the viewer's address and the ids of the calendars they see. */
export async function seedCalendarCompany(
  deps: AppDeps, app: App, EVENTS: number, SERIES: number,
): Promise<{ viewer: string; calendarIds: number[] }> {
  const viewer = `viewer@${DOMAIN}`;
  const [existing] = await deps.db.select().from(users).where(eq(users.username, viewer));
  if (existing) {
    const token = await tokenOf(deps, viewer);
    const list = await call<{ id: number }[]>(app, token, "GET", "/api/calendar/find");
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
  const viewerToken = await tokenOf(deps, viewer);
  const calendars: { id: number; token: string }[] = [];
  const own = await call<{ id: number; type: string }[]>(app, viewerToken, "GET", "/api/calendar/find");
  calendars.push({ id: own.find((c) => c.type === "DEFAULT")!.id, token: viewerToken });
  for (let i = 0; i < 9; i++) {
    const c = await call<{ id: number }>(app, viewerToken, "POST", "/api/calendar/add", { title: `내 일정 ${i}`, type: "PRIVATE" });
    calendars.push({ id: c.id, token: viewerToken });
  }
  for (let i = 0; i < 20; i++) {
    const token = await tokenOf(deps, colleagues[i]);
    const c = await call<{ id: number }>(app, token, "POST", "/api/calendar/add", { title: `팀 일정 ${i}`, type: "PUBLIC" });
    await call(app, viewerToken, "POST", "/api/calendar/subscribe", { calendarId: c.id });
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
    return call(app, cal.token, "POST", "/api/calendar/event", body);
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
