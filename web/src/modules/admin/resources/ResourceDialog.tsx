// Adding or editing a resource: type, name, location, capacity, status (in use / under repair / not available),
// description, order, who may book (everyone, or the picked users and organisations with their sub-organisations),
// whether a booking needs the approver's yes (and who approves), and the image (JPG, PNG, GIF, WebP up to 5 MB,
// uploaded once the resource is saved).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { AdminResource, ResourceInput } from "@shared/resource/resources.ts";
import {
  DESCRIPTION_MAX, IMAGE_MAX_BYTES, IMAGE_TYPES, RESOURCE_NAME_MAX, RESOURCE_STATUSES, type ResourceStatus,
} from "@shared/resource/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { MemberPicker } from "../../../app/share/MemberPicker.tsx";
import { UserPicker } from "../../account/UserPicker.tsx";
import { NumberInput, SelectField, Switch, TextAreaField } from "../controls.tsx";
import { failureText, fieldErrorsOf } from "../feedback.ts";
import { adminTypesQuery, createResource, deleteImage, putImage, refreshResources, updateResource } from "./api.ts";
import { useAdminTypeName } from "./ResourcesSection.tsx";
import { ResourceImage } from "./ResourceImage.tsx";
import "./resources.css";

type Picked = { type: "USER" | "ORGANIZATION"; id: number; name: string; email?: string };

