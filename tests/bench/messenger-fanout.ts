// Messenger fan-out benchmark (issue 31; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/messenger-fanout.ts [members=500] [messages=40]
// One server instance (Hono app + hub + LISTEN/NOTIFY bridge) on loopback, on DATABASE_URL or an embedded
// PostgreSQL in a temp folder. A CHANNEL of `members` people; each has one websocket (own access token, own
// session) subscribed to the room's topic (the SUBSCRIBE's membership check included). The clients run in a
// Worker (own thread and event loop) of the same process. One member POSTs `messages` messages over HTTP, 100 ms
// apart; delay = a client's receipt of the MESSAGE_NEW frame WITH the message (payload) - the start of the POST
// (absolute clock, matched by clientId). Target: p99 < 100 ms.
import { sql as dsql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { buildApp } from "../../server/app.ts";
import { openSession } from "../../server/modules/auth/sessions.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { startBridge } from "../../server/realtime/bridge.ts";
import { presenceSettled } from "../../server/modules/messenger/presence.ts";
import { messengerRoomTopic } from "../../shared/messenger/constants.ts";
import { type BenchEnv, runBench, stats } from "./support.ts";

const WORKER_NAME = "messenger-fanout-clients";
const now = () => performance.timeOrigin + performance.now();

type Msg = { cmd: "open"; url: string; tokens: string[]; topic: string } | { cmd: "collect" };

if ((globalThis as { name?: string }).name === WORKER_NAME) {
  const sockets: WebSocket[] = [];
  const got: [string, number, number][] = [];
  let subscribed = 0;
  const post = (m: unknown) => (self as unknown as Worker).postMessage(m);
  const openOne = (url: string, token: string, topic: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const s = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } } as unknown as string[]);
      s.onopen = () => {
        s.send(JSON.stringify({ type: "SUBSCRIBE", topic }));
        resolve(s);
      };
      s.onerror = (e) => reject(new Error((e as ErrorEvent).message || "error"));
      s.onmessage = (e) => {
        const f = JSON.parse(String(e.data));
        if (f.type === "MESSAGE" && f.event === "MESSAGE_NEW" && f.payload?.clientId) got.push([f.payload.clientId, now(), f.payload.id]);
        if (f.type === "ERROR") post({ error: f });
      };
    });
  self.onmessage = async (e: MessageEvent<Msg>) => {
    const m = e.data;
    if (m.cmd === "open") {
      for (let i = 0; i < m.tokens.length; i += 50) {
        const batch = await Promise.all(m.tokens.slice(i, i + 50).map((t) => openOne(m.url, t, m.topic)));
        sockets.push(...batch);
        subscribed += batch.length;
      }
      post({ opened: subscribed });
    } else {
      post({ got: got.splice(0) });
      for (const s of sockets) s.close();
    }
  };
} else {
  const [MEMBERS = 500, MESSAGES = 40] = Deno.args.map(Number);
  await runBench("messenger_fanout", (b) => run(b, MEMBERS, MESSAGES));
}

