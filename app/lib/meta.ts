// Page titles come translated from each page's loader (`title`), so no translation ships in the JS.
import type { MetaDescriptor } from "@remix-run/node";

export function titleMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} · ReCircle` : "ReCircle" }];
}

/** The same, also for a page that threw its answer with a title (a 404 with its own words). */
export function titleOrErrorMeta({ data, error }: { data: unknown; error?: unknown }): MetaDescriptor[] {
  const thrown = (error as { data?: unknown } | undefined)?.data;
  return titleMeta({ data: data ?? thrown });
}
