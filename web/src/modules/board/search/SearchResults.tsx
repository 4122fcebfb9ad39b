// Search results: posts (title, board, author, date, preview, tags), replies (the reply's text around the
// keyword under its post's title), files (name, size, its post); each links to the post page. The all type
// shows each kind as a section with its total and a link to the kind's own tab.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { FileHit, PostSummary, ReplyHit, SearchResult } from "@shared/board/posts.ts";
import type { SearchType } from "@shared/board/constants.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { shortDate } from "../format.ts";
import { boardPaths } from "../paths.ts";
import { Tags } from "../list/PostBits.tsx";

type Kind = "post" | "reply" | "file";

export function SearchResults({ type, result, more }: { type: SearchType; result: SearchResult; more(k: Kind): ReturnType<typeof boardPaths.search> }) {
  const { t } = useTranslation("board");
  const kinds: Kind[] = type === "all" ? ["post", "reply", "file"] : [type];
  const part = (k: Kind) => (k === "post" ? result.posts : k === "reply" ? result.replies : result.files);
  if (type !== "all") {
    const p = part(type);
    return <Hits kind={type} items={p?.content ?? []} label={t(`search.type.${type}`)} />;
  }
  return (
    <>
      {kinds.map((k) => {
        const p = part(k);
        const total = p?.totalElements ?? 0;
        return (
          <section key={k} className="bd-result-section" aria-labelledby={`bd-result-${k}`}>
            <div className="bd-result-head">
              <h2 id={`bd-result-${k}`}>{t(`search.type.${k}`)} <span className="bd-total">{t(p?.totalCapped ? "search.countCapped" : "search.count", { count: total })}</span></h2>
              {total > (p?.content.length ?? 0) && <Link {...more(k)}>{t("search.more", { kind: t(`search.type.${k}`) })}</Link>}
            </div>
            <Hits kind={k} items={p?.content ?? []} label={t(`search.type.${k}`)} />
          </section>
        );
      })}
    </>
  );
}

function Hits({ kind, items, label }: { kind: Kind; items: Array<PostSummary | ReplyHit | FileHit>; label: string }) {
  const { t } = useTranslation("board");
  if (!items.length) return <p className="bd-empty">{t("search.none")}</p>;
  return (
    <ul className="bd-results" aria-label={label}>
      {items.map((it) => (
        <li key={`${kind}-${it.id}`} className="bd-result">
          {kind === "post" && <PostHitView p={it as PostSummary} />}
          {kind === "reply" && <ReplyHitView r={it as ReplyHit} />}
          {kind === "file" && <FileHitView f={it as FileHit} />}
        </li>
      ))}
    </ul>
  );
}

function PostHitView({ p }: { p: PostSummary }) {
  return (
    <>
      <Link {...boardPaths.view(p.id, p.boardId)} className="bd-result-title">{p.title}</Link>
      {p.preview && <p className="bd-result-text">{p.preview}</p>}
      <Tags tags={p.tags} />
      <span className="bd-result-meta">
        <span>{p.boardName}</span>
        <span>{p.userName}</span>
        <span>{shortDate(p.createdTimeMillis)}</span>
      </span>
    </>
  );
}

function ReplyHitView({ r }: { r: ReplyHit }) {
  const { t } = useTranslation("board");
  return (
    <>
      <p className="bd-result-text">{r.text}</p>
      <span className="bd-result-meta">
        <span>{t("search.inPost")} <Link {...boardPaths.view(r.postId, r.boardId)}>{r.postTitle}</Link></span>
        <span>{r.boardName}</span>
        <span>{r.userName}</span>
        <span>{shortDate(r.createdTimeMillis)}</span>
      </span>
    </>
  );
}

function FileHitView({ f }: { f: FileHit }) {
  const { t, i18n } = useTranslation("board");
  return (
    <>
      <span className="bd-result-title">{f.name} <span className="bd-total">{formatBytes(f.size, i18n.language)}</span></span>
      <span className="bd-result-meta">
        <span>{t("search.inPost")} <Link {...boardPaths.view(f.postId, f.boardId)}>{f.postTitle}</Link></span>
        <span>{f.boardName}</span>
        <span>{f.userName}</span>
        <span>{shortDate(f.createdTimeMillis)}</span>
      </span>
    </>
  );
}
