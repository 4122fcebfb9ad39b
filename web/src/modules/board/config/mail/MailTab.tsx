// 메일 연동: for a board the user manages (chosen from the list), its mail address and its IN and OUT filters
// (GET {id}/mail). Groups take no mail.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAIL_DIRECTIONS } from "@shared/board/constants.ts";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { boardErrorText } from "../../errors.ts";
import { mailQuery, treeQuery } from "../../queries.ts";
import { managedRows } from "../manage/tree.ts";
import { AddressForm } from "./AddressForm.tsx";
import { FilterSection } from "./FilterSection.tsx";

export function MailTab() {
  const { t } = useTranslation("board");
  const tree = useQuery(treeQuery);
  const boards = managedRows(tree.data?.boards ?? []).filter((r) => r.node.boardType === "BOARD");
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = boards.find((r) => String(r.node.id) === picked) ?? boards[0];
  return (
    <section className="bdc-section" aria-labelledby="bdc-mail-title">
      <h2 id="bdc-mail-title" className="bdc-heading">{t("config.tab.mail")}</h2>
      <p className="bd-muted">{t("config.mail.intro")}</p>
      {tree.isError && <p className="bd-error" role="alert">{t("messages.1")}</p>}
      {tree.isSuccess && boards.length === 0 && <p className="bd-empty">{t("config.mail.noBoards")}</p>}
      {chosen && (
        <>
          <SelectField label={t("config.mail.board")} value={String(chosen.node.id)} onChange={setPicked}
            options={boards.map((r) => ({ id: String(r.node.id), label: r.node.name, depth: r.indent }))} />
          <BoardMailPanel key={chosen.node.id} boardId={chosen.node.id} />
        </>
      )}
    </section>
  );
}

function BoardMailPanel({ boardId }: { boardId: number }) {
  const { t } = useTranslation("board");
  const mail = useQuery(mailQuery(boardId));
  if (mail.isError) return <p className="bd-error" role="alert">{boardErrorText(mail.error, "8")}</p>;
  if (!mail.data) return <p className="bd-muted">{t("config.loading")}</p>;
  return (
    <div className="bdc-stack">
      <section className="bdc-section" aria-labelledby="bdc-address-title">
        <h3 id="bdc-address-title" className="bdc-subheading">{t("config.mail.addressTitle")}</h3>
        <AddressForm mail={mail.data} />
      </section>
      {MAIL_DIRECTIONS.map((d) => <FilterSection key={d} mail={mail.data} direction={d} />)}
    </div>
  );
}
