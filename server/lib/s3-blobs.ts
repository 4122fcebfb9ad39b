// The blob store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), for installs where several
// instances share the blobs. Same contract as the folder store (blobs.ts): the key is the SHA-256 of the bytes,
// put() answers once the store has acknowledged the bytes (an S3 PUT answers only when they are durable),
// putFile() streams a file part by part (multipart above one part), a reused blob counts as touched again.
//
// Layout under the optional prefix P: P + "blobs/<key>" the bytes; P + "touched/<key>" an empty marker written
// whenever a put() reuses a blob (its time is the blob's "touched" time: no self-copy, which S3 limits to 5 GB
// per request); P + "collecting/<key>" a blob's copy while the collector removes it.
//
// Why the copy: S3 has no rename and no portable conditional delete, so a reuse and a removal must see each
// other. The two sides write first, then read what the other wrote (this needs S3's strong read-after-write
// consistency, which AWS S3, MinIO and Ceph give):
//   put (reuse):  write the marker; then HEAD the blob: there → done; gone → upload the bytes.
//   collector:    copy the blob aside; DELETE the blob; then read the marker: fresh → copy the blob back.
// If the put's HEAD saw the blob, its marker was written before the collector's DELETE, so the collector's later
// read of the marker sees it and puts the bytes back; if the put's HEAD came after the DELETE, the put uploads.
// Either way a key a put() answered for names complete bytes. Two collectors of one key are safe too: a copy
// aside is removed only after the bytes are back, or by a collector that read the marker before the put wrote
// it (so that put found the blob gone and uploaded). A collector that dies between its DELETE and its last
// step leaves the copy aside: reads fall back to it, list() still yields the key, and a judgement of that key
// a while later puts it back first (fresh, so it is judged again a grace period later).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { BlobMissingError, type BlobStore, type ByteRange, hashFile } from "./blobs.ts";

export interface S3BlobStoreOptions {
  /** The S3 API's address; unset: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than in the host name: MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Keys are laid out under it ("" or ending in "/"). */
  prefix: string;
  /** Bytes per uploaded part of putFile() (and the most a put reads into memory from a file); at least 5 MiB. */
  partSize?: number;
  /** Larger blobs are copied part by part (S3 copies at most 5 GiB in one request). */
  singleCopyMax?: number;
  /** Keys asked for per listing page (S3 answers at most 1000). */
  pageSize?: number;
  /** A copy aside older than this was left by a collection that died (default 15 minutes; one takes seconds). */
  abandonedAfterMs?: number;
}

const KEY = /^[0-9a-f]{64}$/;
const MiB = 1024 * 1024;
const MAX_PARTS = 10_000;

