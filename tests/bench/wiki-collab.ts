// Wiki live editing benchmark (issue 29; target: two editors typing 5 characters a second each see each other's
// text within 200 ms). Not part of the test suite:
//   ./node_modules/.bin/deno run -A tests/bench/wiki-collab.ts [seconds=30] [instances=1|2|both]
// The server runs as server/main.ts runs it (deps, LISTEN/NOTIFY bridge, Hono app, Deno.serve on loopback) on
// a fresh database of an embedded PostgreSQL (or DATABASE_URL's server); with 2, two such instances share the
// database and each editor is on its own. The two editors are y-websocket's stock WebsocketProvider with a
// Y.Doc each (as the browser), in a Worker (own thread and event loop, so they never queue behind the server).
// Each types one Hangul syllable every 200 ms into the same paragraph, the second 100 ms after the first, and
// moves its caret (awareness) with each.
// Latency of a keystroke = the moment the OTHER editor's Y.Doc holds it − the moment it was typed (one clock:
// both editors are in the worker). A keystroke is one Yjs clock tick of its editor's client, so the receiver
// reads from its state vector which of the sender's keystrokes it has.
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { buildApp } from "../../server/app.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { stopCollab } from "../../server/modules/wiki/collab/rooms.ts";
import { startBridge } from "../../server/realtime/bridge.ts";
import { connect } from "../../db/client.ts";
import { createDeps } from "../../server/deps.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { COLLAB_FIELD } from "../../shared/wiki/editor-schema.ts";
import { openBench, stats } from "./support.ts";

const WORKER_NAME = "wiki-collab-bench-editors";
const SYLLABLES = "가나다라마바사아자차카타파하한글입력회의록작성";

interface Run {
  urls: [string, string];
  docId: number;
  tokens: [string, string];
  seconds: number;
}

if ((globalThis as { name?: string }).name === WORKER_NAME) {
  self.onmessage = async (e: MessageEvent<Run>) => {
    (self as unknown as Worker).postMessage(await type(e.data));
  };
} else {
  await main();
}

/** The two editors (worker side): connect, type, measure. */
async function type(run: Run): Promise<{ latencies: number[][]; lost: number[]; same: boolean; length: number }> {
  const editors = run.urls.map((url, i) => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`${url.replace(/^http/, "ws")}/api/wiki/docs`, `${run.docId}/collab`, doc, {
      protocols: ["bearer", run.tokens[i]],
      disableBc: true,
    });
    return { doc, provider, typedAt: [] as number[], latencies: [] as number[] };
  });
  await Promise.all(editors.map((ed) => new Promise<void>((r) => ed.provider.synced ? r() : ed.provider.once("sync", () => r()))));
  // Receipt: whenever a doc changes from the server, which of the other editor's keystrokes it now holds (the
  // other's client starts at clock 0 and each keystroke, one syllable, is one tick).
  editors.forEach((me, i) => {
    const other = editors[1 - i];
    let seen = 0;
    me.doc.on("update", (_u: Uint8Array, origin: unknown) => {
      if (origin !== me.provider) return;
      const now = performance.now();
      const held = Math.min(Y.getState(me.doc.store, other.doc.clientID), other.typedAt.length);
      for (let k = seen; k < held; k++) other.latencies.push(now - other.typedAt[k]);
      seen = Math.max(seen, held);
    });
  });
  const paragraph = (doc: Y.Doc) => {
    const p = doc.getXmlFragment(COLLAB_FIELD).get(0) as Y.XmlElement;
    let t = p.get(0);
    if (!(t instanceof Y.XmlText)) p.insert(0, [t = new Y.XmlText()]);
    return t as Y.XmlText;
  };
  const keys = run.seconds * 5;
  const typing = editors.map((ed, i) =>
    new Promise<void>((resolve) => {
      let k = 0;
      const tick = () => {
        const text = paragraph(ed.doc);
        ed.typedAt.push(performance.now());
        text.insert(i === 0 ? text.length : 0, SYLLABLES[k % SYLLABLES.length]);
        // The caret moves with each keystroke, as in the browser: awareness traffic alongside the text.
        ed.provider.awareness.setLocalState({ user: { id: i + 1, name: `편집자${i + 1}`, color: "#c00" }, cursor: { anchor: k, head: k } });
        if (++k >= keys) return resolve();
        setTimeout(tick, 200);
      };
      setTimeout(tick, 500 + i * 100);
    })
  );
  await Promise.all(typing);
  await new Promise((r) => setTimeout(r, 2000));
  const out = {
    latencies: editors.map((ed) => ed.latencies),
    lost: editors.map((ed) => ed.typedAt.length - ed.latencies.length),
    same: editors[0].doc.getXmlFragment(COLLAB_FIELD).toString() === editors[1].doc.getXmlFragment(COLLAB_FIELD).toString(),
    length: paragraph(editors[0].doc).length,
  };
  for (const ed of editors) ed.provider.destroy();
  return out;
}

