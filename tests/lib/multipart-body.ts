// Test support for the streamed multipart routes: multipart/form-data bodies built as streams (never held
// whole in memory), cut into chunks of a chosen size so boundaries fall across chunks, counting how much of
// the body the server pulled; a stored .zip made on the fly; the app served on a loopback socket.
import { crc32 } from "node:zlib";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { TestApp } from "../support/test-app.ts";

export type BodyPart =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; content: Uint8Array | (() => AsyncIterable<Uint8Array>); size?: number };

export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes handed to the reader so far. */
  pulled(): number;
  /** Total size of the body (computed up front, nothing is generated for it; needs `size` of generated files). */
  size: number;
}

const enc = new TextEncoder();

export function multipartBody(parts: BodyPart[], chunkSize: number, boundary = `----gwtest${crypto.randomUUID()}`): StreamedBody {
  const head = (p: BodyPart) =>
    enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        ("filename" in p ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}` : "") +
        "\r\n\r\n",
    );
  async function* segments(): AsyncIterable<Uint8Array> {
    for (const p of parts) {
      yield head(p);
      if ("value" in p) yield enc.encode(p.value);
      else if (p.content instanceof Uint8Array) yield p.content;
      else yield* p.content();
      yield enc.encode("\r\n");
    }
    yield enc.encode(`--${boundary}--\r\n`);
  }
  let size = enc.encode(`--${boundary}--\r\n`).length;
  for (const p of parts) {
    size += head(p).length + 2 + ("value" in p ? enc.encode(p.value).length : p.content instanceof Uint8Array ? p.content.length : p.size ?? 0);
  }
  return { ...rechunk(segments(), chunkSize), contentType: `multipart/form-data; boundary=${boundary}`, size };
}

/** A stream of the segments' bytes in chunks of exactly `chunkSize` (the last one shorter). */
function rechunk(source: AsyncIterable<Uint8Array>, chunkSize: number) {
  const it = source[Symbol.asyncIterator]();
  let current: Uint8Array = new Uint8Array(0);
  let at = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = new Uint8Array(chunkSize);
      let filled = 0;
      while (filled < chunkSize) {
        if (at === current.length) {
          const next = await it.next();
          if (next.done) break;
          current = next.value;
          at = 0;
          continue;
        }
        const n = Math.min(chunkSize - filled, current.length - at);
        chunk.set(current.subarray(at, at + n), filled);
        filled += n;
        at += n;
      }
      if (!filled) return controller.close();
      pulled += filled;
      controller.enqueue(chunk.subarray(0, filled));
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled };
}

/** `total` bytes of a repeated pseudo-random block, produced as it is read. */
export function repeatedBytes(total: number, block: Uint8Array): () => AsyncIterable<Uint8Array> {
  return async function* () {
    for (let at = 0; at < total; at += block.length) yield block.subarray(0, Math.min(block.length, total - at));
  };
}

export function randomBlock(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += 65536) crypto.getRandomValues(out.subarray(at, Math.min(size, at + 65536)));
  return out;
}

export interface ZipEntry {
  name: string;
  size: number;
  content: () => AsyncIterable<Uint8Array>;
}

/** A stored (uncompressed) zip of the entries, generated as it is read; answers its size too. */
export async function storedZip(entries: ZipEntry[]): Promise<{ size: number; content: () => AsyncIterable<Uint8Array> }> {
  const crcs: number[] = [];
  for (const e of entries) {
    let crc = 0;
    for await (const c of e.content()) crc = crc32(c, crc);
    crcs.push(crc);
  }
  const names = entries.map((e) => enc.encode(e.name));
  const local = (i: number) => {
    const b = new DataView(new ArrayBuffer(30));
    b.setUint32(0, 0x04034b50, true);
    b.setUint16(4, 20, true);
    b.setUint16(6, 0x800, true); // names in UTF-8
    b.setUint16(8, 0, true); // stored
    b.setUint16(12, 0x5a21, true); // a date in 2025
    b.setUint32(14, crcs[i], true);
    b.setUint32(18, entries[i].size, true);
    b.setUint32(22, entries[i].size, true);
    b.setUint16(26, names[i].length, true);
    return concat(new Uint8Array(b.buffer), names[i]);
  };
  const offsets: number[] = [];
  let at = 0;
  for (const [i, e] of entries.entries()) {
    offsets.push(at);
    at += 30 + names[i].length + e.size;
  }
  const central = entries.map((e, i) => {
    const b = new DataView(new ArrayBuffer(46));
    b.setUint32(0, 0x02014b50, true);
    b.setUint16(4, 20, true);
    b.setUint16(6, 20, true);
    b.setUint16(8, 0x800, true);
    b.setUint16(14, 0x5a21, true);
    b.setUint32(16, crcs[i], true);
    b.setUint32(20, e.size, true);
    b.setUint32(24, e.size, true);
    b.setUint16(28, names[i].length, true);
    b.setUint32(42, offsets[i], true);
    return concat(new Uint8Array(b.buffer), names[i]);
  });
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, at, true);
  return {
    size: at + cdSize + 22,
    content: async function* () {
      for (const [i, e] of entries.entries()) {
        yield local(i);
        yield* e.content();
      }
      yield* central;
      yield new Uint8Array(end.buffer);
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The app on a loopback socket, as server/main.ts serves it. */
export function serveApp(t: TestApp) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    t.app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** Posts a streamed body (chunked, no Content-Length). */
export async function postStream(url: string, token: string, body: StreamedBody) {
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    body: body.stream,
    // @ts-ignore: Deno's fetch streams request bodies with duplex "half"
    duplex: "half",
  });
  return { status: res.status, body: await res.json() };
}

/** The files in the data folder's temporary area. */
export async function tempFiles(dataDir: string): Promise<string[]> {
  return await readdir(join(dataDir, "tmp")).catch(() => []);
}

export interface ClientAnswer {
  status: number;
  body: { code?: string; imported?: number; skipped?: { name: string; reason: string }[] };
  /** Bytes of the body the client sent, and the body's whole size. */
  pulled: number;
  size: number;
}

/** Runs tests/lib/multipart-client.ts in its own process: the body is generated and sent there. */
export async function postFromClientProcess(url: string, token: string, chunkSize: number, parts: unknown[]) {
  const script = new URL("./multipart-client.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, url, token, String(chunkSize), JSON.stringify(parts)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`client failed: ${new TextDecoder().decode(out.stderr)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout)) as ClientAnswer;
}

