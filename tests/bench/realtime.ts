// Realtime benchmark (not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/realtime.ts [maxSockets=5000] [subscribers=1000] [events=50]
// One server instance (Hono app + hub + LISTEN/NOTIFY bridge) on loopback, on DATABASE_URL or an embedded
// PostgreSQL in a temp folder. The websocket clients run in a Worker (own thread and event loop) of the same
// process, so they do not share the server's loop; every socket uses 2 file descriptors of this process.
// 1. Idle sockets: opens authenticated sockets in batches of 100 until maxSockets or the first failures.
// 2. Fan-out: 1,000 of them subscribe to the user's mail topic; `events` NEW_MAIL events are published
//    server-side, 200 ms apart, through NOTIFY; delay = receipt in the client - publish call (absolute clock).
import { openBench } from "./support.ts";
import { buildApp } from "../../server/app.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { startBridge } from "../../server/realtime/bridge.ts";
import { mailTopic } from "../../shared/realtime.ts";

const WORKER_NAME = "realtime-bench-clients";
const now = () => performance.timeOrigin + performance.now();

type Msg = { cmd: "open"; url: string; token: string; count: number } | { cmd: "subscribe"; topic: string; count: number } | {
  cmd: "collect";
};

if ((globalThis as { name?: string }).name === WORKER_NAME) {
  // ---- the clients (Worker) ----
  const sockets: WebSocket[] = [];
  const delays: [number, number][] = [];
  const post = (m: unknown) => (self as unknown as Worker).postMessage(m);
  const openOne = (url: string, token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const s = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } } as unknown as string[]);
      s.onopen = () => resolve(s);
      s.onerror = (e) => reject(new Error((e as ErrorEvent).message || "error"));
      s.onmessage = (e) => {
        const f = JSON.parse(String(e.data));
        if (f.type === "MESSAGE") delays.push([f.data.mailId, now() - f.data.t]);
      };
    });
  self.onmessage = async (e: MessageEvent<Msg>) => {
    const m = e.data;
    if (m.cmd === "open") {
      const t0 = performance.now();
      const r = await Promise.allSettled(Array.from({ length: m.count }, () => openOne(m.url, m.token)));
      const ok = r.flatMap((x) => (x.status === "fulfilled" ? [x.value] : []));
      sockets.push(...ok);
      const err = r.find((x) => x.status === "rejected") as PromiseRejectedResult | undefined;
      post({ opened: ok.length, failed: r.length - ok.length, error: err ? String(err.reason) : null, ms: performance.now() - t0 });
    } else if (m.cmd === "subscribe") {
      for (const s of sockets.slice(0, m.count)) s.send(JSON.stringify({ type: "SUBSCRIBE", topic: m.topic }));
      post({ ok: true });
    } else {
      post({ delays: delays.splice(0) });
      for (const s of sockets) s.close();
    }
  };
} else {
  await main();
}

async function main() {
  const [maxSockets = 5000, subscribers = 1000, events = 50] = Deno.args.map(Number);
  const fdLimit = new TextDecoder().decode((await new Deno.Command("sh", { args: ["-c", "ulimit -n"] }).output()).stdout).trim();
  console.log(`open-file limit (ulimit -n): ${fdLimit}; each socket costs 2 descriptors here (client + server end)`);

  // A database of its own (dropped at the end) on DATABASE_URL's server, or on an embedded one.
  const bench = await openBench("realtime");
  const { database, deps, url } = bench;
  const bridge = await startBridge(deps.realtime, url, database.sql, deps.log);
  const app = buildApp({ ...deps, webDir: null });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  const wsUrl = `ws://127.0.0.1:${server.addr.port}/ws`;

  const domain = `bench${Date.now()}.test`;
  const { admin } = await createCompanyWithAdmin(deps, {
    name: "Bench",
    domain,
    admin: { loginId: "bench", name: "Bench", password: "Passw0rd!" },
  });
  const tokens = await passwordGrant(deps, { username: admin.username, password: "Passw0rd!" }, { ip: "127.0.0.1", userAgent: "bench" });

  const worker = new Worker(import.meta.url, { type: "module", name: WORKER_NAME });
  const ask = <T>(m: Msg) =>
    new Promise<T>((resolve) => {
      worker.onmessage = (e) => resolve(e.data as T);
      worker.postMessage(m);
    });

  // 1. idle sockets
  const heap0 = Deno.memoryUsage();
  let held = 0;
  let stopReason = `reached ${maxSockets}`;
  const t0 = performance.now();
  while (held < maxSockets) {
    const r = await ask<{ opened: number; failed: number; error: string | null; ms: number }>({
      cmd: "open",
      url: wsUrl,
      token: tokens.access_token,
      count: Math.min(100, maxSockets - held),
    });
    held += r.opened;
    if (r.failed > 0) {
      stopReason = `${r.failed} failed at ${held}: ${r.error}`;
      break;
    }
  }
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 1000));
  const heap1 = Deno.memoryUsage();
  console.log(`\nidle sockets held: ${held} (${stopReason}); hub size ${deps.realtime.hub.size}`);
  console.log(`opened in ${(openMs / 1000).toFixed(1)} s (${(held / (openMs / 1000)).toFixed(0)} sockets/s, each with a session check)`);
  console.log(`server isolate heap: +${((heap1.heapUsed - heap0.heapUsed) / 1024 / 1024).toFixed(1)} MB ` +
    `(${((heap1.heapUsed - heap0.heapUsed) / held / 1024).toFixed(1)} KB/socket); process RSS ${(heap1.rss / 1024 / 1024).toFixed(0)} MB ` +
    `(from ${(heap0.rss / 1024 / 1024).toFixed(0)} MB, clients included)`);

  // 2. fan-out
  const n = Math.min(subscribers, held);
  const topic = mailTopic(admin.username);
  await ask({ cmd: "subscribe", topic, count: n });
  while (deps.realtime.hub.subscriberCount(topic) < n) await new Promise((r) => setTimeout(r, 20));
  for (let i = 0; i < events; i++) {
    await deps.realtime.publish(topic, "NEW_MAIL", { folderId: 1, mailId: i + 1, t: now() });
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const pairs = (await ask<{ delays: [number, number][] }>({ cmd: "collect" })).delays;
  const stats = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const pct = (p: number) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))].toFixed(1);
    return `p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${v[v.length - 1].toFixed(1)} ms`;
  };
  const lastPerEvent = new Map<number, number>();
  for (const [id, d] of pairs) lastPerEvent.set(id, Math.max(lastPerEvent.get(id) ?? 0, d));
  console.log(`\nfan-out: ${events} events x ${n} subscribers = ${pairs.length} deliveries (expected ${events * n})`);
  console.log(`delay publish → each client receipt: ${stats(pairs.map((p) => p[1]))}`);
  console.log(`delay publish → receipt by the last of the ${n}, per event: ${stats([...lastPerEvent.values()])}`);
  console.log(`the same without the first 5 events (warm-up): ${stats(pairs.filter((p) => p[0] > 5).map((p) => p[1]))}`);

  worker.terminate();
  deps.realtime.hub.closeAll();
  await server.shutdown();
  await bridge.close();
  await bench.close();
}
