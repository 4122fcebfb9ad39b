// SPF, DKIM and DMARC verdicts of an inbound message (mailauth). DNS goes through a resolver function with
// the signature of node:dns/promises resolve(name, rrtype): production passes that one, tests a local
// stand-in with the TXT records they publish. A verdict that cannot be reached (DNS down, a timeout, a bug in
// a record) never refuses or loses a message: it is recorded as temperror and the message is filed.
import { resolve as dnsResolve } from "node:dns/promises";
import { authenticate } from "mailauth";

/** DNS lookups of the checks: records of `rrtype` for `name` (TXT records as arrays of chunks). */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>;

export const systemResolver: DnsResolver = (name, rrtype) => dnsResolve(name, rrtype) as Promise<string[][] | string[]>;

/** Longest the checks may take before the message is filed without them. */
export const AUTH_TIMEOUT_MS = 15_000;

export type AuthResultWord = "pass" | "fail" | "softfail" | "neutral" | "none" | "temperror" | "permerror" | "policy";

/** What mail_messages.auth_results keeps: the verdicts, not mailauth's whole report. */
export interface AuthVerdicts {
  spf: { result: AuthResultWord; domain: string | null };
  dkim: { result: AuthResultWord; domain: string | null; selector: string | null; aligned: boolean }[];
  dmarc: { result: AuthResultWord; domain: string | null; policy: string | null };
  arc: { result: AuthResultWord };
  /** Why the checks could not run, when they could not. */
  error?: string;
}

export interface AuthCheck {
  verdicts: AuthVerdicts;
  /** Received-SPF and Authentication-Results header lines (CRLF-terminated) to prepend to the message. */
  headers: string;
}

export interface AuthInput {
  raw: Uint8Array;
  /** Address of the connecting server. */
  ip: string;
  helo: string;
  /** MAIL FROM; empty for bounces. */
  sender: string;
  /** Our host name: the authserv-id of Authentication-Results. */
  mta: string;
  resolver: DnsResolver;
  timeoutMs?: number;
}

export async function checkAuthentication(input: AuthInput): Promise<AuthCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("authentication checks timed out")), input.timeoutMs ?? AUTH_TIMEOUT_MS);
    });
    const r = await Promise.race([
      authenticate(Buffer.from(input.raw.buffer, input.raw.byteOffset, input.raw.byteLength), {
        ip: input.ip,
        helo: input.helo,
        sender: input.sender,
        mta: input.mta,
        resolver: input.resolver,
        disableBimi: true,
      }),
      timeout,
    ]);
    const spf = r.spf || null;
    const dmarc = r.dmarc || null;
    return {
      verdicts: {
        spf: { result: word(spf?.status.result), domain: spf?.domain ?? null },
        // An unsigned message comes back as one "none" result without a domain: kept as no signature at all.
        dkim: r.dkim.results.filter((d) => d.signingDomain || d.status.result !== "none").map((d) => ({
          result: word(d.status.result),
          domain: d.signingDomain ?? null,
          selector: d.selector ?? null,
          aligned: !!d.status.aligned,
        })),
        dmarc: { result: word(dmarc?.status.result), domain: dmarc?.domain ?? null, policy: dmarc ? dmarc.policy || null : null },
        arc: { result: word(r.arc ? r.arc.status.result : undefined) },
      },
      headers: crlf(r.headers),
    };
  } catch (e) {
    const reason = (e as Error).message || "authentication checks failed";
    return {
      verdicts: {
        spf: { result: "temperror", domain: null },
        dkim: [],
        dmarc: { result: "temperror", domain: null, policy: null },
        arc: { result: "temperror" },
        error: reason.slice(0, 200),
      },
      headers: `Authentication-Results: ${input.mta}; auth=temperror (checks not completed)\r\n`,
    };
  } finally {
    clearTimeout(timer);
  }
}

function word(v: string | undefined): AuthResultWord {
  switch (v) {
    case "pass":
    case "fail":
    case "softfail":
    case "neutral":
    case "temperror":
    case "permerror":
    case "policy":
      return v;
    case "temperr":
      return "temperror";
    default:
      return "none";
  }
}

/** mailauth's header block with CRLF line ends and one final CRLF. */
function crlf(headers: string): string {
  const lines = headers.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  return lines.length && lines[0] ? lines.join("\r\n") + "\r\n" : "";
}
