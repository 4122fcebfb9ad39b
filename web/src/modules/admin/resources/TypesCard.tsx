// The resource types: the built-ins (meeting rooms, cars, equipment) and the company's custom ones, which can be
// added, renamed and deleted (not while resources have the type: 409 resource.type_in_use).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { ResourceTypeInfo } from "@shared/resource/resources.ts";
import { CUSTOM_TYPES_MAX, TYPE_NAME_MAX } from "@shared/resource/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { RowActions } from "../controls.tsx";
import { failureText, notifyFailure } from "../feedback.ts";
import { adminTypesQuery, createType, deleteType, refreshResources, renameType } from "./api.ts";

export function TypesCard() {
  const { t } = useTranslation(["admin", "resource"]);
  const qc = useQueryClient();
  const types = useQuery(adminTypesQuery);
  const [naming, setNaming] = useState<ResourceTypeInfo | "new" | null>(null);
  const custom = (types.data ?? []).filter((ty) => ty.id > 0);

  async function remove(ty: ResourceTypeInfo) {
    if (!await confirm({ title: t("resources.types.deleteTitle"), message: t("resources.types.deleteMessage", { name: ty.name }), confirmLabel: t("resources.types.delete"), danger: true })) return;
    try {
      await deleteType(ty.id);
      snackbar("SUCCESS", t("resources.types.deleted"));
    } catch (e) {
      notifyFailure(e);
    } finally {
      await refreshResources(qc);
    }
  }

  return (
    <section className="adm-card" aria-labelledby="adm-res-types">
      <div className="adm-card-head">
        <div>
          <h3 id="adm-res-types">{t("resources.types.title")}</h3>
          <p className="adm-muted">{t("resources.types.intro", { max: CUSTOM_TYPES_MAX })}</p>
        </div>
        <Button variant="secondary" onPress={() => setNaming("new")} isDisabled={custom.length >= CUSTOM_TYPES_MAX}>{t("resources.types.add")}</Button>
      </div>
      <ul className="adm-res-types">
        {(types.data ?? []).map((ty) => (
          <li key={ty.code}>
            <span className="adm-res-type-name">{ty.id > 0 ? ty.name : t(`resource:type.${ty.code}`)}</span>
            <span className="adm-muted">{t("resources.types.count", { count: ty.resourceCount })}</span>
            {ty.id > 0 ? (
              <RowActions label={t("resources.types.actions", { name: ty.name })}
                items={[{ id: "rename", label: t("resources.types.rename") }, { id: "delete", label: t("resources.types.delete"), danger: true }]}
                onAction={(k) => (k === "rename" ? setNaming(ty) : void remove(ty))} />
            ) : <span className="adm-muted adm-res-builtin">{t("resources.types.builtin")}</span>}
          </li>
        ))}
      </ul>
      {naming && <TypeNameDialog type={naming === "new" ? null : naming} onClose={() => setNaming(null)} />}
    </section>
  );
}

function TypeNameDialog({ type, onClose }: { type: ResourceTypeInfo | null; onClose(): void }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [name, setName] = useState(type?.name ?? "");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!name.trim()) return setError(t("resources.types.nameRequired"));
    setBusy(true);
    try {
      if (type) await renameType(type.id, name.trim());
      else await createType(name.trim());
      snackbar("SUCCESS", t("resources.types.saved"));
      await refreshResources(qc);
      onClose();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title={t(type ? "resources.types.renameTitle" : "resources.types.addTitle")} isOpen onClose={onClose}>
      <Form className="adm-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void save())}>
        <TextField label={t("resources.types.name")} value={name} onChange={(v) => (setName(v), setError(undefined))} maxLength={TYPE_NAME_MAX} autoFocus isRequired errorMessage={error} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("resources.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("resources.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
