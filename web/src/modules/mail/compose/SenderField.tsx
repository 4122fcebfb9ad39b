// The From row of the compose form: the own address, or a select of every address the user may send as
// (own, aliases, certified external accounts; senders.ts) when there is more than one. Choosing an external
// account clears a reservation (000 §4: a reservation is cleared if the sender is EXTERNAL).
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { userDetailQuery } from "../../../app/queries.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { currentChoice, senderChoices, senderChoicesQuery } from "./senders.ts";
import type { ComposeState } from "./state.ts";

export function SenderField({ s, set }: { s: ComposeState; set(patch: Partial<ComposeState>): void }) {
  const { t } = useTranslation("mail");
  const me = useQuery(userDetailQuery).data;
  const more = useQuery(senderChoicesQuery).data;
  const own = me?.username ?? (s.senderType === "DOMAIN" ? s.senderEmail : "");
  const list = own ? senderChoices(own, more) : [];
  const name = s.senderName || me?.displayName || "";

  if (list.length <= 1) {
    return (
      <div className="cmp-row">
        <span className="cmp-row-label" id="cmp-from-label">{t("compose.from")}</span>
        <span className="cmp-from" aria-labelledby="cmp-from-label">{name ? `${name} <${s.senderEmail}>` : s.senderEmail}</span>
      </div>
    );
  }
  const current = currentChoice(list, s.senderType, s.senderEmail || own);
  return (
    <div className="cmp-row">
      <span className="cmp-row-label" aria-hidden="true">{t("compose.from")}</span>
      <div className="cmp-sender">
        <SelectField label={t("compose.from")} hideLabel value={current.key}
          options={list.map((c) => ({
            id: c.key,
            label: `${name ? `${name} <${c.email}>` : c.email}${c.senderType === "EXTERNAL" ? ` · ${t("signatures.externalSender")}` : ""}`,
          }))}
          onChange={(key) => {
            const c = list.find((x) => x.key === key);
            if (!c) return;
            set({
              senderEmail: c.email, senderType: c.senderType, senderId: c.senderId === null ? null : String(c.senderId),
              ...(c.senderType === "EXTERNAL" ? { isReserve: false, reserveDate: null } : {}),
            });
          }} />
      </div>
    </div>
  );
}
