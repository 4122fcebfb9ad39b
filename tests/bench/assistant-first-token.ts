// The assistant's first-token latency (not part of the test suite; issue 31 target: the browser gets the first
// token within 50 ms of the provider's):
//   ./node_modules/.bin/deno run -A tests/bench/assistant-first-token.ts [runs=200] [warmup=20]
// Three event loops, as in real use: the model stand-in (tests/support/openai-standin.ts) in a Worker of its
// own (the provider), the server (Hono app on Deno.serve, loopback, its database on DATABASE_URL or an embedded
// PostgreSQL) on the main thread, and the client in another Worker (the browser). Each run the client POSTs a
// question to chats/{c}/streaming and reads the text/event-stream; the stand-in waits 20 ms (the server is then
// waiting on the model's stream, as with a real model), writes its first piece and notes when
// (performance.timeOrigin + performance.now(), one clock for all threads of the process); the client notes when
// the first "token" event arrived. Latency = client's time - stand-in's time, per run; runs one after another
// in one chat (its history grows to HISTORY_TURNS).
import { buildApp } from "../../server/app.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { startOpenAiStandin } from "../support/openai-standin.ts";
import { runBench, stats } from "./support.ts";

const STANDIN = "assistant-bench-standin";
const CLIENT = "assistant-bench-client";
const now = () => performance.timeOrigin + performance.now();
const name = (globalThis as { name?: string }).name;

if (name === STANDIN) {
  const model = await startOpenAiStandin({ apiKey: "sk-bench" });
  model.setRules([{ stream: false, reply: "Bench" }, { reply: ["first", " second", " third"], firstDelayMs: 20, delayMs: 2 }]);
  self.onmessage = (e: MessageEvent<string>) => {
    if (e.data === "collect") {
      const byQuestion = model.requests.filter((r) => r.body.stream).map((r) => ({
        q: String(r.body.messages.findLast((m) => m.role === "user")?.content ?? ""), at: r.firstChunkAt,
      }));
      (self as unknown as Worker).postMessage({ requests: byQuestion });
    }
  };
  (self as unknown as Worker).postMessage({ baseUrl: model.baseUrl, model: model.model });
} else if (name === CLIENT) {
  self.onmessage = async (e: MessageEvent<{ url: string; token: string; from: number; count: number }>) => {
    const { url, token, from, count } = e.data;
    const got: { q: string; at: number }[] = [];
    const dec = new TextDecoder();
    for (let i = from; i < from + count; i++) {
      const q = `run ${i}`;
      const res = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ message: q }) });
      const reader = res.body!.getReader();
      let buf = "";
      let first: number | null = null;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        if (first === null && buf.includes("event: token\n")) first = now();
        if (buf.includes("event: done\n")) {
          await reader.cancel();
          break;
        }
      }
      if (first === null) throw new Error(`no token in run ${i}: ${buf.slice(0, 300)}`);
      got.push({ q, at: first });
    }
    (self as unknown as Worker).postMessage({ got });
  };
} else {
  const [runs = 200, warmup = 20] = Deno.args.map(Number);
  await runBench("assistant", async ({ deps }) => {
    const standin = new Worker(import.meta.url, { type: "module", name: STANDIN });
    const client = new Worker(import.meta.url, { type: "module", name: CLIENT });
    const next = <T>(w: Worker) => new Promise<T>((resolve) => w.onmessage = (e) => resolve(e.data as T));
    const model = await next<{ baseUrl: string; model: string }>(standin);

    const app = buildApp({ ...deps, webDir: null });
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const { admin } = await createCompanyWithAdmin(deps, { name: "Bench", domain: `bench${Date.now()}.test`, admin: { loginId: "bench", name: "Bench", password: "Passw0rd!" } });
    const { access_token: token } = await passwordGrant(deps, { username: admin.username, password: "Passw0rd!" }, { ip: "127.0.0.1", userAgent: "bench" });
    const call = async (method: string, path: string, json: unknown) => {
      const r = await fetch(`${origin}/api/assistants/${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(json) });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return await r.json();
    };
    await call("PUT", "provider", { baseUrl: model.baseUrl, model: model.model, apiKey: "sk-bench" });
    const chat = await call("POST", "chats", { title: "bench" });
    const url = `${origin}/api/assistants/chats/${chat.chatId}/streaming`;

    const t0 = performance.now();
    client.postMessage({ url, token, from: 0, count: warmup + runs });
    const { got } = await next<{ got: { q: string; at: number }[] }>(client);
    const wall = performance.now() - t0;
    standin.postMessage("collect");
    const { requests } = await next<{ requests: { q: string; at: number | null }[] }>(standin);
    const sent = new Map(requests.map((r) => [r.q, r.at]));
    const latencies = got.slice(warmup).map((g) => g.at - sent.get(g.q)!);
    const s = stats(latencies);
    const f = (x: number) => x.toFixed(2);
    console.log(`first token, stand-in's first piece written -> client's first "token" event (ms), ${s.n} runs after ${warmup} warm-up:`);
    console.log(`  p50 ${f(s.p50)}  p95 ${f(s.p95)}  p99 ${f(s.p99)}  max ${f(s.max)}  mean ${f(latencies.reduce((a, b) => a + b, 0) / latencies.length)}`);
    console.log(`  ${((warmup + runs) / (wall / 1000)).toFixed(1)} answers/s end to end (each: POST, 20 ms model wait, 3 pieces, done)`);
    client.terminate();
    standin.terminate();
    await server.shutdown();
  });
}
