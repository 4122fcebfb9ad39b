// The blob store the configuration names: the folder under DATA_DIR (made current by blob-layout.ts first) or
// an S3-compatible bucket (s3-blobs.ts, checked to be reachable). The server and the admin scripts (backup,
// restore) open it the same way.
import { join } from "node:path";
import type { Config } from "../config.ts";
import { type BlobStore, FileBlobStore } from "./blobs.ts";
import { upgradeBlobLayout } from "./blob-layout.ts";
import type { Logger } from "./logger.ts";
import { S3BlobStore } from "./s3-blobs.ts";

type BlobConfig = Pick<
  Config,
  | "DATA_DIR"
  | "BLOB_STORE"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
>;

/** The S3 store of the configuration (BLOB_STORE=s3), not yet checked. */
export function s3StoreOf(config: BlobConfig): S3BlobStore {
  const prefix = config.S3_PREFIX ? config.S3_PREFIX.replace(/\/?$/, "/") : "";
  return new S3BlobStore({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET!, // config.ts requires it with BLOB_STORE=s3
    region: config.S3_REGION,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix,
  });
}

/** Opens the configured store; throws with a message naming the bucket when an S3 store cannot be used. */
export async function openBlobStore(config: BlobConfig, log?: Logger): Promise<BlobStore> {
  if (config.BLOB_STORE === "s3") {
    const store = s3StoreOf(config);
    await store.check();
    log?.info(`blob store: bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ""}`);
    return store;
  }
  const root = join(config.DATA_DIR, "blobs");
  const moved = await upgradeBlobLayout(root);
  if (moved) log?.info(`blob store: ${moved} blob(s) moved to the one-level folder layout`);
  return new FileBlobStore(root);
}