type S3Error = { name?: string; $metadata?: { httpStatusCode?: number } };
const isMissing = (e: unknown) => {
  const x = e as S3Error;
  return x?.name === "NotFound" || x?.name === "NoSuchKey" || (x?.name !== "NoSuchBucket" && x?.$metadata?.httpStatusCode === 404);
};
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #partSize: number;
  readonly #singleCopyMax: number;
  readonly #pageSize: number;
  readonly #abandonedAfterMs: number;

  constructor(opts: S3BlobStoreOptions) {
    this.#bucket = opts.bucket;
    this.#prefix = opts.prefix;
    this.#partSize = opts.partSize ?? 16 * MiB;
    this.#singleCopyMax = opts.singleCopyMax ?? 5 * 1024 * MiB;
    this.#pageSize = opts.pageSize ?? 1000;
    this.#abandonedAfterMs = opts.abandonedAfterMs ?? 15 * 60 * 1000;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      credentials: opts.credentials,
      forcePathStyle: opts.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores reject the SDK's default trailing
      // checksums. Integrity is kept by Content-MD5 on every upload (S3 refuses bytes that do not match it).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    if (opts.forcePathStyle) {
      // Requests on the bucket itself (list, head) go to "/bucket" rather than the SDK's "/bucket/": both mean
      // the same to S3, and some S3-compatible servers sign only the former.
      const tail = `/${opts.bucket}/`;
      this.client.middlewareStack.add((next) => (args) => {
        const req = args.request as { path?: string };
        if (typeof req.path === "string" && req.path.endsWith(tail)) req.path = req.path.slice(0, -1);
        return next(args);
      }, { step: "build", name: "bucketPathWithoutSlash" });
    }
  }

  #blob(key: string): string {
    if (!KEY.test(key)) throw new BlobMissingError(`not a blob key: ${key}`);
    return `${this.#prefix}blobs/${key}`;
  }
  #marker(key: string): string {
    return `${this.#prefix}touched/${key}`;
  }
  #aside(key: string): string {
    return `${this.#prefix}collecting/${key}`;
  }

  /** Fails with a message naming the bucket when it cannot be reached (checked at start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (e) {
      const status = (e as S3Error).$metadata?.httpStatusCode;
      const why = status === 404 ? "no such bucket" : status === 403 ? "access denied" : (e as Error).message || (e as Error).name;
      throw new Error(`blob store: bucket "${this.#bucket}" cannot be used: ${why}`);
    }
  }

  /** Size and time of an object; null when there is none. */
  async #head(objectKey: string): Promise<{ size: number; at: Date } | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
      return { size: h.ContentLength ?? 0, at: h.LastModified ?? new Date(0) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async #delete(objectKey: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
  }

  async #putObject(objectKey: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({
      Bucket: this.#bucket,
      Key: objectKey,
      Body: bytes,
      ContentLength: bytes.length,
      ContentMD5: md5(bytes),
      ContentType: "application/octet-stream",
    }));
  }

  /**
   * A blob of this key and size is there: it counts as touched from now on (the marker first, then the look:
   * see the top of the file). False when it is not there (never was, or the collector took it).
   */
  async #reuse(key: string, size: number): Promise<boolean> {
    const blob = this.#blob(key);
    if ((await this.#head(blob))?.size !== size) return false;
    await this.#putObject(this.#marker(key), new Uint8Array(0));
    return (await this.#head(blob))?.size === size;
  }

  async put(bytes: Uint8Array): Promise<{ key: string; size: number }> {
    const key = createHash("sha256").update(bytes).digest("hex");
    if (!(await this.#reuse(key, bytes.length))) await this.#putObject(this.#blob(key), bytes);
    return { key, size: bytes.length };
  }

  async putFile(path: string, known?: { key: string; size: number }): Promise<{ key: string; size: number }> {
    const { key, size } = known ?? await hashFile(path);
    if (!(await this.#reuse(key, size))) await this.#upload(path, size, this.#blob(key));
    await rm(path, { force: true }); // taken over: the bytes are in the bucket
    return { key, size };
  }

  /** Uploads a file, in one request when it fits one part, otherwise as a multipart upload (one part in memory). */
  async #upload(path: string, size: number, objectKey: string): Promise<void> {
    const partSize = Math.max(this.#partSize, Math.ceil(size / MAX_PARTS));
    const fh = await open(path, "r");
    try {
      const read = async (offset: number, length: number) => {
        const buf = new Uint8Array(length);
        for (let done = 0; done < length;) {
          const { bytesRead } = await fh.read(buf, done, length - done, offset + done);
          if (bytesRead === 0) throw new Error(`${path} changed while it was stored`);
          done += bytesRead;
        }
        return buf;
      };
      if (size <= partSize) return await this.#putObject(objectKey, await read(0, size));
      const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: objectKey,
        ContentType: "application/octet-stream",
      }));
      try {
        const parts: { ETag: string; PartNumber: number }[] = [];
        for (let offset = 0, n = 1; offset < size; offset += partSize, n++) {
          const body = await read(offset, Math.min(partSize, size - offset));
          const r = await this.client.send(new UploadPartCommand({
            Bucket: this.#bucket,
            Key: objectKey,
            UploadId,
            PartNumber: n,
            Body: body,
            ContentLength: body.length,
            ContentMD5: md5(body),
          }));
          parts.push({ ETag: r.ETag!, PartNumber: n });
        }
        await this.client.send(new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: objectKey,
          UploadId,
          MultipartUpload: { Parts: parts },
        }));
      } catch (e) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: objectKey, UploadId }))
          .catch(() => {});
        throw e;
      }
    } finally {
      await fh.close();
    }
  }

  /** Copies an object within the bucket: in one request up to 5 GiB, part by part above. */
  async #copy(from: string, to: string, size: number): Promise<void> {
    const CopySource = encodeURI(`${this.#bucket}/${from}`);
    if (size <= this.#singleCopyMax) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.#bucket, Key: to, CopySource }));
      return;
    }
    const partSize = Math.max(this.#singleCopyMax, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: to }));
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let offset = 0, n = 1; offset < size; offset += partSize, n++) {
        const last = Math.min(offset + partSize, size) - 1;
        const r = await this.client.send(new UploadPartCopyCommand({
          Bucket: this.#bucket,
          Key: to,
          UploadId,
          PartNumber: n,
          CopySource,
          CopySourceRange: `bytes=${offset}-${last}`,
        }));
        parts.push({ ETag: r.CopyPartResult!.ETag!, PartNumber: n });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.#bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (e) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: to, UploadId })).catch(() => {});
      throw e;
    }
  }

  /** The blob's object, or the copy aside of an unfinished collection; throws BlobMissingError for neither. */
  async #getObject(key: string, range?: ByteRange) {
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    for (const objectKey of [this.#blob(key), this.#aside(key)]) {
      try {
        return await this.client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: objectKey, Range }));
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    }
    throw new BlobMissingError(key);
  }

  async get(key: string): Promise<Uint8Array> {
    const object = await this.#getObject(key);
    return await object.Body!.transformToByteArray();
  }

  async stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const object = await this.#getObject(key, range);
    return object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  async size(key: string): Promise<number | null> {
    const blob = this.#blob(key);
    return ((await this.#head(blob)) ?? (await this.#head(this.#aside(key))))?.size ?? null;
  }

  async deleteIfUntouchedSince(key: string, cutoff: Date): Promise<boolean> {
    const blob = this.#blob(key), marker = this.#marker(key), aside = this.#aside(key);
    // S3 keeps whole seconds: a time in the cutoff's second counts as fresh (keeps rather than removes).
    const fresh = (at: Date | undefined) => at !== undefined && at.getTime() >= Math.floor(cutoff.getTime() / 1000) * 1000;
    // A copy aside is another collection of this key: still running (its own steps finish it) or one that
    // died half-way, long ago; that one's copy is put back first, and the key judged another time.
    const left = await this.#head(aside);
    if (left) {
      if (Date.now() - left.at.getTime() < this.#abandonedAfterMs) return false;
      if (!(await this.#head(blob))) await this.#copy(aside, blob, left.size);
      await this.#delete(aside);
      return false;
    }
    const held = await this.#head(blob);
    if (!held || fresh(held.at) || fresh((await this.#head(marker))?.at)) return false;
    await this.#copy(blob, aside, held.size);
    await this.#delete(blob);
    if (fresh((await this.#head(marker))?.at)) {
      // A put() reused it meanwhile and may have answered: the bytes go back (a put of the same bytes may
      // have uploaded them again already; same key, same bytes).
      if (!(await this.#head(blob))) await this.#copy(aside, blob, held.size);
      await this.#delete(aside);
      return false;
    }
    await this.#delete(aside);
    await this.#delete(marker);
    return true;
  }

  /** Every object under one folder of the layout as (key, time), in key order, page by page. */
  async *#listed(folder: string): AsyncGenerator<{ key: string; at: Date }> {
    const prefix = `${this.#prefix}${folder}/`;
    let marker: string | undefined;
    for (;;) {
      // ListObjects (version 1) pages by the last key: understood by every S3-compatible store.
      const page = await this.client.send(new ListObjectsCommand({ Bucket: this.#bucket, Prefix: prefix, Marker: marker, MaxKeys: this.#pageSize }));
      const contents = page.Contents ?? [];
      for (const o of contents) {
        const key = o.Key!.slice(prefix.length);
        if (KEY.test(key)) yield { key, at: o.LastModified ?? new Date(0) };
      }
      if (!page.IsTruncated || !contents.length) return;
      marker = page.NextMarker ?? contents[contents.length - 1].Key!;
    }
  }

  async *list(): AsyncIterable<{ key: string; touchedAt: Date }> {
    // Three listings in key order, merged: blobs (and copies aside) with the times of their markers.
    const sources = [this.#listed("blobs"), this.#listed("collecting"), this.#listed("touched")];
    const heads = await Promise.all(sources.map((s) => s.next()));
    for (;;) {
      const live = heads.map((h, i) => (h.done ? null : { ...h.value, i })).filter((x) => x !== null);
      if (!live.length) return;
      const key = live.reduce((a, b) => (b.key < a.key ? b : a)).key;
      let touchedAt = new Date(0);
      let stored = false;
      for (const x of live.filter((x) => x.key === key)) {
        if (x.at > touchedAt) touchedAt = x.at;
        if (x.i < 2) stored = true; // a marker alone (its blob removed) is no blob
        heads[x.i] = await sources[x.i].next();
      }
      if (stored) yield { key, touchedAt };
    }
  }
}
