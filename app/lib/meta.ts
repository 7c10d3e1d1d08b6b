// Page titles come translated from each page's loader (`title`), so no translation ships in the JS.
import type { MetaDescriptor } from "@remix-run/node";

export function titleMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} · ReCircle` : "ReCircle" }];
}
