// argon2id password hashing (hash-wasm: pure WebAssembly, so it works in the compiled binary too).
import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane.
const OWASP = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32, outputType: "encoded" } as const;
// The test suite's (vitest.config.ts sets TEST_PASSWORD_HASH=fast for every test file and the processes they
// start): the same argon2id code at 1 MiB and 1 iteration. Its tests sign in and create users thousands of
// times; at the OWASP profile (about 100 ms of CPU each here) that was a third of the API tests' time. The
// parameters are part of each stored hash, so verifying works across both. Never set it for a real server:
// server/main.ts warns when it is.
export const FAST_HASH_FOR_TESTS = Deno.env.get("TEST_PASSWORD_HASH") === "fast";
const PARAMS = FAST_HASH_FOR_TESTS ? { ...OWASP, iterations: 1, memorySize: 1024 } : OWASP;

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
