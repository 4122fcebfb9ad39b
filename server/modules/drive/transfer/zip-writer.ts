// A streaming ZIP writer (store method, no compression: drive files are mostly compressed already, and a 1 GB
// file then costs one pass of CRC-32). Entries are written one after another as the reader pulls: a file's
// bytes go through a piece at a time, so memory stays flat whatever the sizes. Names are UTF-8 with the
// UTF-8 flag (bit 11) set; each entry carries the extended timestamp (0x5455, UTC seconds) beside the DOS time.
//
// The sizes are known before the bytes (they come from the drive's rows), the CRC only after: the local
// header carries the sizes, the CRC follows the data in a data descriptor (bit 3). ZIP64 (APPNOTE 4.5.3) is
// used where the classic fields run out: a size of 4 GiB or more, an entry that starts past 4 GiB in the
// archive, more than 65,535 entries, or a central directory past 4 GiB.
import { crc32 } from "node:zlib";

export interface ZipEntry {
  /** The path inside the archive, "/" separated; a folder's ends with "/". */
  name: string;
  modified: Date;
  /** A folder: no bytes. */
  folder?: boolean;
  size: number;
  /** The bytes (exactly `size` of them); not called for folders. */
  open?: () => Promise<ReadableStream<Uint8Array>>;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const enc = new TextEncoder();

class Bytes {
  #buf: Uint8Array;
  #view: DataView;
  #at = 0;
  constructor(size: number) {
    this.#buf = new Uint8Array(size);
    this.#view = new DataView(this.#buf.buffer);
  }
  u16(v: number) {
    this.#view.setUint16(this.#at, v, true);
    this.#at += 2;
    return this;
  }
  u32(v: number) {
    this.#view.setUint32(this.#at, v >>> 0, true);
    this.#at += 4;
    return this;
  }
  u64(v: number) {
    this.#view.setBigUint64(this.#at, BigInt(v), true);
    this.#at += 8;
    return this;
  }
  bytes(b: Uint8Array) {
    this.#buf.set(b, this.#at);
    this.#at += b.length;
    return this;
  }
  done(): Uint8Array {
    if (this.#at !== this.#buf.length) throw new Error(`zip record: wrote ${this.#at} of ${this.#buf.length}`);
    return this.#buf;
  }
}

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const unixSeconds = (d: Date) => Math.max(0, Math.min(MAX32, Math.floor(d.getTime() / 1000)));
/** The extended timestamp extra field with the modification time only (local and central alike). */
const timeExtra = (d: Date) => new Bytes(9).u16(0x5455).u16(5).bytes(new Uint8Array([1])).u32(unixSeconds(d)).done();

interface Written {
  name: Uint8Array;
  modified: Date;
  folder: boolean;
  size: number;
  crc: number;
  offset: number;
  zip64Size: boolean;
}

export interface ZipOptions {
  /** ZIP64 records for every entry and the end, whatever the sizes (tests of the ZIP64 layout). */
  forceZip64?: boolean;
}

/** The archive of `entries` as a stream; the entries are read one at a time as the consumer pulls. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, opts: ZipOptions = {}): ReadableStream<Uint8Array> {
  const iterator = (Symbol.asyncIterator in entries)
    ? (entries as AsyncIterable<ZipEntry>)[Symbol.asyncIterator]()
    : (entries as Iterable<ZipEntry>)[Symbol.iterator]();
  const written: Written[] = [];
  let offset = 0;
  let current: { entry: Written; reader: ReadableStreamDefaultReader<Uint8Array>; left: number } | null = null;
  let finished = false;

  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, b: Uint8Array) => {
    offset += b.length;
    controller.enqueue(b);
  };

  function localHeader(w: Written): Uint8Array {
    const zip64 = w.zip64Size;
    const extra = zip64 ? new Bytes(20).u16(0x0001).u16(16).u64(w.size).u64(w.size).done() : new Uint8Array(0);
    const time = timeExtra(w.modified);
    const { time: t, date } = dosTime(w.modified);
    return new Bytes(30 + w.name.length + extra.length + time.length)
      .u32(0x04034b50).u16(zip64 ? 45 : 20).u16(w.folder ? 0x0800 : 0x0808).u16(0).u16(t).u16(date)
      .u32(0).u32(zip64 ? MAX32 : w.size).u32(zip64 ? MAX32 : w.size)
      .u16(w.name.length).u16(extra.length + time.length).bytes(w.name).bytes(extra).bytes(time).done();
  }

  function descriptor(w: Written): Uint8Array {
    return w.zip64Size
      ? new Bytes(24).u32(0x08074b50).u32(w.crc).u64(w.size).u64(w.size).done()
      : new Bytes(16).u32(0x08074b50).u32(w.crc).u32(w.size).u32(w.size).done();
  }

  function centralRecord(w: Written): Uint8Array {
    const bigSize = w.zip64Size;
    const bigOffset = opts.forceZip64 || w.offset >= MAX32;
    const fields: number[] = [];
    if (bigSize) fields.push(w.size, w.size);
    if (bigOffset) fields.push(w.offset);
    const extra = fields.length ? new Bytes(4 + fields.length * 8).u16(0x0001).u16(fields.length * 8) : null;
    for (const f of fields) extra!.u64(f);
    const zip64Extra = extra ? extra.done() : new Uint8Array(0);
    const time = timeExtra(w.modified);
    const { time: t, date } = dosTime(w.modified);
    const needs = fields.length ? 45 : 20;
    const mode = w.folder ? 0o40755 : 0o100644;
    return new Bytes(46 + w.name.length + zip64Extra.length + time.length)
      .u32(0x02014b50).u16((3 << 8) | needs).u16(needs).u16(w.folder ? 0x0800 : 0x0808).u16(0).u16(t).u16(date)
      .u32(w.crc).u32(bigSize ? MAX32 : w.size).u32(bigSize ? MAX32 : w.size)
      .u16(w.name.length).u16(zip64Extra.length + time.length).u16(0).u16(0).u16(0)
      .u32(((mode << 16) | (w.folder ? 0x10 : 0)) >>> 0).u32(bigOffset ? MAX32 : w.offset)
      .bytes(w.name).bytes(zip64Extra).bytes(time).done();
  }

  function end(controller: ReadableStreamDefaultController<Uint8Array>) {
    const cdStart = offset;
    for (const w of written) emit(controller, centralRecord(w));
    const cdSize = offset - cdStart;
    const count = written.length;
    const zip64 = opts.forceZip64 || count > MAX16 - 1 || cdStart >= MAX32 || cdSize >= MAX32 ||
      written.some((w) => w.zip64Size || w.offset >= MAX32);
    if (zip64) {
      const recordAt = offset;
      emit(controller, new Bytes(56).u32(0x06064b50).u64(44).u16((3 << 8) | 45).u16(45).u32(0).u32(0)
        .u64(count).u64(count).u64(cdSize).u64(cdStart).done());
      emit(controller, new Bytes(20).u32(0x07064b50).u32(0).u64(recordAt).u32(1).done());
    }
    emit(controller, new Bytes(22).u32(0x06054b50).u16(0).u16(0)
      .u16(zip64 ? MAX16 : count).u16(zip64 ? MAX16 : count)
      .u32(zip64 ? MAX32 : cdSize).u32(zip64 ? MAX32 : cdStart).u16(0).done());
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // One piece per pull: a header, a piece of a file's bytes, or the end.
      if (current) {
        const { done, value } = await current.reader.read();
        if (!done) {
          if (value.length > current.left) throw new Error(`zip: ${new TextDecoder().decode(current.entry.name)} is longer than its size`);
          current.left -= value.length;
          current.entry.crc = crc32(value, current.entry.crc);
          emit(controller, value);
          return;
        }
        if (current.left !== 0) throw new Error(`zip: ${new TextDecoder().decode(current.entry.name)} ended before its size`);
        emit(controller, descriptor(current.entry));
        current = null;
        return;
      }
      if (finished) return;
      const next = await iterator.next();
      if (next.done) {
        end(controller);
        finished = true;
        controller.close();
        return;
      }
      const e = next.value;
      const folder = !!e.folder;
      const name = enc.encode(folder && !e.name.endsWith("/") ? `${e.name}/` : e.name);
      const w: Written = {
        name,
        modified: e.modified,
        folder,
        size: folder ? 0 : e.size,
        crc: 0,
        offset,
        zip64Size: !folder && (opts.forceZip64 || e.size >= MAX32),
      };
      written.push(w);
      emit(controller, localHeader(w));
      if (!folder) {
        if (!e.open) throw new Error("zip: a file entry needs open()");
        current = { entry: w, reader: (await e.open()).getReader(), left: w.size };
      }
    },
    async cancel(reason) {
      await current?.reader.cancel(reason).catch(() => {});
      await iterator.return?.();
    },
  });
}
