// The maintained list of disposable e-mail domains (the disposable-email-domains package, ~120,000 domains,
// updated upstream as new throwaway services appear), read once on the server: a sign-up from one of them,
// or from a subdomain of one, is refused as a temporary address. Too large for the browser, which knows only
// the spec's named domains (lib/email-rules). Loaded on first use (createRequire), which knip cannot follow:
// knip.json lists the package in ignoreDependencies.
import { createRequire } from "node:module";
import { domainOf } from "~/lib/email-rules";

let domains: Set<string> | null = null;

function disposableDomains(): Set<string> {
  if (!domains) {
    const list = createRequire(import.meta.url)("disposable-email-domains") as string[];
    domains = new Set(list.map((domain) => domain.toLowerCase()));
  }
  return domains;
}

/** Is the address's domain, or one of its parent domains, a known disposable one? */
export function isDisposableAddress(email: string): boolean {
  const labels = domainOf(email).split(".");
  const list = disposableDomains();
  for (let i = 0; i < labels.length - 1; i++) if (list.has(labels.slice(i).join("."))) return true;
  return false;
}