async function main() {
  const seconds = Number(Deno.args[0] ?? 30);
  const which = Deno.args[1] ?? "both";
  await Deno.writeTextFile("/tmp/bench-running", String(Deno.pid));
  try {
    const bench = await openBench("wiki_collab");
    const { database, deps, url } = bench;
    const instances: {
      deps: typeof deps;
      db: typeof database;
      bridge: Awaited<ReturnType<typeof startBridge>>;
      server: Deno.HttpServer;
      http: string;
    }[] = [];
    for (let i = 0; i < 2; i++) {
      const db = i === 0 ? database : connect(url, 5);
      const d = i === 0 ? deps : await createDeps(deps.config, db, createLogger("error"));
      const bridge = await startBridge(d.realtime, url, db.sql, d.log);
      const app = buildApp({ ...d, webDir: null });
      const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
        app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
      instances.push({ deps: d, db, bridge, server, http: `http://127.0.0.1:${server.addr.port}` });
    }
    const { admin } = await createCompanyWithAdmin(deps, {
      name: "Bench",
      domain: `wikibench${Date.now()}.test`,
      admin: { loginId: "bench", name: "Bench", password: "Passw0rd!" },
    });
    const grant = () => passwordGrant(deps, { username: admin.username, password: "Passw0rd!" }, { ip: "127.0.0.1", userAgent: "bench" });
    const tokens: [string, string] = [(await grant()).access_token, (await grant()).access_token];
    const newDoc = async (title: string) => {
      const r = await fetch(`${instances[0].http}/api/wiki/docs`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json" },
        body: JSON.stringify({ title, text: "<p>회의록: </p>" }),
      });
      if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
      return (await r.json()).id as number;
    };

    const modes = which === "both" ? ["1", "2"] : [which];
    for (const mode of modes) {
      const docId = await newDoc(`bench ${mode}`);
      const urls: [string, string] = [instances[0].http, instances[mode === "2" ? 1 : 0].http];
      const worker = new Worker(import.meta.url, { type: "module", name: WORKER_NAME });
      const result = await new Promise<Awaited<ReturnType<typeof type>>>((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage({ urls, docId, tokens, seconds } satisfies Run);
      });
      worker.terminate();
      const all = result.latencies.flat();
      const s = stats(all);
      const f = (x: number) => `${x.toFixed(1)} ms`;
      console.log(`\n${mode === "2" ? "two instances (one editor on each)" : "one instance"}: ${seconds} s, 2 editors x 5 keys/s`);
      console.log(`  keystrokes measured ${s.n} (lost ${result.lost.join(" + ")}), documents identical: ${result.same}, paragraph length ${result.length}`);
      console.log(`  keystroke → other editor's Y.Doc: p50 ${f(s.p50)}, p95 ${f(s.p95)}, p99 ${f(s.p99)}, max ${f(s.max)}`);
      // Both editors gone: each instance's last save (up to 10 s), then the stored text.
      const savedLength = async () =>
        (await database.sql<{ n: number }[]>`select char_length(plain)::int as n from wiki_docs where id = ${docId}`)[0].n;
      const deadline = Date.now() + 10_000;
      while ((await savedLength()) !== result.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const saved = { n: await savedLength() };
      console.log(`  saved plain text length ${saved.n} (the editors' ${result.length})`);
    }
    for (const inst of instances) await stopCollab(inst.deps);
    for (const inst of instances) {
      inst.deps.realtime.hub.closeAll();
      await inst.server.shutdown();
      await inst.bridge.close();
      if (inst.db !== database) await inst.db.close();
    }
    await bench.close();
  } finally {
    await Deno.remove("/tmp/bench-running").catch(() => {});
  }
}
