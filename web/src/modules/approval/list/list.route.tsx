// A box (002 §2 approval_document_list): doc/list/{boxKey} with the query page, size (default: the company's
// basic config page size, else 10), sort, dir, the draft date range, the form and the keyword flag with its
// value, all kept in the address. Above the table the filters, the page size and the Excel export of the box
// with the same filters; below it the pages. A failed load says why when the server does (a department box the
// caller does not keep: 이 부서의 문서 담당자가 아닙니다.), else 문서 목록을 불러오는데 실패했습니다.
import { createLazyRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@shared/approval/constants.ts";
import { saveBlob } from "../../../lib/download.ts";
import { usePageTitle } from "../../../app/title.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { basicConfigQuery, boxQuery, managedQuery } from "../queries.ts";
import { boxQueryOf, exportBox } from "../api.ts";
import { type BoxSearch, isOrganBox } from "../paths.ts";
import { approvalErrorText, failed } from "../errors.ts";
import { Filters } from "./Filters.tsx";
import { BoxTable } from "./BoxTable.tsx";
import { Pager } from "./Pager.tsx";

export const Route = createLazyRoute("/app/approval/doc/list/$boxKey")({ component: BoxList });

function BoxList() {
  const { t } = useTranslation("approval");
  const { boxKey } = useParams({ from: "/app/approval/doc/list/$boxKey" });
  const search = useSearch({ from: "/app/approval/doc/list/$boxKey" }) as BoxSearch;
  const navigate = useNavigate();
  const basic = useQuery(basicConfigQuery);
  const organs = useQuery({ ...managedQuery, enabled: isOrganBox(boxKey) }).data;
  const size = search.size ?? basic.data?.pageSize ?? DEFAULT_PAGE_SIZE;
  const q = boxQueryOf(boxKey, search, size);
  const list = useQuery({ ...boxQuery(boxKey, q), enabled: basic.isFetched || search.size !== undefined });
  const [exporting, setExporting] = useState(false);
  const organ = isOrganBox(boxKey) ? organs?.find((o) => o.id === search.dept) : undefined;
  const title = organ ? `${t(`box.${boxKey}`)} · ${organ.name}` : t(`box.${boxKey}`);
  usePageTitle(title);

  const go = (next: BoxSearch) => void navigate({ to: "/approval/doc/list/$boxKey", params: { boxKey }, search: next });
  const page = search.page ?? 1;
  const data = list.data;

  async function excel() {
    setExporting(true);
    try {
      const { blob, name } = await exportBox(boxKey, q, `${t(`box.${boxKey}`)}.xlsx`);
      saveBlob(blob, name);
    } catch (e) {
      failed(e, "approval.list_failed");
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="ap-screen ap-list-screen">
      <header className="ap-list-head">
        <h1 className="ap-title">
          {title}
          {data && <span className="ap-total">{t("list.total", { count: data.totalElements })}</span>}
        </h1>
        <div className="ap-list-tools">
          <SelectField label={t("list.pageSize")} hideLabel value={String(size)}
            options={PAGE_SIZES.map((n) => ({ id: String(n), label: t("list.perPage", { count: n }) }))}
            onChange={(v) => go({ ...search, size: Number(v), page: undefined })} />
          <Button variant="secondary" onPress={excel} isDisabled={exporting}>{t("list.excel")}</Button>
        </div>
      </header>
      <Filters boxKey={boxKey} search={search} onApply={(next) => go(next)} />
      {list.isError && <p className="ap-error" role="alert">{approvalErrorText(list.error, "approval.list_failed")}</p>}
      <BoxTable boxKey={boxKey} docs={data?.content ?? []} loading={!data} search={search} onSort={(sort, dir) => go({ ...search, sort, dir, page: undefined })} />
      {data && <Pager page={page} totalPages={data.totalPages} onPage={(p) => go({ ...search, page: p === 1 ? undefined : p })} />}
    </div>
  );
}
