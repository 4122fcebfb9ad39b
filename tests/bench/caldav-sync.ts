// CalDAV sync-collection benchmark (issue 23: "a CalDAV sync-collection after one change under 30 ms"; not
// part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/caldav-sync.ts [events=5000] [samples=200]
// One user's DEFAULT calendar holding `events` events (one in ten a weekly series), written with the
// calendar's own store function as the API writes them. Each sample changes one event (a PUT over CalDAV,
// not timed), then times the REPORT sync-collection from the token before that change through the whole app
// in-process (routing, Basic sign-in with the remembered app password, the module switch, the calendar's
// access rules, the change log, the changed object's properties): the server time a phone's sync costs.
import { eq } from "drizzle-orm";
import { mailClientPasswords, users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import * as calendarRepo from "../../server/modules/calendar/calendars/repo.ts";
import { insertObject } from "../../server/modules/calendar/events/store.ts";
import { openBench, stats } from "./support.ts";

const [EVENTS = 5000, SAMPLES = 200] = Deno.args.map(Number);
const DOMAIN = "caldav-bench.test";
const APP_PASSWORD = "bench-app-password";

const bench = await openBench("caldav");
const { deps } = bench;
const app = buildApp({ ...deps, webDir: null });

const { admin } = await createCompanyWithAdmin(deps, {
  name: "CalDAV bench", domain: DOMAIN, admin: { loginId: "phone", name: "Phone", password: "Passw0rd!" },
});
const [user] = await deps.db.select().from(users).where(eq(users.id, admin.id));
await deps.db.insert(mailClientPasswords).values({ userId: user.id, companyId: user.companyId, hash: await hashPassword(APP_PASSWORD), updatedAt: new Date() });
const cal = await calendarRepo.ensureDefault(deps.db, user.companyId, user.id, "Phone", "#4a86e8", new Date());

const pad = (n: number) => String(n).padStart(2, "0");
function objectText(i: number, summary: string): string {
  const d = new Date(Date.UTC(2026, 0, 1) + (i % 730) * 86_400_000);
  const day = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const hour = 8 + (i % 10);
  return [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VEVENT", `UID:bench-${i}`, "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=Asia/Seoul:${day}T${pad(hour)}0000`, `DTEND;TZID=Asia/Seoul:${day}T${pad(hour + 1)}0000`,
    `SUMMARY:${summary}`, ...(i % 10 === 0 ? ["RRULE:FREQ=WEEKLY;COUNT=20"] : []), "END:VEVENT", "END:VCALENDAR", "",
  ].join("\r\n");
}

const t0 = performance.now();
for (let start = 0; start < EVENTS; start += 500) {
  await deps.db.transaction(async (tx) => {
    for (let i = start; i < Math.min(EVENTS, start + 500); i++) {
      await insertObject(tx, deps, { companyId: user.companyId, calendarId: cal.id, ownerUserId: user.id, text: objectText(i, `일정 ${i}`) });
    }
  });
}
console.log(`seeded ${EVENTS} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const auth = `Basic ${btoa(`${user.username}:${APP_PASSWORD}`)}`;
const path = `/dav/calendars/${user.username}/${cal.id}/`;
async function request(method: string, url: string, body: string, headers: Record<string, string> = {}) {
  const res = await app.request(url, { method, headers: { authorization: auth, ...headers }, body }, { remoteAddr: { hostname: "127.0.0.1" } });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}
const syncBody = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const tokenIn = (xml: string) => /<D:sync-token>([^<]+)<\/D:sync-token>/.exec(xml)![1];

// The initial sync (every object), once, and warm-up rounds.
let t1 = performance.now();
let token = tokenIn(await request("REPORT", path, syncBody("")));
console.log(`initial sync-collection of ${EVENTS} objects: ${(performance.now() - t1).toFixed(1)} ms`);
for (let i = 0; i < 10; i++) {
  await request("PUT", `${path}bench-${i}.ics`, objectText(i, `warm ${i}`), { "content-type": "text/calendar" });
  token = tokenIn(await request("REPORT", path, syncBody(token)));
}

const times: number[] = [];
for (let s = 0; s < SAMPLES; s++) {
  const i = Math.floor(Math.random() * EVENTS);
  await request("PUT", `${path}bench-${i}.ics`, objectText(i, `바뀐 일정 ${s}`), { "content-type": "text/calendar" });
  t1 = performance.now();
  const answer = await request("REPORT", path, syncBody(token));
  times.push(performance.now() - t1);
  if (!answer.includes(`bench-${i}.ics`)) throw new Error(`sample ${s}: the changed object is not listed`);
  token = tokenIn(answer);
}
const r = stats(times);
console.log(`sync-collection after one change, ${EVENTS} events, ${r.n} samples: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`);
await bench.close();
