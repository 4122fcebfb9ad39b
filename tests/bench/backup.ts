// Backup and restore of a large data folder (issue 21: "memory stays flat for a 5 GB data folder"): seeds
// SIZE_GB of blobs (most as 8 MB files, the rest as 5 KB mail-sized ones) referenced by rows, then runs the
// real scripts as child processes — backup, backup:verify, restore into a fresh database and data folder —
// sampling each one's resident memory (VmRSS) every 100 ms, and prints time, throughput and peak memory.
//   deno run -A tests/bench/backup.ts [SIZE_GB=5]
import { join } from "node:path";
import { mkdir, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { ensureDatabase } from "../../db/client.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { openBench } from "./support.ts";

const sizeGb = Number(Deno.args[0] ?? 5);
const LARGE = 8 * 1024 * 1024;
const SMALL = 5 * 1024;
const smallCount = Math.round((sizeGb * 0.1 * 1024 ** 3) / SMALL);
const largeCount = Math.round((sizeGb * 0.9 * 1024 ** 3) / LARGE);

const bench = await openBench("backup");
const { deps } = bench;
const root = new URL("../../", import.meta.url).pathname;
const dataDir = deps.config.DATA_DIR;
const blobRoot = join(dataDir, "blobs");

// Random bytes do not compress: the archive is as large as the data, the hardest case for the stream.
const block = new Uint8Array(LARGE);
for (let i = 0; i < LARGE; i += 65536) crypto.getRandomValues(block.subarray(i, i + 65536));

const { company, admin } = await createCompanyWithAdmin(deps, {
  name: "Bench", domain: "bench-backup.test", admin: { loginId: "admin", name: "Admin", password: "Bench123!" },
});

console.log(`seeding ${largeCount} × 8 MB and ${smallCount} × 5 KB blobs (${sizeGb} GB)...`);
const seedStart = performance.now();
/** Writes a blob straight into the folder layout (no sync: seeding), answers its key. */
async function blob(bytes: Uint8Array): Promise<string> {
  const key = createHash("sha256").update(bytes).digest("hex");
  await mkdir(join(blobRoot, key.slice(0, 2)), { recursive: true });
  await writeFile(join(blobRoot, key.slice(0, 2), key), bytes);
  return key;
}
let rows: [string, number, string][] = [];
const flush = async () => {
  if (!rows.length) return;
  await deps.sql`insert into mail_uploads ${deps.sql(rows.map(([id, size, key]) => ({
    id, company_id: company.id, user_id: admin.id, upload_type: "normal", name: `${id}.bin`, size,
    content_type: "application/octet-stream", blob_key: key, created_at: new Date().toISOString(),
  })))}`;
  rows = [];
};
for (let i = 0; i < largeCount; i++) {
  new DataView(block.buffer).setUint32(0, i); // each large blob its own bytes
  rows.push([`L${i}`, LARGE, await blob(block)]);
  if (rows.length >= 100) await flush();
}
const small = new Uint8Array(SMALL);
for (let i = 0; i < smallCount; i++) {
  small.set(block.subarray((i * 97) % (LARGE - SMALL), ((i * 97) % (LARGE - SMALL)) + SMALL));
  new DataView(small.buffer).setUint32(0, i);
  rows.push([`S${i}`, SMALL, await blob(small)]);
  if (rows.length >= 1000) await flush();
}
await flush();
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

/** Runs a script, sampling its resident memory; answers seconds and peak MB. */
async function measured(label: string, script: string, args: string[], env: Record<string, string>) {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `scripts/${script}.ts`, ...args], cwd: root, env, stdout: "piped", stderr: "piped",
  }).spawn();
  let peak = 0;
  const timer = setInterval(async () => {
    try {
      const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb);
    } catch { /* ended */ }
  }, 100);
  const out = await child.output();
  clearInterval(timer);
  const secs = (performance.now() - start) / 1000;
  const dec = new TextDecoder();
  if (!out.success) throw new Error(`${label} failed: ${dec.decode(out.stderr)}`);
  const last = dec.decode(out.stdout).trim().split("\n").at(-1);
  const mb = (sizeGb * 1024) / secs;
  console.log(`${label}: ${secs.toFixed(1)} s (${mb.toFixed(0)} MB/s of data), peak RSS ${(peak / 1024).toFixed(0)} MB\n  ${last}`);
}

const archive = join(dataDir, "..", "bench-backup.tar.gz");
await measured("backup", "backup", ["--out", archive], { DATABASE_URL: bench.url, DATA_DIR: dataDir });
await measured("backup:verify", "backup-verify", ["--in", archive], {});
const target = new URL(bench.url);
target.pathname = `/gw_bench_restore_${Deno.pid}`;
await ensureDatabase(target.toString());
const restoreDir = join(dataDir, "..", "restored");
await mkdir(restoreDir, { recursive: true });
await measured("restore", "restore", ["--in", archive], { DATABASE_URL: target.toString(), DATA_DIR: restoreDir });
await deps.sql.unsafe(`drop database if exists "gw_bench_restore_${Deno.pid}" with (force)`);
await bench.close();
