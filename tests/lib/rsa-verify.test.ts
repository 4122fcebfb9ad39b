// The BigInt RSA verifier (server/lib/rsa-verify.ts) against node:crypto's own verify: the same answer for
// good signatures, tampered data and signatures, other keys, wrong lengths, both hashes and the key forms
// mailauth passes (KeyObject, PEM); what it does not handle goes to the original.
import { describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { createPublicKey, createSign, generateKeyPairSync, sign, verify } from "node:crypto";
import { fasterVerify } from "../../server/lib/rsa-verify.ts";

const faster = fasterVerify(verify);
const keys = [1024, 2048, 3072].map((bits) => generateKeyPairSync("rsa", { modulusLength: bits }));

describe("RSA PKCS#1 v1.5 verify", () => {
  it("agrees with node:crypto on good and bad signatures, for each key size, hash and key form", () => {
    const data = Buffer.from("DKIM-Signature: v=1; a=rsa-sha256; 분기 실적\r\n");
    for (const { privateKey, publicKey } of keys) {
      const pem = publicKey.export({ type: "spki", format: "pem" }) as string;
      for (const alg of ["sha256", "rsa-sha256", "RSA-SHA256", "sha1", "rsa-sha1"]) {
        const good = createSign(alg).update(data).sign(privateKey);
        const bitFlipped = Buffer.from(good);
        bitFlipped[bitFlipped.length - 1] ^= 1;
        const otherData = Buffer.concat([data, Buffer.from("x")]);
        const cases: [Buffer, Buffer][] = [
          [data, good], [otherData, good], [data, bitFlipped], [data, good.subarray(1)],
          [data, Buffer.concat([Buffer.alloc(1), good])], [data, Buffer.alloc(good.length, 0xff)], [data, Buffer.alloc(good.length)],
        ];
        for (const key of [publicKey, pem, createPublicKey(pem)]) {
          for (const [d, s] of cases) expect(faster(alg, d, key, s), `${alg} ${d.length} ${s.length}`).toBe(verify(alg, d, key, s));
        }
        expect(faster(alg, data, pem, good)).toBe(true);
      }
    }
  });

  it("refuses a signature made by another key, and one over another hash", () => {
    const data = Buffer.from("message");
    const sig = createSign("sha256").update(data).sign(keys[1].privateKey);
    expect(faster("sha256", data, keys[0].publicKey, sig)).toBe(false);
    expect(faster("sha256", data, generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey, sig)).toBe(false);
    expect(faster("sha1", data, keys[1].publicKey, sig)).toBe(false);
  });

  it("leaves Ed25519 and unknown algorithms to the original", () => {
    const ed = generateKeyPairSync("ed25519");
    const data = Buffer.from("message");
    const sig = sign(null, data, ed.privateKey);
    expect(faster(null as unknown as string, data, ed.publicKey, sig)).toBe(true);
    expect(faster(null as unknown as string, Buffer.from("other"), ed.publicKey, sig)).toBe(false);
    const rsaSig = createSign("sha512").update(data).sign(keys[1].privateKey);
    expect(faster("sha512", data, keys[1].publicKey, rsaSig)).toBe(verify("sha512", data, keys[1].publicKey, rsaSig));
  });
});
