// The share dialog (000 §3 "Share member", §4 "Share update result codes", §6, §7 "Share"): who an object is
// shared with, each with read (2) or edit (3) permission; members are found by name or address, or picked
// from the organisation chart. Saving creates the share (POST) or sends the add, update and delete lists
// (PUT), whose answer says: -2 the share is gone (close), -1 only the organiser may edit, 0 updated,
// 1 every member was removed (sharing cancelled).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Disclosure, DisclosurePanel, Heading, Button as AriaButton } from "react-aria-components";
import { SHARE_UPDATE_RESULT } from "@shared/share.ts";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { snackbar } from "../feedback/snackbar.tsx";
import { MemberPicker } from "./MemberPicker.tsx";
import { OrgChartPicker } from "./OrgChartPicker.tsx";
import { createShare, diffMembers, type DraftMember, memberKey, shareMembersQuery, updateShare } from "./share-api.ts";
import "./share.css";

export interface ShareDialogProps {
  moduleType: string;
  objectId: string;
  title: string;
  onClose(): void;
  /** After the share changed on the server (refresh what shows it). */
  onChanged?(): void;
}

export function ShareDialog({ moduleType, objectId, title, onClose, onChanged }: ShareDialogProps) {
  const { t } = useTranslation("share");
  const qc = useQueryClient();
  const record = useQuery(shareMembersQuery(moduleType, objectId));
  const [draft, setDraft] = useState<DraftMember[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (record.data && draft === null) {
      setDraft(record.data.list.map((m) => ({ ...m, permission: m.permission === 3 ? 3 : 2 })));
    }
  }, [record.data, draft]);

  const members = draft ?? [];
  const chosen = new Set(members.map(memberKey));
  const add = (m: Omit<DraftMember, "permission" | "id">) => {
    if (chosen.has(memberKey(m))) return;
    setDraft([...members, { ...m, permission: 2 }]);
    setError(undefined);
  };

  async function done(message: string) {
    await qc.invalidateQueries({ queryKey: ["share", moduleType, objectId] });
    onChanged?.();
    snackbar("SUCCESS", message);
    onClose();
  }

  async function save() {
    if (!record.data || !draft) return;
    setBusy(true);
    setError(undefined);
    try {
      if (record.data.shareId === null) {
        if (draft.length === 0) return onClose();
        await createShare(moduleType, objectId, draft);
        return await done(t("updated"));
      }
      const lists = diffMembers(record.data.list, draft);
      if (!lists.addList.length && !lists.updateList.length && !lists.deleteList.length) return onClose();
      const result = await updateShare(moduleType, objectId, record.data.shareId, lists);
      if (result === SHARE_UPDATE_RESULT.GONE) {
        await qc.invalidateQueries({ queryKey: ["share", moduleType, objectId] });
        onChanged?.();
        snackbar("INFO", t("gone"));
        return onClose();
      }
      if (result === SHARE_UPDATE_RESULT.NOT_ORGANIZER) return setError(t("organizerOnly"));
      if (result === SHARE_UPDATE_RESULT.ALL_CANCELLED) return await done(t("cancelled"));
      return await done(t("updated"));
    } catch (e) {
      setError(errorText(e instanceof ApiError ? e.code : "common.500"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} isOpen onClose={onClose} width={560}>
      {record.isError && <p className="field-error" role="alert">{errorText(record.error instanceof ApiError ? record.error.code : "common.500")}</p>}
      {record.isPending && <p className="share-muted">{t("loading")}</p>}
      {draft && (
        <>
          <MemberPicker onPick={(i) => add({ memberType: i.type, memberId: i.id, name: i.name, email: i.email })} exclude={chosen} />
          <Disclosure className="share-disclosure">
            <Heading level={3} className="share-disclosure-heading">
              <AriaButton slot="trigger" className="share-disclosure-trigger">{t("orgChart.title")}</AriaButton>
            </Heading>
            <DisclosurePanel className="share-disclosure-panel">
              <OrgChartPicker onPick={add} chosen={chosen} />
            </DisclosurePanel>
          </Disclosure>
          <section aria-labelledby="share-members-title">
            <h3 id="share-members-title" className="share-section-title">{t("members.title", { count: members.length })}</h3>
            {members.length === 0
              ? <p className="share-muted">{t("members.none")}</p>
              : (
                <ul className="share-members">
                  {members.map((m) => (
                    <li key={memberKey(m)} className="share-member">
                      <span className="share-member-who">
                        <span className="share-name">{m.name}</span>
                        <span className="share-muted">{m.email ?? ""}</span>
                      </span>
                      <span className="share-badge">{t(`memberType.${m.memberType}`)}</span>
                      <label className="visually-hidden" htmlFor={`perm-${memberKey(m)}`}>{t("members.permissionOf", { name: m.name })}</label>
                      <select id={`perm-${memberKey(m)}`} className="field-input native share-perm" value={m.permission}
                        onChange={(e) => setDraft(members.map((x) => (x === m ? { ...x, permission: Number(e.target.value) as 2 | 3 } : x)))}>
                        <option value={2}>{t("permission.2")}</option>
                        <option value={3}>{t("permission.3")}</option>
                      </select>
                      <Button variant="ghost" aria-label={t("members.removeOf", { name: m.name })} onPress={() => setDraft(members.filter((x) => x !== m))}>
                        ✕
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
          </section>
        </>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("cancel")}</Button>
        <Button isDisabled={busy || !draft} onPress={() => void save()}>{t("save")}</Button>
      </div>
    </Dialog>
  );
}
