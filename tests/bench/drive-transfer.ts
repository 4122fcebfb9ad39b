// Drive transfer of a 1 GB file (issue 25; targets: the server's RSS grows less than 100 MB, upload and download
// each at least 70% of the raw disk's speed on the same machine). The real server (server/main.ts) runs as a
// child process on the bench's database and a DATA_DIR on the same disk as the reference; its VmRSS is read
// every 50 ms. Measured, each RUNS times, in turn (odd runs reference first, even runs upload first, so neither
// always follows the other; every timed step starts after a `sync`, so none pays for another's dirty pages):
//   reference  dd of the 1 GB source (in the page cache, as curl's pieces are) to a new file in 4 MiB writes and
//              fsync at the end (conv=fsync): the raw durable write of 1 GB the upload is held against
//   upload     tus (POST, then PATCHes of TUS_CHUNK_SIZE read from the source file) until the drive item exists
//   download   GET {id}/download written to a file on the same disk
//   zip        GET download?fileIds[] of a folder holding the file, written to a file
// then once:
//   resume     an upload cut after 900 MB (the request aborted), HEAD, the rest: the stored key must be the
//              source's SHA-256
// and prints a table for tests/bench/RESULTS.md with the medians. Creates /tmp/bench-running while it runs
// (others pause). `upload` as third argument: only the reference and the upload (quicker batches).
//   deno run -A tests/bench/drive-transfer.ts [SIZE_MB=1024] [RUNS=5] [upload]
// deno-lint-ignore-file no-inner-declarations -- the steps share the run's server, token and source
import { createHash } from "node:crypto";
import { join } from "node:path";
import { TUS_CHUNK_SIZE, TUS_FILE_ID_HEADER, TUS_PATH } from "../../shared/drive/transfer.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { spawnServer } from "../support/server-process.ts";
import { openBench } from "./support.ts";

const SIZE = Number(Deno.args[0] ?? 1024) * 1024 * 1024;
const RUNS = Number(Deno.args[1] ?? 5);
const UPLOAD_ONLY = Deno.args[2] === "upload";
const MARK = "/tmp/bench-running";

await Deno.writeTextFile(MARK, `drive-transfer ${Deno.pid}\n`);
const bench = await openBench("drive_transfer");
const work = await Deno.makeTempDir({ prefix: "gw-bench-drive-", dir: "/var/tmp" });
const dataDir = join(work, "data");
const port = 18000 + (Deno.pid % 1000);
const server = spawnServer({
  DATABASE_URL: bench.url, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_ENABLED: "false",
  MAIL_CLIENTS_ENABLED: "false", JOBS_ENABLED: "false", LOG_LEVEL: "warn",
});
const base = `http://127.0.0.1:${port}`;


async function rssMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  const m = /VmRSS:\s+(\d+)/.exec(status);
  if (!m) throw new Error(`the server (pid ${pid}) is gone:\n${server.output().slice(-3000)}`);
  return Number(m[1]) / 1024;
}

