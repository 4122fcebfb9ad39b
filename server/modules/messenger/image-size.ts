// Width and height of an image from its first bytes (PNG, GIF, JPEG, WebP), so the client can reserve the
// space of an inline image before it loads. Null for anything else or a header it cannot read.

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

export interface ImageSize {
  width: number;
  height: number;
}

export function imageSize(b: Uint8Array): ImageSize | null {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === "PNG" && ascii(b, 12, 4) === "IHDR") {
    return ok(u32be(b, 16), u32be(b, 20));
  }
  if (b.length >= 10 && ascii(b, 0, 4) === "GIF8") return ok(u16le(b, 6), u16le(b, 8));
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const kind = ascii(b, 12, 4);
    if (kind === "VP8X") return ok(u24le(b, 24) + 1, u24le(b, 27) + 1);
    if (kind === "VP8 ") return ok(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    if (kind === "VP8L") {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
      return ok((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame.
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1];
      if (marker === 0xff) {
        at++;
        continue;
      }
      const len = u16be(b, at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return ok(u16be(b, at + 7), u16be(b, at + 5));
      }
      at += 2 + len;
    }
  }
  return null;
}

function ok(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 && width < 1e6 && height < 1e6 ? { width, height } : null;
}

/** The size of the image in a file (its first 64 KiB read), or null. */
export async function imageSizeOfFile(path: string): Promise<ImageSize | null> {
  const f = await Deno.open(path, { read: true });
  try {
    const buf = new Uint8Array(64 * 1024);
    let n = 0;
    while (n < buf.length) {
      const got = await f.read(buf.subarray(n));
      if (got === null) break;
      n += got;
    }
    return imageSize(buf.subarray(0, n));
  } finally {
    f.close();
  }
}
