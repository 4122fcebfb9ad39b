// A real S3 API on loopback (s3rver: objects in a temporary folder, signatures checked) for tests of the S3
// blob store and of instances that share a bucket. Each call starts its own server with its own buckets.
import S3rver from "@20minutes/s3rver";
import type { AddressInfo } from "node:net";
import { utimes } from "node:fs/promises";
import { join } from "node:path";

export const S3_ACCESS_KEY = "S3RVER"; // the one account s3rver knows
export const S3_SECRET_KEY = "S3RVER";

export interface S3Server {
  endpoint: string;
  /** The BLOB_STORE=s3 variables of a server or a script using `bucket` (under `prefix`, when given). */
  env(bucket: string, prefix?: string): Record<string, string>;
  /**
   * Gives an object an older LastModified, as if written at `when` (s3rver answers its file's time; a test's
   * stand-in for waiting hours). False when there is no such object.
   */
  backdate(bucket: string, objectKey: string, when: Date): Promise<boolean>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = await Deno.makeTempDir({ prefix: "gw-s3-" });
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run() as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: (bucket, prefix) => ({
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      S3_FORCE_PATH_STYLE: "true",
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async backdate(bucket, objectKey, when) {
      const file = join(directory, bucket, ...objectKey.split("/")).replace(/$/, "._S3rver_object");
      return await utimes(file, when, when).then(() => true, (e) => {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw e;
      });
    },
    async close() {
      await server.close();
      await Deno.remove(directory, { recursive: true }).catch(() => {});
    },
  };
}
