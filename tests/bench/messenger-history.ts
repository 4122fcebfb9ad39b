// Messenger history benchmark (issue 31; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/messenger-history.ts [samples=300]
// A company of 51 people; a CHANNEL of all of them (made through the API) with 20,000 root messages and 2,000
// thread replies (on 200 roots), 5,000 reactions, 300 files and every member's read position spread over the
// history, written in bulk with SQL as the server writes them (search vectors included). The viewer is in 40
// more rooms of a few hundred messages each. Timed in-process through the whole app, as the server answers them
// (target: a history page under 20 ms p95 server time):
//   GET rooms/{r}/messages (the newest page of 50), ?before= a random id (an older page), messages/around/{m},
//   threads/{m} (a root with 10 replies), GET rooms (41 rooms with their unread and mention counts), and
//   GET search?keyword=회의 (a two-syllable Korean word).
import { buildApp } from "../../server/app.ts";
import { users } from "../../db/schema/index.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { messageVector, pageIds } from "../../server/modules/messenger/messages-repo.ts";
import { messagesStatement } from "../../server/modules/messenger/message-load.ts";
import { sql as dsql } from "drizzle-orm";
import { call, PASSWORD, timedGets, tokenOf } from "./calendar-seed.ts";
import { type BenchEnv, runBench } from "./support.ts";

const [SAMPLES = 300] = Deno.args.map(Number);
const MESSAGES = 20_000;
const PEOPLE = 50;

