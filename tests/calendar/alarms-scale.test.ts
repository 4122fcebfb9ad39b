// The alarm job at scale: with 20,000 planned event objects, finding the due ones is one range of the partial
// index on next_at (the plan says so), and a tick fires the 100 that are due, each once, without looking at the
// others. The times taken are printed for RESULTS-style notes (no timed assertion: the machine is shared).
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { calendarAlarmPlans } from "../../db/schema/index.ts";
import { runAlarmTick } from "../../server/modules/calendar/alarms/job.ts";
import { ADMIN_PASSWORD, createTestApp, login } from "../support/test-app.ts";
import { calendarApi, type Co, company, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co;
let cal = 0;
const FILLER = 20_000;
const DUE = 100;

beforeAll(async () => {
  A = await company(t, "cal-alarms-scale.test");
  cal = (await api.defaultCalendar(A.admin)).id;
});

test("20,000 plans: the due query walks the partial index; a tick fires the 100 due alarms once", async () => {
  t.clock.set(new Date("2027-02-01T00:00:00Z"));
  A.admin.token = (await login(t, A.admin.username, ADMIN_PASSWORD)).access_token; // signed in on the test's date
  // Filler: objects whose alarms are weeks to a year away (rows as the store writes them, planned by hand).
  await t.db.db.execute(sql`
    insert into calendar_events (company_id, calendar_id, uid, ical, etag, first_start, last_end, created_at, updated_at)
    select ${A.companyId}, ${cal}, 'filler-' || g, 'BEGIN:VCALENDAR' || chr(10) || 'END:VCALENDAR', md5(g::text),
      timestamptz '2027-03-01' + g * interval '25 minutes', timestamptz '2027-03-01' + g * interval '25 minutes' + interval '1 hour', now(), now()
    from generate_series(1, ${FILLER}) g`);
  await t.db.db.execute(sql`
    insert into calendar_alarm_plans (event_id, company_id, next_at, updated_at)
    select id, company_id, first_start - interval '10 minutes', now() from calendar_events where uid like 'filler-%'`);
  const created = performance.now();
  for (let i = 0; i < DUE; i++) {
    await api.createEvent(A.admin, timed(cal, `Due ${i}`, "2027-02-01T10:00", "2027-02-01T11:00", { alarms: [{ value: 15, unit: "MINUTES" }] }));
  }
  const perCreate = (performance.now() - created) / DUE;
  const series = performance.now();
  await api.createEvent(A.admin, timed(cal, "Every day", "2027-01-01T09:00", "2027-01-01T09:30", { recurrence: { freq: "DAILY" }, alarms: [{ value: 1, unit: "DAYS" }] }));
  const seriesCreate = performance.now() - series;
  await t.db.db.execute(sql`analyze calendar_alarm_plans`);

  const now = new Date("2027-02-01T00:45:30Z"); // 09:45:30 in Seoul
  const plan = await t.db.db.execute<{ "QUERY PLAN": string }>(sql`explain
    select * from calendar_alarm_plans where next_at is not null and next_at <= ${now.toISOString()}::timestamptz
    order by next_at limit 1 for update skip locked`);
  expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("calendar_alarm_plans_due_idx");

  t.clock.set(now);
  const started = performance.now();
  const result = await runAlarmTick(t.deps);
  const tickMs = performance.now() - started;
  expect(result).toMatchObject({ fired: DUE, notices: DUE, skipped: 0 }); // the series: its next alarm is tomorrow
  const again = await runAlarmTick(t.deps);
  expect(again.fired).toBe(0);
  const [{ count }] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(calendarAlarmPlans)
    .where(sql`next_at <= ${now.toISOString()}::timestamptz`);
  expect(count).toBe(0);
  console.log(`alarms at scale: ${FILLER} filler plans; create with an alarm ${perCreate.toFixed(1)} ms each; ` +
    `a daily series without end ${seriesCreate.toFixed(1)} ms; one tick firing ${DUE} alarms ${tickMs.toFixed(0)} ms ` +
    `(${(tickMs / DUE).toFixed(1)} ms an alarm)`);
});
