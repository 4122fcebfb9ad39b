// Colleagues for a conversation: the shared member picker (people and organisations; an organisation adds its
// members) and the chosen ones as removable chips.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { MemberPicker } from "../../../app/share/MemberPicker.tsx";
import { type Person, peopleOf } from "./people.ts";

export function PeoplePicker({ label, chosen, onChange, exclude }: {
  label: string;
  chosen: Person[];
  onChange(p: Person[]): void;
  /** People who cannot be picked (the user, the room's members). */
  exclude: number[];
}) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const skip = new Set([...exclude, ...chosen.map((p) => p.id)].map((id) => `USER:${id}`));
  return (
    <div className="msg-people">
      <MemberPicker label={label} exclude={skip} onPick={(item) => {
        void peopleOf(qc, item).then((found) => {
          const add = found.filter((p) => !exclude.includes(p.id) && !chosen.some((c) => c.id === p.id));
          onChange([...chosen, ...add]);
        });
      }} />
      {chosen.length > 0 && (
        <ul className="msg-chips" aria-label={t("people.chosen")}>
          {chosen.map((p) => (
            <li key={p.id} className="msg-chip">
              <span>{p.name}</span>
              <Button className="msg-chip-remove" aria-label={t("people.remove", { name: p.name })} onPress={() => onChange(chosen.filter((c) => c.id !== p.id))}>×</Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
