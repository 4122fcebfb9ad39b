// The TLS key and certificate of the mail client ports (IMAP, POP3, submission) and inbound STARTTLS. With
// TLS_CERT_FILE and TLS_KEY_FILE set, the administrator's pair is read (and refused with an error naming the
// variable when a file is unreadable or the key does not belong to the certificate). Otherwise a self-signed
// pair (RSA 2048, 10 years, CN and subjectAltName = the host clients are told to use, plus localhost and
// 127.0.0.1) is made in DATA_DIR/tls on the first start and reused after. Two instances starting at once do
// not tear it: each file is written to a temporary name and put in place by link/rename, the key first (only
// one key can win the link) and the certificate last, so a certificate on disk always has its key beside it.
// Loaded once per file pair in this process: the listeners and the settings API (fingerprint) share it.
import { generateKeyPair, X509Certificate, createPrivateKey, randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import forge from "node-forge";
import type { Config } from "../../../config.ts";
import type { Logger } from "../../../lib/logger.ts";

export interface TlsMaterial {
  /** PEM private key. */
  key: string;
  /** PEM certificate (chain). */
  cert: string;
  selfSigned: boolean;
  /** SHA-256 of the DER certificate: upper-case hex pairs joined by ":". */
  fingerprint: string;
}

export const SELF_SIGNED_CERT = "self-signed-cert.pem";
export const SELF_SIGNED_KEY = "self-signed-key.pem";
const VALID_YEARS = 10;
/** How long an instance waits for another one that is writing the self-signed pair. */
const WAIT_FOR_OTHER_MS = 20_000;

const cache = new Map<string, Promise<TlsMaterial>>();

/** Forgets what was loaded (tests: a fresh process). */
export function resetTlsCache(): void {
  cache.clear();
}

export function loadTls(config: Config, log?: Logger): Promise<TlsMaterial> {
  const configured = config.TLS_CERT_FILE || config.TLS_KEY_FILE;
  const id = configured
    ? `file:${config.TLS_CERT_FILE ?? ""}\n${config.TLS_KEY_FILE ?? ""}`
    : `self:${resolve(config.DATA_DIR)}`;
  let loading = cache.get(id);
  if (!loading) {
    loading = configured ? loadConfigured(config) : loadSelfSigned(config, log);
    cache.set(id, loading);
    loading.catch(() => cache.delete(id)); // a failure is tried again on the next call
  }
  return loading;
}

/** The host name clients are told to use: MAIL_CLIENTS_PUBLIC_HOST, MAIL_HOSTNAME or the PUBLIC_URL host. */
export function publicMailHost(config: Config): string {
  return config.MAIL_CLIENTS_PUBLIC_HOST ?? config.MAIL_HOSTNAME ?? new URL(config.PUBLIC_URL).hostname;
}

async function loadConfigured(config: Config): Promise<TlsMaterial> {
  if (!config.TLS_CERT_FILE) throw new Error("TLS_KEY_FILE is set but TLS_CERT_FILE is not: set both or neither");
  if (!config.TLS_KEY_FILE) throw new Error("TLS_CERT_FILE is set but TLS_KEY_FILE is not: set both or neither");
  const cert = await readVariable("TLS_CERT_FILE", config.TLS_CERT_FILE);
  const key = await readVariable("TLS_KEY_FILE", config.TLS_KEY_FILE);
  return { key, cert, selfSigned: false, fingerprint: checkPair(cert, key, "TLS_CERT_FILE", "TLS_KEY_FILE") };
}

async function readVariable(variable: string, path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    throw new Error(`${variable}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** The fingerprint of the certificate when the key belongs to it; an error naming the source otherwise. */
function checkPair(cert: string, key: string, certName: string, keyName: string): string {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (e) {
    throw new Error(`${certName}: not a PEM certificate (${(e as Error).message})`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (e) {
    throw new Error(`${keyName}: not a PEM private key (${(e as Error).message})`);
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new Error(`${keyName} does not match the certificate of ${certName}`);
  }
  return x509.fingerprint256.toUpperCase();
}

async function loadSelfSigned(config: Config, log?: Logger): Promise<TlsMaterial> {
  const dir = join(resolve(config.DATA_DIR), "tls");
  const certPath = join(dir, SELF_SIGNED_CERT);
  const keyPath = join(dir, SELF_SIGNED_KEY);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const host = publicMailHost(config);

  const existing = await readPair(certPath, keyPath);
  if (existing) {
    if (!new X509Certificate(existing.cert).checkHost(host)) {
      log?.warn(`tls: the self-signed certificate in ${dir} is not for ${host}; delete both files there to make a new one`);
    }
    return existing;
  }
  if (!(await exists(keyPath))) {
    const made = await generate(host);
    const tmpKey = `${keyPath}.${randomBytes(6).toString("hex")}.tmp`;
    const tmpCert = `${certPath}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(tmpKey, made.key, { mode: 0o600 });
    await chmod(tmpKey, 0o600);
    await writeFile(tmpCert, made.cert, { mode: 0o644 });
    let won = true;
    try {
      await link(tmpKey, keyPath); // fails when another instance's key is already there
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      won = false;
    }
    await rm(tmpKey, { force: true });
    if (won) {
      await rename(tmpCert, certPath);
      const material = await readPair(certPath, keyPath);
      if (!material) throw new Error(`${dir}: the self-signed certificate just written does not read back`);
      log?.info(`tls: self-signed certificate for ${host} made in ${dir} (SHA-256 ${material.fingerprint})`);
      return material;
    }
    await rm(tmpCert, { force: true });
  }
  // A key without its certificate: another instance is writing the pair; wait for it.
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (Date.now() < deadline) {
    await new Promise((ok) => setTimeout(ok, 100));
    const pair = await readPair(certPath, keyPath);
    if (pair) return pair;
  }
  // Left half-written by an instance that died: start over.
  log?.warn(`tls: ${keyPath} has no matching certificate; making a new self-signed pair`);
  await rm(keyPath, { force: true });
  return await loadSelfSigned(config, log);
}

/** The self-signed pair on disk when both files are there and belong together. */
async function readPair(certPath: string, keyPath: string): Promise<TlsMaterial | null> {
  let cert: string;
  let key: string;
  try {
    cert = await readFile(certPath, "utf8");
    key = await readFile(keyPath, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    return { key, cert, selfSigned: true, fingerprint: checkPair(cert, key, certPath, keyPath) };
  } catch {
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A new RSA 2048 key (node:crypto) and a self-signed certificate for the host (node-forge). */
async function generate(host: string): Promise<{ key: string; cert: string }> {
  const pair = await new Promise<{ publicKey: string; privateKey: string }>((ok, fail) =>
    generateKeyPair("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }, (e, publicKey, privateKey) => e ? fail(e) : ok({ publicKey, privateKey }))
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = "0" + randomBytes(16).toString("hex"); // positive
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60_000); // an hour's leeway for clocks behind
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + VALID_YEARS);
  cert.validity.notAfter = until;
  const subject = [{ name: "commonName", value: host }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const names = [...new Set([host.toLowerCase(), "localhost", "127.0.0.1"])];
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: names.map((n) => isIP(n) ? { type: 7, ip: n } : { type: 2, value: n }) },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(pair.privateKey), forge.md.sha256.create());
  return { key: pair.privateKey, cert: forge.pki.certificateToPem(cert) };
}