async function run(bench: BenchEnv, members: number, messages: number) {
  const { database, deps, url } = bench;
  const bridge = await startBridge(deps.realtime, url, database.sql, deps.log);
  const app = buildApp({ ...deps, webDir: null });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  const base = `http://127.0.0.1:${server.addr.port}`;

  const domain = `msgbench${Date.now()}.test`;
  const { admin } = await createCompanyWithAdmin(deps, { name: "Bench", domain, admin: { loginId: "boss", name: "김대표", password: "Passw0rd!" } });
  const [adminRow] = await deps.db.select().from(users).where(dsql`${users.id} = ${admin.id}`);
  const people = await deps.db.insert(users).values(Array.from({ length: members - 1 }, (_, i) => ({
    companyId: adminRow.companyId, username: `user${i}@${domain}`, accountName: `사원${i}`, displayName: `사원${i}`,
    totalQuota: 10 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  }))).returning({ id: users.id, username: users.username });
  const everyone = [{ id: admin.id, username: admin.username }, ...people];
  const tokens: string[] = [];
  for (const u of everyone) {
    tokens.push((await openSession(deps, { id: u.id, companyId: adminRow.companyId, username: u.username }, { ip: "127.0.0.1", userAgent: "bench" })).access_token);
  }
  const auth = { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json" };
  const created = await fetch(`${base}/api/messenger/rooms`, {
    method: "POST", headers: auth, body: JSON.stringify({ kind: "CHANNEL", name: "전체", visibility: "PUBLIC", userIds: people.slice(0, 199).map((p) => p.id) }),
  });
  const room = await created.json();
  // The rest in calls of at most INVITE_MAX.
  for (let i = 199; i < people.length; i += 200) {
    const r = await fetch(`${base}/api/messenger/rooms/${room.id}/members`, { method: "POST", headers: auth, body: JSON.stringify({ userIds: people.slice(i, i + 200).map((p) => p.id) }) });
    if (r.status !== 200) throw new Error(`members: ${r.status} ${await r.text()}`);
    await r.body?.cancel();
  }
  const topic = messengerRoomTopic(room.id);

  const worker = new Worker(import.meta.url, { type: "module", name: WORKER_NAME });
  const ask = <T>(m: Msg) =>
    new Promise<T>((resolve) => {
      worker.onmessage = (e) => {
        if ((e.data as { error?: unknown }).error) console.error("client error", e.data);
        else resolve(e.data as T);
      };
      worker.postMessage(m);
    });
  const t0 = performance.now();
  await ask({ cmd: "open", url: `ws://127.0.0.1:${server.addr.port}/ws`, tokens, topic });
  while (deps.realtime.hub.subscriberCount(topic) < members) await new Promise((r) => setTimeout(r, 20));
  console.log(`${members} members, ${members} sockets subscribed to the room in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // When the send's transaction had committed and the server published MESSAGE_NEW (before NOTIFY), by message id.
  const publishedAt = new Map<number, number>();
  const publish = deps.realtime.publish.bind(deps.realtime);
  deps.realtime.publish = (topic, ev, data) => {
    if (ev === "MESSAGE_NEW") publishedAt.set(Number(data?.messageId), now());
    return publish(topic, ev, data);
  };
  const sentAt = new Map<string, number>();
  const postMs: number[] = [];
  for (let i = 0; i < messages; i++) {
    const clientId = `b${i}`;
    const start = now();
    sentAt.set(clientId, start);
    const r = await fetch(`${base}/api/messenger/rooms/${room.id}/messages`, { method: "POST", headers: auth, body: JSON.stringify({ text: `공지 ${i}: 오늘 회의는 3시입니다`, clientId }) });
    if (r.status !== 201) throw new Error(`send: ${r.status} ${await r.text()}`);
    await r.body?.cancel();
    postMs.push(now() - start);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const got = (await ask<{ got: [string, number, number][] }>({ cmd: "collect" })).got;
  const warm = (id: string) => Number(id.slice(1)) >= 5;
  const delays = got.map(([id, at]) => at - sentAt.get(id)!);
  const lastPer = new Map<string, number>();
  for (const [id, at] of got) lastPer.set(id, Math.max(lastPer.get(id) ?? 0, at - sentAt.get(id)!));
  const fmt = (xs: number[]) => {
    const s = stats(xs);
    return `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
  };
  console.log(`deliveries: ${got.length} of ${messages * members} expected`);
  console.log(`POST send answered: ${fmt(postMs)}`);
  console.log(`POST start → each client has the message: ${fmt(delays)} (target p99 < 100 ms: ${stats(delays).p99 < 100 ? "met" : "NOT met"})`);
  console.log(`  without the first 5 messages (warm-up): ${fmt(got.filter(([id]) => warm(id)).map(([id, at]) => at - sentAt.get(id)!))}`);
  console.log(`POST start → the last of the ${members} has it, per message: ${fmt([...lastPer.values()])}`);
  console.log(`commit and publish → each client has it (NOTIFY, the hydrator's load, 500 sends): ${fmt(got.map(([, at, id]) => at - publishedAt.get(id)!))}`);

  worker.terminate();
  deps.realtime.hub.closeAll();
  await server.shutdown();
  await presenceSettled(deps); // the sockets' presence rows, before the database goes
  await bridge.close();
}
