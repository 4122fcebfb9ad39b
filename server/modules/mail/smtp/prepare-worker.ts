// The worker thread of prepare-pool.ts: prepares inbound messages (prepare.ts) off the listener's event loop.
// The verdicts are sent back first ("auth"), then the parsed message and its lexemes ("done"): the listener
// writes the blob in between. DNS look-ups of the SPF/DKIM/DMARC checks are asked of the listener's thread, so
// they go through the resolver the listener was given (the system's, or a test's stand-in); the answers are
// kept here a while (dns-cache.ts), so a run of mail from one domain asks once.
// Messages in: {type:"job", id, input, asText} and {type:"dns", id, records | error}; out: {type:"auth", id, auth},
// {type:"done", id, result}, {type:"failed", id, message} and {type:"dns", id, name, rrtype}.
import crypto from "node:crypto";
import { fasterVerify } from "../../../lib/rsa-verify.ts";
import { checkAuthentication } from "./auth.ts";
import { cachingResolver } from "./dns-cache.ts";
import { prepareContent, prepareContentAsText, type PrepareInput } from "./prepare.ts";

// mailauth verifies each DKIM (and ARC) signature with node:crypto's verify, which it reads from the module
// at each call: in this thread, which does nothing else, that is the BigInt RSA verifier (lib/rsa-verify.ts),
// ≈4× cheaper, same answers; other key types and algorithms go to the original.
(crypto as { verify: typeof crypto.verify }).verify = fasterVerify(crypto.verify);

interface DnsAnswer {
  type: "dns";
  id: number;
  records?: string[][] | string[];
  error?: { message: string; code?: string };
}
type Incoming = { type: "job"; id: number; input: PrepareInput; asText?: boolean } | DnsAnswer;

const self = globalThis as unknown as {
  postMessage(m: unknown): void;
  onmessage: ((e: MessageEvent<Incoming>) => void) | null;
};

let nextDns = 0;
const dnsWaiting = new Map<number, { resolve(v: string[][] | string[]): void; reject(e: Error): void }>();

/** The listener's resolver, asked across threads; answers are kept here a while (dns-cache.ts). */
const resolver = cachingResolver(askListener);

function askListener(name: string, rrtype: string): Promise<string[][] | string[]> {
  const id = ++nextDns;
  return new Promise((resolve, reject) => {
    dnsWaiting.set(id, { resolve, reject });
    self.postMessage({ type: "dns", id, name, rrtype });
  });
}

async function prepare(id: number, input: PrepareInput, asText = false): Promise<void> {
  // The checks first and alone: parsing would hold this thread while their DNS answers wait.
  const auth = await checkAuthentication({ ...input, resolver });
  self.postMessage({ type: "auth", id, auth });
  const result = asText ? await prepareContentAsText(input.raw) : await prepareContent(input.raw);
  self.postMessage({ type: "done", id, result });
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "dns") {
    const waiting = dnsWaiting.get(m.id);
    if (!waiting) return;
    dnsWaiting.delete(m.id);
    if (m.error) waiting.reject(Object.assign(new Error(m.error.message), m.error.code ? { code: m.error.code } : {}));
    else waiting.resolve(m.records ?? []);
    return;
  }
  prepare(m.id, m.input, m.asText).catch((err) =>
    self.postMessage({ type: "failed", id: m.id, message: String((err as Error)?.message ?? err) })
  );
};
