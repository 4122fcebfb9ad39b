// Form boxes (the chooser's categories): create, rename, order (up and down: sortOrder), delete (409
// approval.box_not_empty while forms are in it).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BOX_NAME_MAX } from "@shared/approval/constants.ts";
import type { FormBox } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { adminBoxesQuery, createBox, deleteBox, refreshForms, updateBox } from "./api.ts";

export function FormBoxes() {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const boxes = useQuery(adminBoxesQuery);
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const list = [...(boxes.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const fail = (e: unknown) => snackbar("ERROR", errorText(codeOf(e)));
  const done = () => refreshForms(qc);

  const create = useMutation({
    mutationFn: () => createBox(name.trim(), (list.at(-1)?.sortOrder ?? 0) + 1),
    onSuccess: () => {
      setName("");
      snackbar("SUCCESS", t("approval.boxes.created"));
      return done();
    },
    onError: fail,
  });
  const rename = useMutation({
    mutationFn: (b: { id: number; name: string; sortOrder: number }) => updateBox(b.id, b.name, b.sortOrder),
    onSuccess: () => {
      setRenaming(null);
      return done();
    },
    onError: fail,
  });
  /** Moves a box by renumbering the whole list (0, 1, 2, ...) with the two swapped. */
  const reorder = useMutation({
    mutationFn: async ({ box, by }: { box: FormBox; by: -1 | 1 }) => {
      const order = [...list];
      const i = order.indexOf(box), j = i + by;
      [order[i], order[j]] = [order[j], order[i]];
      for (const [n, b] of order.entries()) if (b.sortOrder !== n) await updateBox(b.id, b.name, n);
    },
    onSuccess: done,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBox(id),
    onSuccess: () => {
      snackbar("SUCCESS", t("approval.boxes.deleted"));
      return done();
    },
    onError: fail,
  });

  return (
    <div className="aa-stack">
      <form className="adm-card aa-inline" onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate();
      }}>
        <TextField label={t("approval.boxes.newName")} value={name} onChange={setName} maxLength={BOX_NAME_MAX} />
        <Button type="submit" isDisabled={!name.trim() || create.isPending}>{t("approval.boxes.add")}</Button>
      </form>
      <div className="adm-card">
        {boxes.isLoading ? <p className="adm-empty">{t("loading")}</p> : !list.length ? <p className="adm-empty">{t("approval.boxes.empty")}</p> : (
          <ul className="aa-rows" aria-label={t("approval.tab.boxes")}>
            {list.map((b, i) => (
              <li key={b.id} className="aa-row">
                {renaming?.id === b.id ? (
                  <form className="aa-inline aa-grow" onSubmit={(e) => {
                    e.preventDefault();
                    if (renaming.name.trim()) rename.mutate({ id: b.id, name: renaming.name.trim(), sortOrder: b.sortOrder });
                  }}>
                    <TextField label={t("approval.boxes.renameOf", { name: b.name })} value={renaming.name}
                      onChange={(v) => setRenaming({ id: b.id, name: v })} maxLength={BOX_NAME_MAX} autoFocus />
                    <Button type="submit" isDisabled={rename.isPending}>{t("approval.save")}</Button>
                    <Button variant="secondary" onPress={() => setRenaming(null)}>{t("approval.cancel")}</Button>
                  </form>
                ) : (
                  <>
                    <span className="aa-grow aa-name">{b.name}</span>
                    <Button variant="ghost" aria-label={t("approval.moveUp", { name: b.name })} isDisabled={i === 0 || reorder.isPending}
                      onPress={() => reorder.mutate({ box: b, by: -1 })}>↑</Button>
                    <Button variant="ghost" aria-label={t("approval.moveDown", { name: b.name })} isDisabled={i === list.length - 1 || reorder.isPending}
                      onPress={() => reorder.mutate({ box: b, by: 1 })}>↓</Button>
                    <Button variant="secondary" aria-label={t("approval.boxes.renameOf", { name: b.name })}
                      onPress={() => setRenaming({ id: b.id, name: b.name })}>{t("approval.rename")}</Button>
                    <Button variant="ghost" aria-label={t("approval.deleteOf", { name: b.name })} onPress={async () => {
                      if (await confirm({ message: t("approval.boxes.deleteConfirm", { name: b.name }), confirmLabel: t("approval.delete"), danger: true })) {
                        remove.mutate(b.id);
                      }
                    }}>{t("approval.delete")}</Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
