// Where the server may connect when a user names the host (moved here from server/modules/mail/external/ so
// every module uses one guard: external mail accounts (000 §4 lets the user name any server), the
// external-services calls, the boards' link previews (server/modules/board/og/)). The host is resolved
// once, every address it resolves to must be public, and the connection goes to that resolved address (the
// name kept for TLS SNI and certificate checks), so a DNS answer that changes between check and connect
// (rebinding) cannot reach the internal network. Refused: loopback, private (RFC 1918), CGNAT (100.64/10),
// link-local (169.254/16, fe80::/10), unique-local (fc00::/7), unspecified, multicast, reserved, cloud metadata
// addresses, also when written as IPv4-mapped / NAT64 / 6to4 IPv6. Each user has its own config switch to turn
// the check off (on-premise installs, tests): EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS, EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS,
// OG_ALLOW_PRIVATE_HOSTS. The errors' messages are the mail module's codes (its callers map them).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** The host resolves to an address external accounts may not reach. */
export class HostForbiddenError extends Error {
  constructor(readonly host: string) {
    super("mail.external_host_forbidden");
  }
}

/** The host could not be resolved at all. */
export class HostUnresolvedError extends Error {
  constructor(readonly host: string) {
    super("mail.external_unreachable");
  }
}

/** A host checked for connecting: `address` to dial, `servername` for TLS (absent for an IP literal). */
export interface Target {
  address: string;
  servername?: string;
}

type Range = [base: number, bits: number];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

const FORBIDDEN_V4: Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network", unspecified
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local, cloud metadata 169.254.169.254
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, broadcast
  [v4(168, 63, 129, 16), 32], // Azure's metadata / wire server (a public address)
];

function parseV4(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  const [a, b, c, d] = parts.map(Number);
  return v4(a, b, c, d);
}

function inV4(n: number, [base, bits]: Range): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (~((1 << (32 - bits)) - 1)) >>> 0;
  return ((n & mask) >>> 0) === ((base & mask) >>> 0);
}

function forbiddenV4(n: number): boolean {
  return FORBIDDEN_V4.some((r) => inV4(n, r));
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function parseV6(ip: string): number[] | null {
  let s = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  let tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = parseV4(dotted[1]);
    if (n === null) return null;
    tail = [n >>> 16, n & 0xffff];
    s = s.slice(0, dotted.index + 1) + "0:0";
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const out = all.map((g) => parseInt(g, 16));
  if (tail.length) [out[6], out[7]] = tail;
  return out;
}

function forbiddenV6(g: number[]): boolean {
  const embedded = ((g[6] << 16) >>> 0) + g[7];
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return true; // :: unspecified
  if (zeroUntil(7) && g[7] === 1) return true; // ::1 loopback
  if (zeroUntil(5) && g[5] === 0xffff) return forbiddenV4(embedded); // ::ffff:a.b.c.d IPv4-mapped
  if (zeroUntil(4) && g[4] === 0xffff && g[5] === 0) return forbiddenV4(embedded); // ::ffff:0:a.b.c.d translated
  if (zeroUntil(6)) return true; // ::a.b.c.d IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return forbiddenV4(embedded); // NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // local-use NAT64
  if (g[0] === 0x2002) return forbiddenV4(((g[1] << 16) >>> 0) + g[2]); // 6to4
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard-only 100::/64
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g[0] === 0x2001 && g[1] < 0x0200) return true; // IETF protocol assignments (Teredo etc.)
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (AWS metadata fd00:ec2::254)
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** Whether an IP address (v4 or v6 text) is one external accounts may not connect to. Not an IP: true. */
export function isForbiddenAddress(ip: string): boolean {
  const n = parseV4(ip);
  if (n !== null) return forbiddenV4(n);
  const g = parseV6(ip);
  return g === null ? true : forbiddenV6(g);
}

/**
 * Resolves `host` and checks every address; answers what to dial. With `allowPrivate` nothing is checked and
 * the name is dialled as it is. Throws HostForbiddenError or HostUnresolvedError.
 */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<Target> {
  const name = host.trim().replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(name) !== 0;
  if (allowPrivate) return literal ? { address: name } : { address: name, servername: name };
  let addresses: string[];
  if (literal) {
    addresses = [name];
  } else {
    try {
      addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new HostUnresolvedError(host);
    }
    if (!addresses.length) throw new HostUnresolvedError(host);
  }
  // Any internal answer refuses the name: whoever controls its DNS chooses which of the answers is used.
  if (addresses.some(isForbiddenAddress)) throw new HostForbiddenError(host);
  return literal ? { address: addresses[0] } : { address: addresses[0], servername: name };
}
