// Which servers' certificates external accounts trust, and how a certificate failure is told apart. Beyond
// the system's roots, EXTERNAL_MAIL_CA_FILE (PEM) adds the certificates an administrator trusts: a private CA,
// or an on-premise mail server's own self-signed certificate. It is read once, at start (a file that cannot
// be read or holds no certificate stops the server, naming the variable). A connection refused for its
// certificate (self-signed, unknown issuer, expired, another name) is reported as mail.external_cert_untrusted
// rather than as "could not connect", so the user knows what to ask the administrator for.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

export const CERT_UNTRUSTED = "mail.external_cert_untrusted";

/** How external accounts connect: whether internal addresses are allowed, and the roots trusted (unset: the system's). */
export interface ExternalNet {
  allowPrivate: boolean;
  ca?: string[];
}

interface TrustConfig {
  EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: boolean;
  EXTERNAL_MAIL_CA_FILE?: string;
}

const loaded = new Map<string, string[]>();

/**
 * The roots to trust with EXTERNAL_MAIL_CA_FILE: the system's and the file's, read and joined once; an error
 * naming the variable when the file is unusable.
 */
function trustedRoots(path: string): string[] {
  let certs = loaded.get(path);
  if (certs) return certs;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new Error(`EXTERNAL_MAIL_CA_FILE: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const extra = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (!extra.length) throw new Error(`EXTERNAL_MAIL_CA_FILE: ${path} holds no PEM certificate`);
  certs = [...rootCertificates, ...extra];
  loaded.set(path, certs);
  return certs;
}

export function externalNet(config: TrustConfig): ExternalNet {
  const path = config.EXTERNAL_MAIL_CA_FILE;
  return { allowPrivate: config.EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS, ...(path ? { ca: trustedRoots(path) } : {}) };
}

/** The TLS verification codes of Node's tls (also Deno's node:tls) that mean "this certificate is not trusted". */
const CERT_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** Whether a connection failed on the server's certificate (the error, or one it wraps). */
export function isCertificateError(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 4; err = err.cause as typeof err, depth++) {
    if (typeof err.code === "string" && CERT_CODES.has(err.code)) return true;
  }
  return false;
}
