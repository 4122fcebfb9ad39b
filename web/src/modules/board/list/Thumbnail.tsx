// A feed card's picture: the post's first inline image. The list answers its file id (and, where the server
// signs it, its inlineUrl as thumbnailUrl); without a signed address the bytes come through the API with the
// bearer token and show from an object URL. Decorative: the card's title says what the post is.
import { useEffect, useState } from "react";
import type { PostSummary } from "@shared/board/posts.ts";
import { authorized } from "../../../lib/api.ts";
import { B } from "../api.ts";

export function Thumbnail({ post }: { post: PostSummary & { thumbnailUrl?: string | null } }) {
  const signed = post.thumbnailUrl ?? null;
  const [src, setSrc] = useState<string | null>(signed);
  useEffect(() => {
    if (signed || !post.thumbnailFileId) return;
    let url: string | null = null;
    let live = true;
    const ctl = new AbortController();
    authorized(`${B}/file/${post.thumbnailFileId}`, { signal: ctl.signal })
      .then((r) => r.blob())
      .then((b) => {
        if (!live) return;
        url = URL.createObjectURL(b);
        setSrc(url);
      })
      .catch(() => {});
    return () => {
      live = false;
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [signed, post.thumbnailFileId]);
  if (!src) return null;
  return <img className="bd-thumb" src={src} alt="" loading="lazy" />;
}
