// Reading an imported zip (fflate) with its names right: a name flagged UTF-8 (general purpose bit 11) is
// UTF-8; an unflagged one is what the archiver's system used, which for the Korean Windows zippers (and
// Windows' own "compressed folder") is CP949. So an unflagged name is read as UTF-8 when its bytes are valid
// UTF-8 (macOS and Linux zippers write UTF-8 without the flag), otherwise as CP949 (the WHATWG "euc-kr"
// decoder is CP949). Names are NFC. fflate decodes unflagged names as Latin-1, so the central directory is
// read here once more for each entry's flag and raw name bytes, in the same order fflate walks it.
import { unzipSync } from "fflate";

export interface ZipEntry {
  /** NFC, "/"-separated, no leading "/" or "./". */
  name: string;
  bytes: Uint8Array;
}

/** A zip that cannot be read, or that unpacks past `maxBytes`. */
export class BadZipError extends Error {}

const le16 = (d: Uint8Array, o: number) => d[o] | (d[o + 1] << 8);
const le32 = (d: Uint8Array, o: number) => (d[o] | (d[o + 1] << 8) | (d[o + 2] << 16)) + d[o + 3] * 0x1000000;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const cp949 = new TextDecoder("euc-kr");

/** The name of a zip entry from its raw bytes and flag. */
export function zipEntryName(raw: Uint8Array, utf8Flag: boolean): string {
  let name: string;
  if (utf8Flag) name = new TextDecoder().decode(raw);
  else {
    try {
      name = utf8.decode(raw);
    } catch {
      name = cp949.decode(raw);
    }
  }
  return name.normalize("NFC").replace(/\\/g, "/").replace(/^(\.?\/)+/, "");
}

/** Flag and raw name of each central directory entry, in order (fflate's order). */
function centralNames(data: Uint8Array): { flag: boolean; raw: Uint8Array }[] {
  let e = data.length - 22;
  while (e >= 0 && le32(data, e) !== 0x06054b50) {
    if (data.length - e > 65557) throw new BadZipError("no end of central directory");
    e--;
  }
  if (e < 0) throw new BadZipError("no end of central directory");
  let count = le16(data, e + 10);
  let o = le32(data, e + 16);
  if (e >= 20 && le32(data, e - 20) === 0x07064b50) {
    const ze = Number(new DataView(data.buffer, data.byteOffset).getBigUint64(e - 12, true));
    if (ze + 56 <= data.length && le32(data, ze) === 0x06064b50) {
      const view = new DataView(data.buffer, data.byteOffset);
      count = Number(view.getBigUint64(ze + 32, true));
      o = Number(view.getBigUint64(ze + 48, true));
    }
  }
  const out: { flag: boolean; raw: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    if (o + 46 > data.length || le32(data, o) !== 0x02014b50) throw new BadZipError("bad central directory");
    const flags = le16(data, o + 8);
    const nameLen = le16(data, o + 28);
    out.push({ flag: (flags & 0x800) !== 0, raw: data.subarray(o + 46, o + 46 + nameLen) });
    o += 46 + nameLen + le16(data, o + 30) + le16(data, o + 32);
  }
  return out;
}

/**
 * The files of a zip (folders left out), names decoded as above. Throws BadZipError for a zip that cannot be
 * read or whose files' declared sizes pass `maxBytes` together (checked before anything is inflated).
 */
export function readZip(data: Uint8Array, maxBytes: number): ZipEntry[] {
  const names = centralNames(data);
  const out: ZipEntry[] = [];
  let i = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  const keep: { key: string; name: string }[] = [];
  try {
    files = unzipSync(data, {
      filter: (f) => {
        const n = names[i++];
        if (!n) throw new BadZipError("entries past the central directory");
        const name = zipEntryName(n.raw, n.flag);
        if (name.endsWith("/")) return false;
        total += f.originalSize;
        if (total > maxBytes) throw new BadZipError("too large unpacked");
        keep.push({ key: f.name, name });
        return true;
      },
    });
  } catch (e) {
    if (e instanceof BadZipError) throw e;
    throw new BadZipError(e instanceof Error ? e.message : String(e));
  }
  for (const k of keep) {
    const bytes = files[k.key];
    if (bytes) out.push({ name: k.name, bytes });
  }
  return out;
}
