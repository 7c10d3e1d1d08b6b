// A toast as the page shows it: translation keys (common namespace unless the key names another) with
// their values. Made on the server (flash toasts and failed form replies) and read by the browser.
export type Toast = {
  id: string;
  title: string;
  description?: string;
  values?: Record<string, string | number>;
  type: "success" | "error" | "info";
};

/** What a caller says; the toast module gives the id and, unless said, the type. */
export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };
