// A document's permissions (001 §3 "Permission member", §6): where they come from (its own, an ancestor's — a
// link to it —, or the company default), the members with their levels, and the caller's level. An OWNER adds
// people or organisations (found by name or from the organisation chart), changes levels (PUT upserts; a
// document that inherited takes a copy first and stops inheriting), removes one, or resets to inherit again.
// Others see it read-only. Failures show their code's text (wiki.last_owner, …).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import type { DocPermissions, PermissionInput, PermissionMember } from "@shared/wiki/permissions.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { MemberPicker } from "../../../app/share/MemberPicker.tsx";
import { OrgChartPicker } from "../../../app/share/OrgChartPicker.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { clearPermissions, deletePermission, getSummary, putPermissions } from "../api.ts";
import { permissionsQuery, wikiKeys } from "../queries.ts";
import { docLinkProps } from "../database/doc-link.ts";
import { failed } from "../database/feedback.ts";
import { MemberRow } from "./MemberRow.tsx";
import "../../../app/share/share.css";
import "./permissions.css";

const keyOf = (m: Pick<PermissionMember, "userId" | "organId">) => (m.organId ? `ORGANIZATION:${m.organId}` : `USER:${m.userId}`);
const inputOf = (m: PermissionMember, patch: Partial<PermissionInput> = {}): PermissionInput => ({
  ...(m.organId ? { organId: m.organId } : { userId: m.userId }),
  accessLevel: m.accessLevel,
  includeChildren: m.includeChildren,
  ...patch,
});

export function PermissionsDialog({ docId, onClose }: { docId: number; onClose(): void }) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const q = useQuery(permissionsQuery(docId));
  const data = q.data;
  const owner = data?.accessLevel === "OWNER";
  const from = data?.permissionFrom ?? null;
  const fromDoc = useQuery({ queryKey: ["wiki", "summary", from], queryFn: ({ signal }) => getSummary(from!, signal), enabled: !!data?.inherited && from !== null && from !== docId });

  const apply = async (call: () => Promise<DocPermissions>, doneKey: string) => {
    try {
      const next = await call();
      qc.setQueryData(wikiKeys.permissions(docId), next);
      snackbar("SUCCESS", t(`permissions.msg.${doneKey}`));
    } catch (e) {
      failed(e);
    } finally {
      void qc.invalidateQueries({ queryKey: wikiKeys.all });
    }
  };
  const upsert = (members: PermissionInput[], doneKey = "saved") => apply(() => putPermissions(docId, members), doneKey);
  const chosen = new Set((data && !data.inherited ? data.members : []).map(keyOf));
  const add = (type: "USER" | "ORGANIZATION", id: number) => {
    if (chosen.has(`${type}:${id}`)) return;
    void upsert([{ ...(type === "ORGANIZATION" ? { organId: id } : { userId: id }), accessLevel: "WRITE", includeChildren: true }], "added");
  };
  const reset = async () => {
    const ok = await confirm({ title: t("permissions.reset"), message: t("permissions.confirmReset"), confirmLabel: t("permissions.resetConfirm"), danger: true });
    if (ok) void apply(() => clearPermissions(docId), "reset");
  };

  return (
    <Dialog title={t("permissions.title")} isOpen onClose={onClose} width={640}>
      {q.isPending && <p className="wperm-muted">{t("permissions.loading")}</p>}
      {q.isError && <p role="alert" className="field-error">{t("permissions.loadFailed")}</p>}
      {data && (
        <div className="wperm">
          <p className="wperm-source">
            {!data.inherited
              ? t("permissions.own")
              : from === null
              ? t("permissions.companyDefault")
              : (
                <>
                  {t("permissions.inheritedFrom")}{" "}
                  <Link {...docLinkProps(from)} onClick={onClose}>{fromDoc.data?.title || t("permissions.parentDoc")}</Link>
                </>
              )}
          </p>
          <p className="wperm-mine">{t("permissions.yourLevel", { level: t(`permissions.level.${data.accessLevel}`) })}</p>
          {data.members.length === 0
            ? (data.inherited && from === null ? null : <p className="wperm-muted">{t("permissions.noMembers")}</p>)
            : (
              <ul className="wperm-members" aria-label={t("permissions.members")}>
                {data.members.map((m) => (
                  <MemberRow key={m.id} member={m} canEdit={owner} canRemove={owner && !data.inherited}
                    onLevel={(l) => void upsert([inputOf(m, { accessLevel: l })])}
                    onIncludeChildren={(v) => void upsert([inputOf(m, { includeChildren: v })])}
                    onRemove={() => void apply(() => deletePermission(m.id), "removed")} />
                ))}
              </ul>
            )}
          {owner && data.inherited && <p className="wperm-muted">{t("permissions.copyNote")}</p>}
          {owner && (
            <div className="wperm-add">
              <MemberPicker label={t("permissions.add")} exclude={chosen} onPick={(i) => add(i.type, i.id)} />
              <Disclosure className="share-disclosure">
                <Heading level={3} className="share-disclosure-heading">
                  <AriaButton slot="trigger" className="share-disclosure-trigger">{t("permissions.orgChart")}</AriaButton>
                </Heading>
                <DisclosurePanel className="share-disclosure-panel">
                  <OrgChartPicker chosen={chosen} onPick={(p) => add(p.memberType === "ORGANIZATION" ? "ORGANIZATION" : "USER", p.memberId)} />
                </DisclosurePanel>
              </Disclosure>
            </div>
          )}
          {!owner && <p className="wperm-muted">{t("permissions.readOnly")}</p>}
        </div>
      )}
      <div className="wperm-actions">
        {owner && data && !data.inherited && <Button variant="danger" onPress={() => void reset()}>{t("permissions.reset")}</Button>}
        <Button variant="secondary" onPress={onClose}>{t("permissions.close")}</Button>
      </div>
    </Dialog>
  );
}
