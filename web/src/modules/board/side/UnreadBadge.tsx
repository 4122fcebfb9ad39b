// An unread count beside a board or folder: the number shown, and "읽지 않은 글 n개" for screen readers.
import { useTranslation } from "react-i18next";

export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation("board");
  if (count <= 0) return null;
  return (
    <>
      <span className="bd-count" aria-hidden="true">{count > 999 ? "999+" : count}</span>
      <span className="visually-hidden">{t("side.unread", { count })}</span>
    </>
  );
}
