// TLS material of the mail client ports (server/modules/mail/clients/tls.ts): a self-signed pair made once in
// DATA_DIR/tls (key file 0600) and reused after, also by a fresh process (cache reset) and by two instances
// starting at once; the administrator's TLS_CERT_FILE / TLS_KEY_FILE used as they are; a missing file or a key
// of another certificate refused with the variable named; a real TLS handshake (node:tls) with the made pair,
// the client trusting only that certificate and checking the host names in it.
import { afterAll, describe, expect, test } from "vitest";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import type { AddressInfo } from "node:net";
import { parseConfig } from "../../../../server/config.ts";
import { loadTls, resetTlsCache } from "../../../../server/modules/mail/clients/tls.ts";
import { testTls } from "../support.ts";

const dirs: string[] = [];
async function dataDir() {
  const d = await mkdtemp(join(tmpdir(), "tls-test-"));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const configOf = (env: Record<string, string>) =>
  parseConfig({ LOG_LEVEL: "error", PUBLIC_URL: "https://groupware.tls-test.example", ...env });

/** "AB:CD:…" from the DER bytes, computed here independently of X509Certificate.fingerprint256. */
function derFingerprint(pem: string): string {
  const der = new X509Certificate(pem).raw;
  return createHash("sha256").update(der).digest("hex").toUpperCase().match(/../g)!.join(":");
}

describe("self-signed certificate", () => {
  test("made on the first start, reused after (same fingerprint after a cache reset), key file 0600", async () => {
    const dir = await dataDir();
    const config = configOf({ DATA_DIR: dir, MAIL_CLIENTS_PUBLIC_HOST: "mail.tls-test.example" });
    resetTlsCache();
    const first = await loadTls(config);
    expect(first.selfSigned).toBe(true);
    expect(first.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(first.fingerprint).toBe(derFingerprint(first.cert));
    expect(await loadTls(config)).toBe(first); // cached in-process

    const cert = new X509Certificate(first.cert);
    expect(cert.subject).toContain("CN=mail.tls-test.example");
    expect(cert.subjectAltName).toBe("DNS:mail.tls-test.example, DNS:localhost, IP Address:127.0.0.1");
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.9);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const keyPath = join(dir, "tls", "self-signed-key.pem");
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    expect(await readFile(keyPath, "utf8")).toBe(first.key);
    expect(await readFile(join(dir, "tls", "self-signed-cert.pem"), "utf8")).toBe(first.cert);

    resetTlsCache(); // as a new process
    const again = await loadTls(config);
    expect(again).not.toBe(first);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(again.key).toBe(first.key);
  });

  test("the host is MAIL_HOSTNAME, else the PUBLIC_URL host, when MAIL_CLIENTS_PUBLIC_HOST is unset", async () => {
    resetTlsCache();
    const a = await loadTls(configOf({ DATA_DIR: await dataDir(), MAIL_HOSTNAME: "mx.tls-test.example" }));
    expect(new X509Certificate(a.cert).subjectAltName).toContain("DNS:mx.tls-test.example");
    const b = await loadTls(configOf({ DATA_DIR: await dataDir() }));
    expect(new X509Certificate(b.cert).subjectAltName).toContain("DNS:groupware.tls-test.example");
  });

  test("two instances starting at once end up with one pair", async () => {
    const config = configOf({ DATA_DIR: await dataDir() });
    resetTlsCache();
    const one = loadTls(config);
    resetTlsCache();
    const two = loadTls(config);
    const [a, b] = await Promise.all([one, two]);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.key).toBe(b.key);
    resetTlsCache();
    expect((await loadTls(config)).fingerprint).toBe(a.fingerprint);
  });

  test("a real TLS handshake with the made pair (client trusts only it and checks the names)", async () => {
    resetTlsCache();
    const material = await loadTls(configOf({ DATA_DIR: await dataDir(), MAIL_CLIENTS_PUBLIC_HOST: "mail.tls-test.example" }));
    const server = tls.createServer({ key: material.key, cert: material.cert }, (s) => s.end("hello over tls\n"));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const servername of ["localhost", "mail.tls-test.example"]) {
        const { text, fingerprint } = await new Promise<{ text: string; fingerprint: string }>((ok, fail) => {
          const socket = tls.connect({ host: "127.0.0.1", port, servername, ca: material.cert }, () => {
            const fingerprint = socket.getPeerCertificate().fingerprint256;
            let text = "";
            socket.on("data", (d) => text += d);
            socket.on("end", () => ok({ text, fingerprint }));
          });
          socket.on("error", fail);
        });
        expect(text).toBe("hello over tls\n");
        expect(fingerprint).toBe(material.fingerprint);
      }
      // A name not in the certificate is refused by the client.
      await expect(new Promise((ok, fail) => {
        const socket = tls.connect({ host: "127.0.0.1", port, servername: "other.example", ca: material.cert }, () => ok(socket.end()));
        socket.on("error", fail);
      })).rejects.toThrow(/other\.example|altnames/i);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe("configured certificate", () => {
  test("TLS_CERT_FILE and TLS_KEY_FILE are used as they are", async () => {
    const dir = await dataDir();
    const pair = await testTls();
    await writeFile(join(dir, "cert.pem"), pair.cert);
    await writeFile(join(dir, "key.pem"), pair.key);
    resetTlsCache();
    const m = await loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "cert.pem"), TLS_KEY_FILE: join(dir, "key.pem") }));
    expect(m).toEqual({ key: pair.key, cert: pair.cert, selfSigned: false, fingerprint: derFingerprint(pair.cert) });
    await expect(stat(join(dir, "tls"))).rejects.toThrow(); // nothing generated
  });

  test("a missing file or a key of another certificate is refused, naming the variable", async () => {
    const dir = await dataDir();
    const pair = await testTls();
    await writeFile(join(dir, "cert.pem"), pair.cert);
    await writeFile(join(dir, "key.pem"), pair.key);
    resetTlsCache();
    await expect(loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "nope.pem"), TLS_KEY_FILE: join(dir, "key.pem") })))
      .rejects.toThrow(/^TLS_CERT_FILE: cannot read .*nope\.pem/);
    await expect(loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "cert.pem"), TLS_KEY_FILE: join(dir, "nope.pem") })))
      .rejects.toThrow(/^TLS_KEY_FILE: cannot read/);
    await expect(loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "cert.pem") })))
      .rejects.toThrow(/TLS_KEY_FILE is not/);

    // The key of a self-signed pair made elsewhere does not belong to the test certificate.
    const other = await loadTls(configOf({ DATA_DIR: await dataDir() }));
    await writeFile(join(dir, "other-key.pem"), other.key);
    await expect(loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "cert.pem"), TLS_KEY_FILE: join(dir, "other-key.pem") })))
      .rejects.toThrow("TLS_KEY_FILE does not match the certificate of TLS_CERT_FILE");
    await writeFile(join(dir, "garbage.pem"), "not a certificate");
    await expect(loadTls(configOf({ DATA_DIR: dir, TLS_CERT_FILE: join(dir, "garbage.pem"), TLS_KEY_FILE: join(dir, "key.pem") })))
      .rejects.toThrow(/^TLS_CERT_FILE: not a PEM certificate/);
  });
});
