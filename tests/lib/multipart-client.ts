// A client in its own process for the streamed upload tests: posts a multipart body generated on the fly
// (HTTP/1.1 chunked over a plain socket, no Content-Length) to a URL and prints {status, body, pulled, size} as JSON. Run apart from the
// server so the server's memory is measured alone and the two do not share one event loop.
//   deno run -A tests/lib/multipart-client.ts <url> <token> <chunkSize> '<parts as JSON>'
// A part is {name, value} or {name, filename, type?, file}, where file is {text}, {random: bytes} (a random
// 1 MB block repeated) or {zip: [{name, text} | {name, random}]} (a stored zip of such entries).
import { type BodyPart, multipartBody, postRaw, randomBlock, repeatedBytes, storedZip, type ZipEntry } from "./multipart-body.ts";

type FileSpec = { text: string } | { random: number };
type PartSpec =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; file: FileSpec | { zip: ({ name: string } & FileSpec)[] } };

const [url, token, chunkSize, partsJson] = Deno.args;
const block = randomBlock(1024 * 1024);
const enc = new TextEncoder();

function content(spec: FileSpec): { size: number; content: () => AsyncIterable<Uint8Array> } {
  if ("text" in spec) {
    const bytes = enc.encode(spec.text);
    return { size: bytes.length, content: async function* () { yield bytes; } };
  }
  return { size: spec.random, content: repeatedBytes(spec.random, block) };
}

const parts: BodyPart[] = [];
for (const p of JSON.parse(partsJson) as PartSpec[]) {
  if ("value" in p) parts.push(p);
  else if ("zip" in p.file) {
    const entries: ZipEntry[] = p.file.zip.map((e) => ({ name: e.name, ...content(e) }));
    const zip = await storedZip(entries);
    parts.push({ name: p.name, filename: p.filename, type: p.type, content: zip.content, size: zip.size });
  } else {
    const c = content(p.file);
    parts.push({ name: p.name, filename: p.filename, type: p.type, content: c.content, size: c.size });
  }
}
const body = multipartBody(parts, Number(chunkSize));
const answer = await postRaw(url, token, body);
console.log(JSON.stringify({ ...answer, pulled: body.pulled(), size: body.size }));