export function ResourceDialog({ resource: r, onClose }: { resource: AdminResource | null; onClose(): void }) {
  const { t } = useTranslation(["admin", "resource"]);
  const qc = useQueryClient();
  const types = useQuery(adminTypesQuery).data ?? [];
  const typeName = useAdminTypeName();
  const [type, setType] = useState(r?.type ?? "MEETING_ROOM");
  const [name, setName] = useState(r?.name ?? "");
  const [location, setLocation] = useState(r?.location ?? "");
  const [capacity, setCapacity] = useState<number>(r?.capacity ?? NaN);
  const [status, setStatus] = useState<ResourceStatus>(r?.status ?? "IN_USE");
  const [description, setDescription] = useState(r?.description ?? "");
  const [sortOrder, setSortOrder] = useState(r?.sortOrder ?? 0);
  const [needsApproval, setNeedsApproval] = useState(r?.needsApproval ?? false);
  const [approver, setApprover] = useState<AutocompleteItem | null>(r?.approver ? { type: "USER", ...r.approver, organizationName: r.approver.organName } : null);
  const [everyone, setEveryone] = useState((r?.bookerScope ?? "ALL") === "ALL");
  const [bookers, setBookers] = useState<Picked[]>([
    ...(r?.bookerUsers ?? []).map((u) => ({ type: "USER" as const, id: u.id, name: u.name, email: u.email })),
    ...(r?.bookerOrgans ?? []).map((o) => ({ type: "ORGANIZATION" as const, id: o.id, name: o.name })),
  ]);
  const [file, setFile] = useState<File | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const errors: Record<string, string | undefined> = {
    name: name.trim() ? undefined : t("resources.form.nameRequired"),
    approver: needsApproval && !approver ? t("resources.form.approverRequired") : undefined,
    bookers: !everyone && bookers.length === 0 ? t("resources.form.bookersRequired") : undefined,
    image: file && !(IMAGE_TYPES as readonly string[]).includes(file.type) ? failureText("resource.image_invalid")
      : file && file.size > IMAGE_MAX_BYTES ? failureText("resource.image_too_large") : undefined,
  };
  const shown = (k: string) => server[k] ?? (tried ? errors[k] : undefined);

  async function save() {
    setTried(true);
    setServer({});
    if (Object.values(errors).some(Boolean)) return;
    const body: ResourceInput = {
      type, name: name.trim(), description, capacity: Number.isFinite(capacity) && capacity > 0 ? capacity : null, location: location.trim(), status,
      needsApproval, approverId: needsApproval ? approver!.id : null, bookerScope: everyone ? "ALL" : "SELECTED",
      bookerUserIds: everyone ? [] : bookers.filter((b) => b.type === "USER").map((b) => b.id),
      bookerOrganIds: everyone ? [] : bookers.filter((b) => b.type === "ORGANIZATION").map((b) => b.id),
      sortOrder,
    };
    setBusy(true);
    try {
      const saved = r ? await updateResource(r.id, body) : await createResource(body);
      if (file) await putImage(saved.id, file);
      else if (dropImage && r?.hasImage) await deleteImage(saved.id);
      snackbar("SUCCESS", t(r ? "resources.form.updated" : "resources.form.created", { name: saved.name }));
      await refreshResources(qc);
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (Object.keys(fields).length) setServer(fields);
      else setServer({ form: failureText(e) });
      await refreshResources(qc);
    } finally {
      setBusy(false);
    }
  }

  const typeOptions = types.map((ty) => ({ id: ty.code, label: typeName(ty.code) }));
  if (!typeOptions.length) typeOptions.push({ id: type, label: typeName(type) });
  return (
    <Dialog title={t(r ? "resources.form.editTitle" : "resources.form.addTitle")} isOpen onClose={onClose} width={680}>
      <Form className="adm-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void save())}>
        <div className="adm-grid">
          <SelectField label={t("resources.form.type")} value={type} onChange={setType} options={typeOptions} errorMessage={shown("type")} />
          <TextField label={t("resources.form.name")} value={name} onChange={setName} maxLength={RESOURCE_NAME_MAX} isRequired autoFocus errorMessage={shown("name")} />
          <TextField label={t("resources.form.location")} value={location} onChange={setLocation} maxLength={RESOURCE_NAME_MAX} errorMessage={shown("location")} />
          <NumberInput label={t("resources.form.capacity")} value={capacity} onChange={setCapacity} minValue={1} maxValue={10_000} unit={t("resources.form.people")} errorMessage={shown("capacity")} />
          <SelectField label={t("resources.form.status")} value={status} onChange={(v) => setStatus(v as ResourceStatus)}
            options={RESOURCE_STATUSES.map((s) => ({ id: s, label: t(`resource:resourceStatus.${s}`) }))} />
          <NumberInput label={t("resources.form.order")} value={sortOrder} onChange={(v) => setSortOrder(Number.isFinite(v) ? v : 0)} minValue={0} maxValue={100_000}
            description={t("resources.form.orderHint")} />
        </div>
        <TextAreaField label={t("resources.form.description")} value={description} onChange={setDescription} maxLength={DESCRIPTION_MAX} />
        <fieldset className="adm-fieldset">
          <legend className="field-label">{t("resources.form.bookers")}</legend>
          <Switch label={t("resources.form.everyone")} isSelected={everyone} onChange={setEveryone} />
          {!everyone && (
            <>
              <MemberPicker exclude={new Set(bookers.map((b) => `${b.type}:${b.id}`))}
                onPick={(i) => setBookers((prev) => [...prev, { type: i.type, id: i.id, name: i.name, email: i.email }])} />
              <ul className="adm-res-chips" aria-label={t("resources.form.bookersChosen")}>
                {bookers.map((b) => (
                  <li key={`${b.type}:${b.id}`} className="adm-res-chip">
                    <span>{b.name}{b.type === "ORGANIZATION" ? ` (${t("resources.form.organisation")})` : ""}</span>
                    <Button variant="ghost" className="adm-res-chip-x" aria-label={t("resources.form.removeBooker", { name: b.name })}
                      onPress={() => setBookers((prev) => prev.filter((x) => x !== b))}>×</Button>
                  </li>
                ))}
              </ul>
              {shown("bookers") && <p className="field-error" role="alert">{shown("bookers")}</p>}
            </>
          )}
        </fieldset>
        <fieldset className="adm-fieldset">
          <legend className="field-label">{t("resources.form.approval")}</legend>
          <Switch label={t("resources.form.needsApproval")} isSelected={needsApproval} onChange={setNeedsApproval} />
          {needsApproval && <UserPicker label={t("resources.form.approver")} value={approver} onChange={setApprover} errorMessage={shown("approver") ?? shown("approverId")} />}
        </fieldset>
        <ResourceImage resource={r} file={file} onFile={(f) => (setFile(f), setDropImage(false))} dropped={dropImage} onDrop={() => (setFile(null), setDropImage(true))}
          errorMessage={shown("image")} />
        {server.form && <p className="field-error" role="alert">{server.form}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("resources.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("resources.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
