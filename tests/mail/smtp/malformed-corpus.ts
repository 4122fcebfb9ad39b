// The corpus of malformed and hostile messages of malformed.test.ts: the small ones are files under
// ../samples/malformed/, the large or byte-exact ones (raw 8-bit headers, NUL, bare CR and LF) are built here.
// Each case names a word that a search must find once the message is stored.
import { readdir, readFile } from "node:fs/promises";

export interface MalformedCase {
  name: string;
  raw: Uint8Array;
  /** A word of its subject or body that search finds. */
  word: string;
  /** The stored subject, when the case is about it. */
  subject?: string;
  /** Attachments listed at least. */
  attachments?: number;
}

const SAMPLES = new URL("../samples/malformed/", import.meta.url);
const HEAD = "From: Partner <partner@partner.example>\r\nTo: rcpt@mime-malformed.test\r\n";

const ascii = (s: string) => new TextEncoder().encode(s);
const lines = (s: string) => ascii(s.replace(/\r?\n/g, "\r\n"));

function bytes(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((p) => typeof p === "string" ? ascii(p) : new Uint8Array(p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The sample files; each holds one word starting "zq" that search must find. */
async function samples(): Promise<MalformedCase[]> {
  const names = (await readdir(SAMPLES)).filter((n) => n.endsWith(".eml")).sort();
  return await Promise.all(names.map(async (name) => {
    const raw = new Uint8Array(await readFile(new URL(name, SAMPLES)));
    const word = /zq[a-z0-9]+/.exec(new TextDecoder().decode(raw))![0];
    return { name, raw, word };
  }));
}

function nestedMultipart(depth: number, word: string): Uint8Array {
  let s = `${HEAD}Subject: nested ${depth} deep ${word}\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n`;
  for (let i = 0; i < depth; i++) s += `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`;
  s += `--b${depth}\r\nContent-Type: text/plain\r\n\r\ninnermost ${word}\r\n`;
  for (let i = depth; i >= 0; i--) s += `--b${i}--\r\n`;
  return ascii(s);
}

/**
 * Headers of all parts just under postal-mime's 2 MB limit, and an attachment: the blob the store keeps has
 * our Received: and Authentication-Results: on top, which must not push it over when read again.
 */
function headersNearLimit(): Uint8Array {
  const top = [`From: partner@partner.example`, `To: rcpt@mime-malformed.test`, `Subject: headers near the limit zqnearlimit`, `Content-Type: multipart/mixed; boundary=q`];
  const part = [`Content-Type: application/octet-stream; name=near.bin`, `Content-Disposition: attachment; filename=near.bin`];
  const used = [...top, ...part].reduce((n, l) => n + l.length + 2, 0);
  const pad = `X-Pad: ${"p".repeat(2 * 1024 * 1024 - 200 - used - 9)}`;
  return ascii(`${[...top, pad].join("\r\n")}\r\n\r\n--q\r\n${part.join("\r\n")}\r\n\r\nnear\r\n--q--\r\n`);
}

function generated(): MalformedCase[] {
  const parts = 3000;
  const manyParts = `${HEAD}Subject: thousands of parts zqmanyparts\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n` +
    Array.from({ length: parts }, (_, i) => `--p\r\nContent-Type: application/octet-stream; name="p${i}.bin"\r\n\r\n${i}\r\n`).join("") +
    "--p--\r\n";
  const base = `${HEAD}Subject: `;
  return [
    { name: "multipart nested 120 deep", raw: nestedMultipart(120, "zqnested120"), word: "zqnested120" },
    { name: "multipart nested 400 deep (past the parser's limit)", raw: nestedMultipart(400, "zqnested400"), word: "zqnested400", subject: "nested 400 deep zqnested400" },
    { name: `${parts} tiny parts`, raw: ascii(manyParts), word: "zqmanyparts", attachments: parts },
    {
      name: "raw 8-bit UTF-8 in headers",
      raw: lines(`From: 김철수 <chulsoo@partner.example>\nTo: 관리자 <rcpt@mime-malformed.test>\nSubject: 원시 UTF-8 제목 zqrawutf8\n\n본문\n`),
      word: "zqrawutf8",
      subject: "원시 UTF-8 제목 zqrawutf8",
    },
    {
      name: "raw EUC-KR in headers",
      raw: bytes("From: ", [0xc7, 0xd1, 0xb1, 0xdb], " <euckr@partner.example>\r\nTo: rcpt@mime-malformed.test\r\nSubject: ", [0xc8, 0xb8, 0xc0, 0xc7],
        " zqraweuckr\r\nContent-Type: text/plain; charset=euc-kr\r\n\r\n", [0xc8, 0xb8, 0xc0, 0xc7], "\r\n"),
      word: "zqraweuckr",
      subject: "회의 zqraweuckr",
    },
    {
      name: "NUL bytes in headers, parameters and body",
      raw: bytes(
        "From: Nul", [0], "Name <nul", [0], "@partner.example>\r\nTo: rcpt@mime-malformed.test\r\nSubject: nul", [0], " zqnulbytes\r\n",
        "Message-ID: <nul", [0], "@partner.example>\r\nIn-Reply-To: <a", [0], "@b>\r\nReferences: <r", [0], "@b>\r\nList-Id: <l", [0], ">\r\n",
        "Content-Type: multipart/mixed; boundary=n\r\n\r\n--n\r\nContent-Type: text/plain\r\n\r\nbody", [0], "text\r\n",
        "--n\r\nContent-Type: image/pn", [0], "g; name=\"a", [0], ".png\"\r\nContent-ID: <c", [0], "id>\r\n\r\nbytes", [0, 0], "\r\n--n--\r\n",
      ),
      word: "zqnulbytes",
    },
    {
      name: "bare LF line endings",
      raw: ascii(`${HEAD.replace(/\r\n/g, "\n")}Subject: bare lf zqbarelf\nContent-Type: text/plain\n\nline one\nline two\n`),
      word: "zqbarelf",
      subject: "bare lf zqbarelf",
    },
    {
      name: "bare CR line endings and bare CR inside lines",
      raw: ascii(`${HEAD}Subject: bare cr\rinside zqbarecr\r\nContent-Type: text/plain\r\n\r\nold mac\rline endings\rzqbarecrbody\r\n`),
      word: "zqbarecrbody",
    },
    { name: "a 1 MB single line", raw: ascii(`${base}one long line zqlongline\r\n\r\n${"word ".repeat(200_000)}end\r\n`), word: "zqlongline" },
    {
      name: "a 1 MB base64 line",
      raw: ascii(`${base}long base64 line zqlongb64\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: application/octet-stream; name=big.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n${"QUJD".repeat(262_144)}\r\n--x--\r\n`),
      word: "zqlongb64",
      attachments: 1,
    },
    { name: "headers of all parts just under 2 MB, and an attachment", raw: headersNearLimit(), word: "zqnearlimit", attachments: 1 },
    { name: "a 200 KB header line", raw: ascii(`${base}big header zqbigheader\r\nX-Big: ${"h".repeat(200_000)}\r\n\r\nbody\r\n`), word: "zqbigheader" },
    {
      name: "a 200 KB folded Subject",
      raw: ascii(`${base}zqbigsubject ${Array.from({ length: 4000 }, () => "s".repeat(48)).join("\r\n ")}\r\n\r\nbody\r\n`),
      word: "zqbigsubject",
    },
    {
      name: "20,000 recipients in To",
      raw: ascii(`${HEAD.replace("To: ", `To: ${Array.from({ length: 20_000 }, (_, i) => `u${i}@x.example`).join(", ")}, `)}Subject: crowd zqcrowd\r\n\r\nbody\r\n`),
      word: "zqcrowd",
    },
    html("HTML nested 10,000 levels", "<div>".repeat(10_000) + "zqdeephtml" + "</div>".repeat(10_000), "zqdeephtml"),
    html("HTML with 100,000 unclosed tags", "<b><i>".repeat(50_000) + "zqunclosedhtml", "zqunclosedhtml"),
    html("HTML with 100,000 unclosed table cells", "<table><tr><td>".repeat(33_000) + "zqtablehtml", "zqtablehtml"),
    html(
      "HTML with huge attributes and data: URLs",
      `<p title="${"t".repeat(1_000_000)}">zqhugeattr</p><a href="https://x.example/${"a".repeat(500_000)}">long</a>` +
        `<img src="data:image/png;base64,${"A".repeat(500_000)}"><a href="data:text/html,<script>alert(1)</script>">d</a>` +
        `<a href="javascript:${"a".repeat(100_000)}">j</a>`,
      "zqhugeattr",
    ),
  ];
}

function html(name: string, body: string, word: string): MalformedCase {
  return { name, raw: ascii(`${HEAD}Subject: ${name} ${word}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${body}\r\n`), word };
}

export async function malformedCorpus(): Promise<MalformedCase[]> {
  return [...await samples(), ...generated()];
}
