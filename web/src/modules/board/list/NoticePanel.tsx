// The notice panel (001 §9: NOTICE_PANEL_SIZE notices) of a board, or of every board above 전체 게시물 with
// their board's name (the list shows it there only: a board's notices head its first page). Nothing shows when there are none or they fail to load.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NOTICE_PANEL_SIZE, SPECIAL_FOLDERS } from "@shared/board/constants.ts";
import { shortDate } from "../format.ts";
import { boardPaths } from "../paths.ts";
import { noticesQuery } from "../queries.ts";

export function NoticePanel({ boardId }: { boardId: number }) {
  const { t } = useTranslation("board");
  const notices = useQuery(noticesQuery(boardId, NOTICE_PANEL_SIZE)).data ?? [];
  if (!notices.length) return null;
  const all = boardId === SPECIAL_FOLDERS.all;
  return (
    <section className="bd-notice-panel" aria-labelledby="bd-notice-panel">
      <h2 id="bd-notice-panel" className="bd-panel-title">{t("notices.title")}</h2>
      <ul className="bd-notice-list">
        {notices.map((n) => (
          <li key={n.id} className="bd-notice-item">
            <span className="bd-badge bd-badge-notice" aria-hidden="true">{t("post.notice")}</span>
            {n.mustRead && <span className="bd-badge bd-badge-must">{t("post.mustRead")}</span>}
            <Link {...boardPaths.view(n.id, boardId)} className="bd-notice-title">{n.title}</Link>
            {all && <span className="bd-board-name">{n.boardName}</span>}
            <span className="bd-muted bd-nowrap">{shortDate(n.createdTimeMillis)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
