// The card's fields (001 §3): name, several e-mails, phones with their types, addresses, URLs, company,
// department, position, birthday, memo, groups, importance and the photo (JPEG, PNG, GIF or WebP up to
// LIMITS.photoBytes, checked here before sending). Problems (form.ts problemsOf) show at their fields.
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { ADDRESS_TYPES, LIMITS, PHOTO_TYPES, TEL_TYPES } from "@shared/contacts/constants.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { flatGroups, treeQuery } from "../queries.ts";
import { ICONS } from "../icons.ts";
import { type Address, emptyAddress, type FormState } from "./form.ts";

export function CardForm({ s, set, problems, photoUrl, onPhotoError, showGroups = true }: {
  s: FormState;
  set(next: FormState): void;
  problems: Map<string, string>;
  /** The photo shown: the new one, else the card's. */
  photoUrl: string | null;
  onPhotoError(code: string | null): void;
  /** The private book's group boxes (the customer book's cards sit in one customer group instead). */
  showGroups?: boolean;
}) {
  const { t } = useTranslation("contacts");
  const groups = flatGroups(useQuery(treeQuery).data);
  const file = useRef<HTMLInputElement>(null);
  const err = (key: string) => {
    const code = problems.get(key);
    return code ? t(`contactErrors:${code}`, { defaultValue: t("contactErrors:contact.55") }) : undefined;
  };
  const patch = (p: Partial<FormState>) => set({ ...s, ...p });
  const listAt = <T,>(list: T[], i: number, v: T) => list.map((x, j) => (j === i ? v : x));
  const without = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

  function pickPhoto(f: File | undefined) {
    if (!f) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(f.type)) return onPhotoError("contact.photo_invalid");
    if (f.size > LIMITS.photoBytes) return onPhotoError("contact.photo_too_large");
    onPhotoError(null);
    const reader = new FileReader();
    reader.onload = () => patch({ photo: String(reader.result) });
    reader.readAsDataURL(f);
  }

  return (
    <div className="ct-card-form">
      <div className="ct-photo-row">
        {photoUrl
          ? <img className="ct-avatar ct-photo" src={photoUrl} alt={t("card.photo")} width={72} height={72} />
          : <span className="ct-avatar ct-photo ct-photo-empty" aria-hidden="true">{[...s.userName.trim()][0] ?? "?"}</span>}
        <div className="ct-photo-actions">
          <input ref={file} type="file" className="visually-hidden" accept={PHOTO_TYPES.join(",")} aria-label={t("card.photoChoose")}
            tabIndex={-1} onChange={(e) => pickPhoto(e.currentTarget.files?.[0])} />
          <AriaButton className="ct-tool-btn" onPress={() => file.current?.click()}>{t("card.photoChoose")}</AriaButton>
          {photoUrl && <AriaButton className="ct-tool-btn" onPress={() => patch({ photo: null })}>{t("card.photoRemove")}</AriaButton>}
          <span className="ct-muted">{t("card.photoHint", { kb: LIMITS.photoBytes / 1024 })}</span>
        </div>
      </div>

      <TextField label={t("column.userName")} value={s.userName} onChange={(v) => patch({ userName: v })} isRequired autoFocus
        maxLength={LIMITS.name} errorMessage={err("userName")} />

      <fieldset className="ct-fieldset">
        <legend className="field-label">{t("column.email")}</legend>
        {s.emails.map((e, i) => (
          <div key={i} className="ct-multi">
            <TextField label={t("card.emailN", { n: i + 1 })} type="email" value={e} maxLength={LIMITS.email}
              onChange={(v) => patch({ emails: listAt(s.emails, i, v) })} errorMessage={err(`emailList.${i}`) ?? (i === 0 ? err("emailList") : undefined)} />
            {s.emails.length > 1 && <RemoveButton label={t("card.removeEmail", { n: i + 1 })} onPress={() => patch({ emails: without(s.emails, i) })} />}
          </div>
        ))}
        {s.emails.length < LIMITS.listItems && <AddButton label={t("card.addEmail")} onPress={() => patch({ emails: [...s.emails, ""] })} />}
      </fieldset>

      <fieldset className="ct-fieldset">
        <legend className="field-label">{t("column.tel")}</legend>
        {s.tels.map((x, i) => (
          <div key={i} className="ct-multi">
            <div className="ct-type">
              <SelectField label={t("card.telTypeN", { n: i + 1 })} value={x.type} onChange={(v) => patch({ tels: listAt(s.tels, i, { ...x, type: v }) })}
                options={TEL_TYPES.map((k) => ({ id: k, label: t(`telType.${k}`) }))} />
            </div>
            <TextField label={t("card.telN", { n: i + 1 })} type="tel" value={x.value} maxLength={LIMITS.tel}
              onChange={(v) => patch({ tels: listAt(s.tels, i, { ...x, value: v }) })} errorMessage={err(`telList.${i}`)} />
            <RemoveButton label={t("card.removeTel", { n: i + 1 })} onPress={() => patch({ tels: without(s.tels, i) })} />
          </div>
        ))}
        {s.tels.length < LIMITS.listItems && (
          <AddButton label={t("card.addTel")} onPress={() => patch({ tels: [...s.tels, { type: "CELL", value: "" }] })} />
        )}
      </fieldset>

      <div className="ct-grid3">
        <TextField label={t("column.company")} value={s.company} onChange={(v) => patch({ company: v })} maxLength={LIMITS.company} />
        <TextField label={t("column.organ")} value={s.organ} onChange={(v) => patch({ organ: v })} maxLength={LIMITS.organ} />
        <TextField label={t("column.position")} value={s.position} onChange={(v) => patch({ position: v })} maxLength={LIMITS.position} />
      </div>

      <fieldset className="ct-fieldset">
        <legend className="field-label">{t("card.addresses")}</legend>
        {s.addresses.map((a, i) => (
          <AddressFields key={i} n={i + 1} a={a} onChange={(v) => patch({ addresses: listAt(s.addresses, i, v) })}
            onRemove={() => patch({ addresses: without(s.addresses, i) })} />
        ))}
        {s.addresses.length < LIMITS.listItems && <AddButton label={t("card.addAddress")} onPress={() => patch({ addresses: [...s.addresses, emptyAddress()] })} />}
      </fieldset>

      <fieldset className="ct-fieldset">
        <legend className="field-label">{t("column.url")}</legend>
        {s.urls.map((u, i) => (
          <div key={i} className="ct-multi">
            <TextField label={t("card.urlN", { n: i + 1 })} value={u} maxLength={LIMITS.url} placeholder="https://"
              onChange={(v) => patch({ urls: listAt(s.urls, i, v) })} errorMessage={err(`urlList.${i}`)} />
            <RemoveButton label={t("card.removeUrl", { n: i + 1 })} onPress={() => patch({ urls: without(s.urls, i) })} />
          </div>
        ))}
        {s.urls.length < LIMITS.listItems && <AddButton label={t("card.addUrl")} onPress={() => patch({ urls: [...s.urls, ""] })} />}
      </fieldset>

      <TextField label={t("card.birthday")} value={s.birthday} onChange={(v) => patch({ birthday: v })} placeholder="YYYY-MM-DD"
        description={t("card.birthdayHint")} maxLength={10} errorMessage={err("birthday")} />

      <div className="field">
        <label className="field-label" htmlFor="ct-memo">{t("column.memo")}</label>
        <textarea id="ct-memo" className="field-input ct-memo" value={s.memo} maxLength={LIMITS.memo} rows={3}
          onChange={(e) => patch({ memo: e.target.value })} aria-invalid={problems.has("memo") || undefined} />
        {err("memo") && <span className="field-error">{err("memo")}</span>}
      </div>

      {showGroups && groups.length > 0 && (
        <fieldset className="ct-fieldset">
          <legend className="field-label">{t("column.groups")}</legend>
          <div className="ct-group-checks">
            {groups.map(({ group, depth }) => (
              <Checkbox key={group.id} className="ct-group-check" isSelected={s.groupIds.includes(group.id)}
                onChange={(on) => patch({ groupIds: on ? [...s.groupIds, group.id] : s.groupIds.filter((g) => g !== group.id) })}>
                <span style={{ paddingInlineStart: depth * 12 }}>{group.groupName}</span>
              </Checkbox>
            ))}
          </div>
        </fieldset>
      )}

      <Checkbox isSelected={s.importantStatus} onChange={(on) => patch({ importantStatus: on })}>{t("card.important")}</Checkbox>
    </div>
  );
}

