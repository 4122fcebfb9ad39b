// Page title rules (000 §2): the company page title inside the app; fixed titles for account settings,
// login and sign-up.
import { useEffect } from "react";

export const PRODUCT_NAME = "Groupware";

export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title}` : PRODUCT_NAME;
  }, [title]);
}