/**
 * Watches the process's memory until stopped. `live` is what the process holds: the V8 heap in use plus the
 * memory of ArrayBuffers (request bodies, file chunks), read right after a full collection every 250 ms, so a
 * body held whole shows at its size, and garbage already passed on does not count. `rss` is the resident size
 * sampled every few milliseconds, for the log only: it also holds what the collector has not reached yet and
 * what the allocators keep after freeing, which a loaded host made swing from +68 to +201 MB for the same
 * streamed restore. Needs V8's collector exposed (scripts/test.ts sets --expose-gc for `deno task test`).
 */
export function memorySampler() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("memorySampler needs --expose-gc (run the tests with deno task test)");
  const held = () => {
    const m = Deno.memoryUsage();
    return m.heapUsed + m.external;
  };
  gc();
  const baseline = held();
  let live = baseline;
  let rss = Deno.memoryUsage().rss;
  const rssTimer = setInterval(() => rss = Math.max(rss, Deno.memoryUsage().rss), 5);
  const collector = setInterval(() => {
    gc();
    live = Math.max(live, held());
  }, 250);
  return {
    baseline,
    stop() {
      clearInterval(rssTimer);
      clearInterval(collector);
      return { live: Math.max(live, held()), rss: Math.max(rss, Deno.memoryUsage().rss) };
    },
  };
}

/**
 * Posts a streamed body over a plain socket as HTTP/1.1 chunked transfer, the way a browser writes an upload,
 * reading the answer as it comes (the server may answer before the body is through).
 */
export async function postRaw(url: string, token: string, body: StreamedBody) {
  const u = new URL(url);
  const conn = await Deno.connect({ hostname: u.hostname, port: Number(u.port) });
  conn.setNoDelay(true); // as browsers and curl do: no Nagle delay on the chunk framing
  const answer = (async () => {
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(65536);
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    return new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  })();
  try {
    await writeAll(conn, enc.encode(
      `POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${body.contentType}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
    ));
    for await (const chunk of body.stream) {
      const head = enc.encode(`${chunk.length.toString(16)}\r\n`);
      const framed = new Uint8Array(head.length + chunk.length + 2);
      framed.set(head);
      framed.set(chunk, head.length);
      framed.set([13, 10], head.length + chunk.length);
      await writeAll(conn, framed);
    }
    await writeAll(conn, enc.encode("0\r\n\r\n"));
  } catch { /* the server answered early and closed: the answer says why */ }
  const text = await answer;
  conn.close();
  const [head, ...rest] = text.split("\r\n\r\n");
  let payload = rest.join("\r\n\r\n");
  if (/^transfer-encoding:\s*chunked/im.test(head)) {
    let out = "";
    for (let at = 0;;) {
      const eol = payload.indexOf("\r\n", at);
      const size = parseInt(payload.slice(at, eol), 16);
      if (!size) break;
      out += payload.slice(eol + 2, eol + 2 + size);
      at = eol + 2 + size + 2;
    }
    payload = out;
  }
  return { status: Number(head.split(" ")[1]), body: JSON.parse(payload) };
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
}
