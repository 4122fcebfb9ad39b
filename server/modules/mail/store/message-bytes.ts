// A stored message's bytes: mail_messages.header_prefix (the trace fields inbound SMTP puts in front of what
// it received: smtp/ingest.ts), then the blob. Everything that hands a whole message out (IMAP, POP3, the
// original's download, exports, forwarding) reads it through here; reading only its parts (attachments,
// invitations) may read the blob alone, as the fields in front of it are top-level headers.
import type { BlobStore } from "../../../lib/blobs.ts";

export interface StoredMessageRef {
  blobKey: string;
  headerPrefix: string | null;
}

export async function messageBytes(blobs: BlobStore, m: StoredMessageRef): Promise<Uint8Array> {
  const blob = await blobs.get(m.blobKey);
  return m.headerPrefix ? withPrefix(m.headerPrefix, blob) : blob;
}

/** `prefix` (header lines, CRLF-terminated) in front of `body`. */
export function withPrefix(prefix: string, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(prefix);
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}