await runBench("messenger_history", run);

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function run(bench: BenchEnv) {
  const { deps } = bench;
  const sql = deps.sql;
  const app = buildApp({ ...deps, webDir: null });
  const rand = rng(7);
  const t0 = performance.now();
  const domain = `msghist${Date.now()}.test`;
  const { admin } = await createCompanyWithAdmin(deps, { name: "Bench", domain, admin: { loginId: "boss", name: "김대표", password: PASSWORD } });
  const [adminRow] = await sql<{ company_id: string; password_hash: string }[]>`select company_id, password_hash from users where id = ${admin.id}`;
  const c = Number(adminRow.company_id);
  const people = await deps.db.insert(users).values(Array.from({ length: PEOPLE }, (_, i) => ({
    companyId: c, username: `user${i}@${domain}`, accountName: `사원${i}`, displayName: `사원${i}`, totalQuota: 10 * 1024 ** 3,
    passwordHash: adminRow.password_hash,
  }))).returning({ id: users.id });
  const token = await tokenOf(deps, admin.username);
  const room = await call<{ id: number }>(app, token, "POST", "/api/messenger/rooms", {
    kind: "CHANNEL", name: "전체", visibility: "PUBLIC", userIds: people.map((p) => p.id),
  });
  const senders = [admin.id, ...people.map((p) => p.id)];
  const words = ["회의", "일정", "보고서", "출시", "점심", "확인 부탁드립니다", "고객 미팅", "3분기 실적", "디자인 시안", "배포 완료"];
  const text = (i: number) => `${words[i % words.length]} ${i}번 메시지: ${words[(i * 7) % words.length]} 관련 내용 공유합니다`;
  const start = Date.now() - MESSAGES * 60_000;
  const insert = async (roomId: number, n: number, from: number, parent: (i: number) => number | null = () => null) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 2000) {
      const rows = Array.from({ length: Math.min(2000, n - i) }, (_, k) => {
        const j = from + i + k;
        const t = text(j);
        return {
          company_id: c, room_id: roomId, sender_id: senders[Math.floor(rand() * senders.length)], kind: "TEXT", text: t, parent_id: parent(j),
          search_vector: messageVector(t), created_at: new Date(start + j * 60_000).toISOString(),
        };
      });
      ids.push(...(await sql<{ id: string }[]>`insert into messenger_messages ${sql(rows)} returning id`).map((r) => Number(r.id)));
    }
    return ids;
  };
  const ids = await insert(room.id, MESSAGES, 0);
  const roots = ids.filter((_, i) => i % 100 === 50);
  const replies = await insert(room.id, roots.length * 10, MESSAGES, (j) => roots[Math.floor((j - MESSAGES) / 10)]);
  await sql`update messenger_messages m set reply_count = 10, last_reply_at = created_at where id = any(${roots})`;
  const last = ids.at(-1)!;
  await sql`update messenger_rooms set last_message_id = ${last}, last_message_at = now() where id = ${room.id}`;
  const reactions = new Map<string, { message_id: number; user_id: number; emoji: string; company_id: number; created_at: string }>();
  while (reactions.size < 5000) {
    const m = ids[Math.floor(rand() * ids.length)];
    const u = senders[Math.floor(rand() * senders.length)];
    const e = ["👍", "🎉", "😂", "✅"][Math.floor(rand() * 4)];
    reactions.set(`${m}:${u}:${e}`, { message_id: m, user_id: u, emoji: e, company_id: c, created_at: new Date().toISOString() });
  }
  await sql`insert into messenger_reactions ${sql([...reactions.values()])}`;
  await sql`insert into messenger_files (company_id, room_id, message_id, uploader_id, name, size, content_type, blob_key, created_at)
    select ${c}, ${room.id}, id, sender_id, '자료 ' || id || '.pdf', 1000, 'application/pdf', 'k' || id, created_at
      from messenger_messages where room_id = ${room.id} and id % 67 = 0 and parent_id is null`;
  // Read positions spread over the history (the newest page has many different unread counts).
  await sql`update messenger_members set last_read_id = ${ids[MESSAGES - 200]} + (hashtext(user_id::text) & 255) where room_id = ${room.id}`;
  // 40 more rooms of the viewer, 300 messages each, unread for them.
  for (let r = 0; r < 40; r++) {
    const g = await call<{ id: number }>(app, token, "POST", "/api/messenger/rooms", { kind: "GROUP", name: `팀 ${r}`, userIds: people.slice(r, r + 5).map((p) => p.id) });
    const gi = await insert(g.id, 300, r * 300);
    await sql`update messenger_rooms set last_message_id = ${gi.at(-1)!}, last_message_at = now() where id = ${g.id}`;
    await sql`update messenger_messages set sender_id = ${people[r].id} where room_id = ${g.id}`;
  }
  for (const t of ["messenger_messages", "messenger_members", "messenger_rooms", "messenger_reactions", "messenger_files"]) await sql`vacuum analyze ${sql(t)}`;
  console.log(`seeded ${MESSAGES} root messages and ${replies.length} replies in a channel of ${PEOPLE + 1}, 40 more rooms, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The database's own time for the newest page's statement (ids and messages), apart from the machine's load.
  const plan = await deps.db.execute<{ "QUERY PLAN": string }>(dsql`explain (analyze, buffers) ${messagesStatement(c, pageIds(room.id, { limit: 51 }))}`);
  console.log(`newest page statement: ${plan.map((r) => r["QUERY PLAN"]).filter((l) => /Execution Time|Planning Time/.test(l)).join("; ")}`);
  const R = `/api/messenger/rooms/${room.id}`;
  const pick = (n: number, f: () => string) => Array.from({ length: n }, f);
  const randomId = () => ids[100 + Math.floor(rand() * (ids.length - 100))];
  await timedGets(app, token, "history, newest page (50)", [`${R}/messages`], 20, SAMPLES);
  await timedGets(app, token, "history, an older page (before=)", pick(50, () => `${R}/messages?before=${randomId()}`), 20, SAMPLES);
  await timedGets(app, token, "history, around a message", pick(50, () => `${R}/messages/around/${randomId()}`), 20, SAMPLES);
  await timedGets(app, token, "a thread (root + 10 replies)", roots.slice(0, 50).map((r) => `${R}/threads/${r}`), 20, SAMPLES);
  await timedGets(app, token, "GET rooms (41 rooms, unread counts)", ["/api/messenger/rooms"], 30, SAMPLES);
  await timedGets(app, token, "search 회의 (page 1)", [`/api/messenger/search?keyword=${encodeURIComponent("회의")}`], 100, Math.min(SAMPLES, 100));
}
