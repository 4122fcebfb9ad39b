// A customer card's tags: shown as chips; with READ_WRITE on its group, "edit tags" opens a list of the
// company's tags to tick (a new tag can be made there and is ticked at once), saved as the card's whole set
// (PUT api/customer/card/tag, SET). Each change is logged in the group's history (subject TAG).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomerTag } from "@shared/contacts/customer-tags.ts";
import type { CustomerCard } from "@shared/contacts/customers.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as customerApi from "../api.ts";
import { refreshCustomers, tagsQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { TagDialog } from "../side/TagDialog.tsx";

export function TagChips({ tags }: { tags: CustomerTag[] }) {
  return (
    <ul className="cu-tags">
      {tags.map((tag) => (
        <li key={tag.id} className="cu-tag">
          <span className="cu-tag-dot" style={{ background: tag.color }} aria-hidden="true" />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

export function CardTags({ card, canWrite }: { card: CustomerCard; canWrite: boolean }) {
  const { t } = useTranslation("customers");
  const [editing, setEditing] = useState(false);
  if (!canWrite && card.tagList.length === 0) return null;
  return (
    <div className="ct-view-row cu-card-tags">
      <dt>{t("tag.title")}</dt>
      <dd>
        <TagChips tags={card.tagList} />
        {canWrite && <Button variant="secondary" onPress={() => setEditing(true)}>{t("tag.editCard")}</Button>}
        {editing && <TagPicker card={card} onClose={() => setEditing(false)} />}
      </dd>
    </div>
  );
}

function TagPicker({ card, onClose }: { card: CustomerCard; onClose(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const tags = useQuery(tagsQuery);
  const [chosen, setChosen] = useState(() => new Set(card.tagList.map((x) => x.id)));
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = (id: number, on: boolean) => setChosen((s) => new Set(on ? [...s, id] : [...s].filter((x) => x !== id)));

  async function save() {
    setBusy(true);
    try {
      await customerApi.setCardTags([card.id], [...chosen]);
      done("tagsSaved");
      onClose();
    } catch (e) {
      failed(e, "tagsSaveFailed");
    } finally {
      setBusy(false);
      await refreshCustomers(qc);
    }
  }

  return (
    <Dialog title={t("tag.editCardTitle", { name: card.userName })} isOpen onClose={onClose} width={400}>
      <div className="cu-tag-pick" role="group" aria-label={t("tag.title")}>
        {tags.data?.length === 0 && <p className="ct-muted">{t("tag.none")}</p>}
        {tags.data?.map((tag) => (
          <Checkbox key={tag.id} isSelected={chosen.has(tag.id)} onChange={(on) => toggle(tag.id, on)}>
            <span className="cu-tag-dot" style={{ background: tag.color }} aria-hidden="true" /> {tag.name}
          </Checkbox>
        ))}
      </div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={() => setAdding(true)}>{t("tag.add")}</Button>
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button isDisabled={busy} onPress={() => void save()}>{t("action.save")}</Button>
      </div>
      {adding && <TagDialog tag={null} onClose={() => setAdding(false)} onSaved={(tag) => toggle(tag.id, true)} />}
    </Dialog>
  );
}
