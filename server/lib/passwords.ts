// argon2id password hashing (hash-wasm: pure WebAssembly, so it works in the compiled binary too).
import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32, outputType: "encoded" } as const;

export async function hashPassword(password: string): Promise<string> {
  return await argon2id({ ...PARAMS, password, salt: crypto.getRandomValues(new Uint8Array(16)) });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, to keep timing even. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(crypto.randomUUID()));
}
