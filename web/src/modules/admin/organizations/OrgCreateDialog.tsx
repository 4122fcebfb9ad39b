// A new organisation at the top level or under a parent: name and optional group address; it goes after
// its siblings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { AdminOrganization, OrganizationCreate } from "@shared/admin.ts";
import { ORGANIZATION_NAME_MAX } from "@shared/organizations.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery } from "../../../app/queries.ts";
import { refreshDirectory } from "../api.ts";
import { codeOf, failureText, submitIf } from "../feedback.ts";
import { type OrgChart, pathOf } from "../orgTree.ts";
import { orgEmailError } from "./OrgDetails.tsx";

export function OrgCreateDialog({ parentId, chart, onClose, onCreated }: {
  parentId: number | null;
  chart: OrgChart;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const domains = useQuery(companyQuery).data?.domains ?? [];
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ name?: string; email?: string }>({});
  const nameError = name.trim() ? undefined : errorText("organization.name_required");
  const emailError = orgEmailError(email, domains);

  const create = useMutation({
    mutationFn: () =>
      api<AdminOrganization>("/api/admin/organizations", {
        method: "POST",
        json: { name: name.trim(), email: email.trim() || null, parentId } satisfies OrganizationCreate,
      }),
    onSuccess: async (o) => {
      snackbar("SUCCESS", t("orgs.create.done", { name: o.name }));
      await refreshDirectory(qc);
      onCreated(o.id);
      onClose();
    },
    onError: (e) => {
      const code = codeOf(e);
      if (code.startsWith("organization.email")) setServer({ email: failureText(e) });
      else if (code === "organization.name_required") setServer({ name: failureText(e) });
      else snackbar("ERROR", failureText(e));
    },
  });

  return (
    <Dialog title={parentId === null ? t("orgs.create.rootTitle") : t("orgs.create.childTitle")} isOpen onClose={onClose} width={480}>
      {parentId !== null && <p className="adm-muted adm-dialog-sub">{t("orgs.create.under", { name: pathOf(chart, parentId) })}</p>}
      <Form className="adm-form" validationBehavior="aria"
        onSubmit={submitIf(() => (setTried(true), setServer({}), !nameError && !emailError), () => create.mutate())}>
        <TextField label={t("orgs.field.name")} value={name} onChange={setName} isRequired autoFocus maxLength={ORGANIZATION_NAME_MAX}
          errorMessage={server.name ?? (tried ? nameError : undefined)} />
        <TextField label={t("orgs.field.emailOptional")} value={email} onChange={setEmail} type="email"
          description={t("orgs.field.emailHelp", { domains: domains.join(", ") })} errorMessage={server.email ?? (tried ? emailError : undefined)} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={create.isPending}>{t("orgs.create.submit")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
