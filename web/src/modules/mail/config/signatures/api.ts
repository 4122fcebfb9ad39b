// The signature calls (shared/mail/signatures.ts documents each) and the list query the settings tab and the
// compose screen share.
import { queryOptions } from "@tanstack/react-query";
import type { Signature, SignatureBody, SignatureList, SignatureUse } from "@shared/mail/signatures.ts";
import { api } from "../../../../lib/api.ts";

const BASE = "/api/mail/config/sign";

export const signaturesQuery = queryOptions({
  queryKey: ["mail", "signatures"] as const,
  queryFn: async () => (await api<SignatureList>(BASE)).signatures,
});

export const addSignature = (body: SignatureBody) => api<Signature>(BASE, { method: "POST", json: body });
export const changeSignature = (id: number, body: SignatureBody) => api<Signature>(`${BASE}/${id}`, { method: "PUT", json: body });
export const deleteSignature = (id: number) => api<void>(`${BASE}/${id}`, { method: "DELETE" });
export const setSignatureUse = (id: number, use: SignatureUse, on: boolean) =>
  api<SignatureList>(`${BASE}/${id}/${use}`, { method: "PUT", json: { [use]: on } });
