// Merge two or more cards (PUT api/contact/card/{id}/merge): the user picks the card the others merge into;
// every distinct e-mail, phone, address, URL and group of all of them is kept, and the others go to the trash.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";

export function MergeDialog({ cards, onMerge, onClose }: { cards: ContactCard[]; onMerge(target: number, others: number[]): void; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const [target, setTarget] = useState(String(cards[0]?.id ?? ""));
  return (
    <Dialog title={t("merge.title", { count: cards.length })} isOpen onClose={onClose} width={480}>
      <p className="ct-muted">{t("merge.hint")}</p>
      <RadioGroup className="ct-radio-list" value={target} onChange={setTarget}>
        <Label className="field-label">{t("merge.keep")}</Label>
        {cards.map((c) => (
          <Radio key={c.id} value={String(c.id)} className="ct-radio">
            <span className="ct-merge-name">{c.userName}</span>
            <span className="ct-muted"> {[...c.emailList, ...c.telList].slice(0, 3).join(", ")}</span>
          </Radio>
        ))}
      </RadioGroup>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button onPress={() => onMerge(Number(target), cards.map((c) => c.id).filter((id) => id !== Number(target)))}>{t("merge.submit")}</Button>
      </div>
    </Dialog>
  );
}