function AddressFields({ n, a, onChange, onRemove }: { n: number; a: Address; onChange(a: Address): void; onRemove(): void }) {
  const { t } = useTranslation("contacts");
  const set = (p: Partial<Address>) => onChange({ ...a, ...p });
  return (
    <div className="ct-address" role="group" aria-label={t("card.addressN", { n })}>
      <div className="ct-multi">
        <div className="ct-type">
          <SelectField label={t("card.addressType")} value={a.type} onChange={(v) => set({ type: v })}
            options={ADDRESS_TYPES.map((k) => ({ id: k, label: t(`addrType.${k}`) }))} />
        </div>
        <TextField label={t("card.post")} value={a.post} onChange={(v) => set({ post: v })} maxLength={LIMITS.addressPart} />
        <RemoveButton label={t("card.removeAddress", { n })} onPress={onRemove} />
      </div>
      <TextField label={t("card.street")} value={a.street} onChange={(v) => set({ street: v })} maxLength={LIMITS.addressPart} />
      <div className="ct-grid3">
        <TextField label={t("card.locality")} value={a.locality} onChange={(v) => set({ locality: v })} maxLength={LIMITS.addressPart} />
        <TextField label={t("card.region")} value={a.region} onChange={(v) => set({ region: v })} maxLength={LIMITS.addressPart} />
        <TextField label={t("card.country")} value={a.country} onChange={(v) => set({ country: v })} maxLength={LIMITS.addressPart} />
      </div>
    </div>
  );
}

function AddButton({ label, onPress }: { label: string; onPress(): void }) {
  return (
    <AriaButton className="ct-add-btn" onPress={onPress}>
      <SvgIcon d={ICONS.plus} size={14} />
      {label}
    </AriaButton>
  );
}

function RemoveButton({ label, onPress }: { label: string; onPress(): void }) {
  return (
    <AriaButton className="ct-icon-btn ct-icon-sm ct-remove" aria-label={label} onPress={onPress}>
      <SvgIcon d={ICONS.remove} size={14} />
    </AriaButton>
  );
}
