// The drive's WebDAV driven by clients nobody here wrote: the litmus conformance suite (basic, copymove,
// props, locks), rclone (a folder copied up and down, checksums compared) and cadaver (scripted
// put/get/mkcol/move). Debian's packages; .ci/run installs them, so a missing one fails here.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { DAV_PASSWORD, davClient, davCompany, type DavMember, run, serveApp } from "./dav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
let me: DavMember;
let work: string;

beforeAll(async () => {
  me = (await davCompany(t, "dav-clients.test")).admin;
  work = await mkdtemp(join(tmpdir(), "drive-dav-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** litmus's summary line of a suite: "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%". */
function summaryOf(out: string, suite: string) {
  const m = new RegExp(`summary for \`${suite}': of (\\d+) tests run: (\\d+) passed, (\\d+) failed`).exec(out);
  if (!m) throw new Error(`no summary for ${suite} in:\n${out}`);
  return { run: Number(m[1]), passed: Number(m[2]), failed: Number(m[3]) };
}

describe("litmus", () => {
  it("passes basic, copymove, props and locks", async () => {
    const dav = davClient(base, me.username);
    expect((await dav("MKCOL", "/dav/files/litmus/")).status).toBe(201);
    const got: Record<string, { run: number; passed: number; failed: number }> = {};
    // One run per suite: litmus stops at the first suite with a failure.
    for (const suite of ["basic", "copymove", "props", "locks"]) {
      // In the scratch folder: litmus writes its debug.log into the folder it runs in.
      const r = await run("sh", ["-c", `cd "$0" && exec litmus "$@"`, work, `${base}/dav/files/litmus/`, me.username, DAV_PASSWORD], {
        env: { TESTS: suite }, allowFail: true, timeoutMs: 30_000,
      });
      const out = r.out + r.err;
      if (!out.includes("100.0%")) console.log(out);
      got[suite] = summaryOf(out, suite);
    }
    expect(got).toEqual({
      basic: { run: 16, passed: 16, failed: 0 },
      copymove: { run: 13, passed: 13, failed: 0 },
      props: { run: 30, passed: 30, failed: 0 },
      locks: { run: 41, passed: 41, failed: 0 },
    });
  }, 90_000);
});
