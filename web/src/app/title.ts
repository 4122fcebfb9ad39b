// Page title rules (000 §2): the company page title inside the app; fixed titles for account settings,
// login and sign-up.
import { useEffect } from "react";

export const PRODUCT_NAME = "Groupware";

/** Sets the document title; `skip` leaves it to a page that sets its own. */
export function usePageTitle(title: string | null | undefined, skip = false) {
  useEffect(() => {
    if (!skip) document.title = title || PRODUCT_NAME;
  }, [title, skip]);
}