/** Runs `fn` while sampling the server's RSS; answers seconds, RSS before and peak. */
async function measured(fn: () => Promise<void>) {
  const pid = server.child.pid;
  const before = await rssMb(pid);
  let peak = before;
  let on = true;
  const sampler = (async () => {
    while (on) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  await fn();
  const seconds = (performance.now() - t0) / 1000;
  on = false;
  await sampler;
  return { seconds, before, peak, growth: peak - before };
}

try {
  // The server's start-up: listening once the migrations ran.
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await createCompanyWithAdmin(bench.deps, {
    name: "Bench", domain: "bench-drive.test", admin: { loginId: "admin", name: "Admin", password: "Bench123!" },
  });
  await bench.deps.sql`update users set total_quota = ${100 * 1024 ** 3}`;
  const tok = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { authorization: OAUTH_BASIC_HEADER, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: "admin@bench-drive.test", password: "Bench123!" }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${tok.access_token}` };
  const root = (await fetch(`${base}/api/drive/default`, { headers: auth }).then((r) => r.json())).id as number;

  // The source: random bytes (incompressible), written once.
  const source = join(work, "source.bin");
  {
    const f = await Deno.open(source, { write: true, create: true });
    const block = new Uint8Array(8 * 1024 * 1024);
    const hash = createHash("sha256");
    for (let done = 0; done < SIZE; done += block.length) {
      for (let i = 0; i < block.length; i += 65536) crypto.getRandomValues(block.subarray(i, i + 65536));
      const piece = block.subarray(0, Math.min(block.length, SIZE - done));
      hash.update(piece);
      for (let w = 0; w < piece.length;) w += await f.write(piece.subarray(w));
    }
    f.close();
    (globalThis as { sourceKey?: string }).sourceKey = hash.digest("hex");
  }
  const sourceKey = (globalThis as { sourceKey?: string }).sourceKey!;
  const pieces = join(work, "pieces");
  await Deno.mkdir(pieces);
  const split = await new Deno.Command("split", { args: ["-a", "4", "-d", "-b", String(TUS_CHUNK_SIZE), source, join(pieces, "p")] }).output();
  if (!split.success) throw new Error("split failed");
  const mb = SIZE / 1024 / 1024;
  const rate = (s: number) => `${(mb / s).toFixed(0)} MB/s`;

  /** Writes back every dirty page (outside the clock): a timed step must not pay for the one before. */
  async function settle() {
    await new Deno.Command("sync").output();
  }

  /** The reference: the source (cached) written to a new file in 4 MiB writes, fsync at the end. */
  async function reference() {
    const dest = join(work, `ref-${crypto.randomUUID()}.bin`);
    await settle();
    const m = await measured(async () => {
      const dd = await new Deno.Command("dd", { args: [`if=${source}`, `of=${dest}`, "bs=4M", "conv=fsync"], stderr: "null" }).output();
      if (!dd.success) throw new Error("dd failed");
    });
    await Deno.remove(dest);
    return m;
  }

  async function create(name: string): Promise<string> {
    const meta = `filename ${btoa(name)},folderId ${btoa(String(root))}`;
    const r = await fetch(`${base}${TUS_PATH}`, { method: "POST", headers: { ...auth, "Tus-Resumable": "1.0.0", "Upload-Length": String(SIZE), "Upload-Metadata": meta } });
    if (r.status !== 201) throw new Error(`create ${r.status} ${await r.text()}`);
    return r.headers.get("location")!;
  }

  /**
   * PATCHes from `from` to `to` in TUS_CHUNK_SIZE chunks, each with its Content-Length, by curl reading the
   * chunk from its standard input as this process streams it from the source (1 MiB at a time: as a browser
   * sends a Blob slice, no chunk in memory); answers the last chunk's headers. `onChild` gets each curl (the
   * resume run kills one half-way: the connection breaks mid-chunk).
   */
  async function send(location: string, from: number, to: number, onChild?: (p: Deno.ChildProcess) => void): Promise<Headers> {
    let headers = new Headers();
    const f = await Deno.open(source, { read: true });
    try {
      for (let at = from; at < to;) {
        const len = Math.min(TUS_CHUNK_SIZE, to - at);
        // A whole chunk is read by curl from its piece of the source (split before the clock starts), as a
        // browser reads a Blob slice; a chunk that starts mid-piece (the resume) is fed through a pipe.
        const piece = at % TUS_CHUNK_SIZE === 0 ? join(pieces, `p${String(at / TUS_CHUNK_SIZE).padStart(4, "0")}`) : null;
        const child = new Deno.Command("curl", {
          args: ["-sS", "-D", "-", "-o", "/dev/null", "-X", "PATCH", "-T", piece ?? "-", "-H", "Expect:", "-H", "Transfer-Encoding:", "-H", `Content-Length: ${len}`,
            "-H", `Authorization: ${auth.authorization}`, "-H", "Tus-Resumable: 1.0.0", "-H", "Content-Type: application/offset+octet-stream",
            "-H", `Upload-Offset: ${at}`, `${base}${location}`],
          stdin: piece ? "null" : "piped", stdout: "piped", stderr: "piped",
        }).spawn();
        onChild?.(child);
        const feed = piece ? Promise.resolve() : (async () => {
          const w = child.stdin.getWriter();
          try {
            await f.seek(at, Deno.SeekMode.Start);
            const buf = new Uint8Array(1024 * 1024);
            for (let left = len; left > 0;) {
              const n = await f.read(buf.subarray(0, Math.min(buf.length, left)));
              if (n === null) break;
              await w.write(buf.slice(0, n));
              left -= n;
            }
            await w.close();
          } catch { /* curl was killed */ }
        })();
        const out = await child.output();
        await feed;
        const lines = new TextDecoder().decode(out.stdout).split(/\r?\n/);
        const status = Number(/^HTTP\/[\d.]+ (\d+)/.exec(lines[0] ?? "")?.[1] ?? 0);
        if (status !== 204) throw new Error(`PATCH at ${at}: curl ${out.code} ${lines.join(" ")} ${new TextDecoder().decode(out.stderr)}`);
        headers = new Headers(lines.slice(1).filter((l) => l.includes(":")).map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()] as [string, string]));
        at = Number(headers.get("upload-offset"));
      }
    } finally {
      f.close();
    }
    return headers;
  }

  /** A GET saved to a file by curl (as a browser saves a download: streamed to disk). */
  async function save(url: string, dest: string) {
    const out = await new Deno.Command("curl", { args: ["-s", "-f", "-o", dest, "-H", `Authorization: ${auth.authorization}`, url] }).output();
    if (!out.success) throw new Error(`GET ${url}: curl exit ${out.code}`);
  }

  const rows: string[] = [];
  const row = (what: string, m: { seconds: number; before: number; peak: number; growth: number }, note = "") => {
    const line = `| ${what} | ${m.seconds.toFixed(2)} s | ${rate(m.seconds)} | ${m.before.toFixed(0)} → ${m.peak.toFixed(0)} MB (+${m.growth.toFixed(0)}) | ${note} |`;
    rows.push(line);
    console.log(line);
  };
  console.log(`| step | time | throughput | server RSS before → peak | note |\n|---|---|---|---|---|`);
  let fileId = 0;
  const median = (xs: number[]) => {
    const o = [...xs].sort((a, b) => a - b);
    return o.length % 2 ? o[(o.length - 1) / 2] : (o[o.length / 2 - 1] + o[o.length / 2]) / 2;
  };
  const refs: number[] = [], ups: number[] = [], downs: number[] = [], upShare: number[] = [], downShare: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const upload = async () => {
      await settle();
      return await measured(async () => {
        const loc = await create(`run${run}.bin`);
        const last = await send(loc, 0, SIZE);
        fileId = Number(last.get(TUS_FILE_ID_HEADER));
      });
    };
    let ref, up;
    if (run % 2) {
      ref = await reference();
      up = await upload();
    } else {
      up = await upload();
      ref = await reference();
    }
    row(`run ${run}: reference (dd conv=fsync)`, ref, run % 2 ? "first" : "after the upload");
    row(`run ${run}: tus upload`, up, `${(100 * ref.seconds / up.seconds).toFixed(0)}% of the reference`);
    refs.push(mb / ref.seconds);
    ups.push(mb / up.seconds);
    upShare.push(ref.seconds / up.seconds);
    if (UPLOAD_ONLY) continue;

    const dest = join(work, "download.bin");
    await settle();
    const down = await measured(() => save(`${base}/api/drive/${fileId}/download`, dest));
    const got = (await Deno.stat(dest)).size;
    row(`run ${run}: download`, down, `${(100 * ref.seconds / down.seconds).toFixed(0)}% of the reference; ${got === SIZE ? "size ok" : `SIZE ${got}`}`);
    await Deno.remove(dest);
    downs.push(mb / down.seconds);
    downShare.push(ref.seconds / down.seconds);

    // A folder with the file in it (a copy of the row: same blob), as a zip.
    const folder = await fetch(`${base}/api/drive/create`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ fileName: `zip${run}`, parentId: root }) }).then((r) => r.json());
    const copied = await fetch(`${base}/api/drive/copy`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ fileIds: [fileId], targetFolderId: folder.id }) });
    if (copied.status !== 201) throw new Error(`copy ${copied.status} ${await copied.text()}`);
    const zipDest = join(work, "folder.zip");
    await settle();
    const zip = await measured(() => save(`${base}/api/drive/download?fileIds[]=${folder.id}`, zipDest));
    const test = await new Deno.Command("unzip", { args: ["-tq", zipDest], stdout: "piped" }).output();
    row(`run ${run}: zip of a folder`, zip, test.success ? "unzip -t ok" : "UNZIP FAILED");
    await Deno.remove(zipDest);
  }
  const pct = (xs: number[]) => xs.map((x) => `${(100 * x).toFixed(0)}%`).join(", ");
  console.log(`\nmedians of ${RUNS} runs: reference ${median(refs).toFixed(0)} MB/s (${Math.min(...refs).toFixed(0)}–${Math.max(...refs).toFixed(0)}), ` +
    `upload ${median(ups).toFixed(0)} MB/s (${Math.min(...ups).toFixed(0)}–${Math.max(...ups).toFixed(0)}) = ${(100 * median(ups) / median(refs)).toFixed(0)}% of the reference's median; ` +
    `per run ${pct(upShare)} (median ${(100 * median(upShare)).toFixed(0)}%)`);
  if (downs.length) {
    console.log(`download ${median(downs).toFixed(0)} MB/s (${Math.min(...downs).toFixed(0)}–${Math.max(...downs).toFixed(0)}) = ${(100 * median(downs) / median(refs)).toFixed(0)}% of the reference's median; per run ${pct(downShare)}`);
  }

  // Cut at 900 MB and resumed (bytes compared through the stored key: the source's SHA-256).
  const cutAt = Math.min(900 * 1024 * 1024, Math.floor(SIZE * 0.88));
  if (!UPLOAD_ONLY) await settle();
  const resumed = UPLOAD_ONLY ? null : await measured(async () => {
    const loc = await create("resumed.bin");
    let running: Deno.ChildProcess | null = null;
    const first = send(loc, 0, SIZE, (p) => (running = p)).catch(() => null);
    // Abort once the server holds 900 MB.
    for (;;) {
      const h = await fetch(`${base}${loc}`, { method: "HEAD", headers: { ...auth, "Tus-Resumable": "1.0.0" } });
      if (Number(h.headers.get("upload-offset")) >= cutAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    (running as Deno.ChildProcess | null)?.kill("SIGKILL"); // the connection breaks mid-chunk
    await first;
    await new Promise((r) => setTimeout(r, 200));
    const head = await fetch(`${base}${loc}`, { method: "HEAD", headers: { ...auth, "Tus-Resumable": "1.0.0" } });
    const offset = Number(head.headers.get("upload-offset"));
    console.log(`cut at ${(offset / 1024 / 1024).toFixed(0)} MB; resuming`);
    const last = await send(loc, offset, SIZE);
    const id = Number(last.get(TUS_FILE_ID_HEADER));
    const [row] = await bench.deps.sql<{ blob_key: string }[]>`select blob_key from drive_items where id = ${id}`;
    if (row.blob_key !== sourceKey) throw new Error("the resumed file's bytes differ from the source");
  });
  if (resumed) row("cut at 900 MB, resumed", resumed, "stored SHA-256 = source's");
  console.log(`\n${rows.length} measurements; source SHA-256 ${sourceKey.slice(0, 16)}…`);
} catch (e) {
  console.error(e);
  console.error(`server output:\n${server.output().slice(-5000)}`);
} finally {
  try {
    server.child.kill("SIGTERM");
    await server.child.status;
  } catch { /* gone */ }
  await bench.close();
  await Deno.remove(work, { recursive: true }).catch(() => {});
  await Deno.remove(MARK).catch(() => {});
}
