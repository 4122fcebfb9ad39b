// "Post to a board" (게시판에 등록) of a mail in the reader: offered when the user's company uses boards; opens the
// board's post editor prefilled from the mail (/board/write/{"mailId":…}, which reads GET
// /api/mails/share/board/form/{mailId}); from a popup reader, the editor opens in its own popup window.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { userDetailQuery } from "../../../app/queries.ts";
import { openWritePopup } from "../../board/write/open.ts";

/** The action for `mailId`; null when the company does not use boards. */
export function usePostToBoard(mailId: number, inPopup: boolean): (() => void) | null {
  const navigate = useNavigate();
  const boards = useQuery(userDetailQuery).data?.usedModules.includes("board") ?? false;
  if (!boards) return null;
  return () => {
    if (inPopup) openWritePopup({ mailId });
    else void navigate({ to: "/board/write/$actionObj" as "/board", params: { actionObj: JSON.stringify({ mailId }) } as never });
  };
}
