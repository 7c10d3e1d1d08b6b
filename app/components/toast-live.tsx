// The live toast (Radix), in the page flow where the Toaster stands (so it hides nothing): it stays until
// closed, swiped or the page changes (a message that left by itself would move the page under a finger);
// F8 to focus. Loaded lazily.
import * as ToastPrimitive from "@radix-ui/react-toast";
import type { Toast } from "~/lib/toast";

export default function LiveToast({
  toast,
  tone,
  t,
  onGone,
}: {
  toast: Toast;
  tone: string;
  t: (key: string, values?: Record<string, unknown>) => string;
  onGone: () => void;
}) {
  return (
    <ToastPrimitive.Provider duration={Infinity} label={t("common:toast.region")}>
      <ToastPrimitive.Root
        key={toast.id}
        type={toast.type === "error" ? "foreground" : "background"}
        onOpenChange={(open) => {
          if (!open) setTimeout(onGone, 300);
        }}
        data-testid="toast"
        className={`mb-4 flex w-full items-start justify-between gap-3 rounded-lg border-l-4 p-3 shadow ${tone}`}
      >
        <div>
          <ToastPrimitive.Title asChild>
            <p className="font-semibold">{t(toast.title, toast.values)}</p>
          </ToastPrimitive.Title>
          {toast.description ? (
            <ToastPrimitive.Description asChild>
              <p className="text-sm text-stone-700">{t(toast.description, toast.values)}</p>
            </ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label={t("common:toast.close")}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-stone-100"
        >
          <span aria-hidden="true">×</span>
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport className="m-0 flex w-full list-none flex-col p-0 outline-none" />
    </ToastPrimitive.Provider>
  );
}
