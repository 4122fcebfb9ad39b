// A 100,000- or 1,000,000-message mailbox (not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/mailbox-100k.ts [mails=100000] [samples=300] [realistic]
// On DATABASE_URL's server or an embedded PostgreSQL in a temp folder (BENCH_DIR keeps it for the next run),
// the mailbox of tests/bench/mailbox-seed.ts: `realistic` mails (default: all, up to 100,000) built and filed
// one by one, the rest copies made in bulk SQL (so 1000000 with a kept 100,000 mailbox grows it in minutes).
// Then the server time of app.request() is measured for: a page of the inbox, opening a mail, the folder tree
// with its unread counts, and Korean and English searches. It signs in after seeding, again before each
// call's samples, and stops at the first answer that is not 200.
import { eq } from "drizzle-orm";
import { mailFolders } from "../../db/schema/mail.ts";
import { buildApp } from "../../server/app.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { openBench, stats } from "./support.ts";
import { BENCH_PASSWORD, BENCH_USER, seededMailbox } from "./mailbox-seed.ts";

const [TOTAL = 100_000, SAMPLES = 300, REALISTIC = Math.min(TOTAL, 100_000)] = Deno.args.map(Number);

async function main() {
  // BENCH_DIR keeps the seeded mailbox (embedded cluster, database and blobs) for the next run.
  const bench = await openBench("mailbox", { keepDir: Deno.env.get("BENCH_DIR") });
  const { deps } = bench;
  const app = buildApp({ ...deps, webDir: null });

  const { userId, sys, count } = await seededMailbox(deps, TOTAL, REALISTIC);
  const [{ n: hits }] = await deps.sql<{ n: number }[]>`
    select count(*)::int as n from mails m join mail_messages mm on mm.id = m.message_id
    where m.user_id = ${userId} and (mm.subject || ' ' || mm.text_body || ' ' || mm.from_name) like '%회의%'`;
  const [inbox] = await deps.db.select().from(mailFolders).where(eq(mailFolders.id, sys.INBOX));
  console.log(`mailbox: ${count} mails; inbox ${inbox.totalCount} (${inbox.newCount} unread); ` +
    `mails containing 회의 anywhere: ${hits}`);

  // ---- measuring ----
  const ids = (await deps.sql<{ id: number }[]>`select id from mails where user_id = ${userId} order by random() limit ${SAMPLES * 2}`)
    .map((r) => r.id);
  async function measure(name: string, path: (i: number) => string) {
    // A fresh sign-in for each call's samples (an access token lasts 15 minutes), outside the timings.
    const tokens = await passwordGrant(deps, { username: BENCH_USER, password: BENCH_PASSWORD }, { ip: "127.0.0.1", userAgent: "bench" });
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const ok = async (res: Response, p: string) => {
      if (res.status !== 200) throw new Error(`${name}: GET ${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 20; i++) await ok(await app.request(path(i), { headers }), path(i)); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const res = await app.request(path(i + 20), { headers });
      if (res.status !== 200) await ok(res, path(i + 20));
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    const s = stats(times);
    console.log(`${name.padEnd(44)} status 200  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  ` +
      `p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms`);
    return s;
  }
  await measure("list: inbox page 0 (20 rows)", () => `/api/mails?folderId=${sys.INBOX}&page=0`);
  await measure("list: inbox pages 0-9", (i) => `/api/mails?folderId=${sys.INBOX}&page=${i % 10}`);
  await measure("list: all (-1), page 0", () => `/api/mails?folderId=-1&page=0`);
  await measure("list: unread (-3), page 0", () => `/api/mails?folderId=-3&page=0`);
  await measure("open: view/{random id} (marks read)", (i) => `/api/mails/view/${ids[i % ids.length]}`);
  await measure("unread counts: GET /api/folders", () => `/api/folders`);
  await measure("search: query=회의 (two syllables), page 0", () => `/api/mails/search?query=${encodeURIComponent("회의")}`);
  await measure("search: query=계약서 (three syllables)", () => `/api/mails/search?query=${encodeURIComponent("계약서")}`);
  await measure("search: querySubject=견적 page 0", () => `/api/mails/search?querySubject=${encodeURIComponent("견적")}`);
  await measure("search: query=budget", () => `/api/mails/search?query=budget`);
  await measure("search: queryFrom=alice (an address)", () => `/api/mails/search?queryFrom=alice`);
  await measure("search: query=alice (every field)", () => `/api/mails/search?query=alice`);

  if (Deno.env.get("BENCH_EXPLAIN")) {
    const plan = await deps.sql.unsafe(`explain (analyze, buffers) ${Deno.env.get("BENCH_EXPLAIN")}`);
    console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  console.log(`load average: ${(await Deno.readTextFile("/proc/loadavg")).trim()}`);

  await bench.close();
}

await main();
