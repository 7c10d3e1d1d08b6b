// Remix's <Scripts>, started once the page has painted (issue 11, part 5). Every page works without
// JavaScript: the HTML and its inlined stylesheet are the page, the scripts only enhance it. On a slow phone
// the page's own bytes come first and the scripts after its first paint, instead of competing with it for
// the first round trips and the main thread (Lighthouse's simulation counts every script that finished
// before the first paint as delaying it).
//
// The scripts are Remix's own: the same context script (data only, run at once), the same module preloads
// and the same module script, with this answer's nonce. A small inline script adds the preloads and the
// module script to an element React leaves alone (its content is `dangerouslySetInnerHTML`, never hydrated)
// after the next frame, or at once in a tab that is not visible (no frame comes there). The server and the
// browser render the same elements, so hydration finds what it expects.
import { Scripts as RemixScripts } from "@remix-run/react";
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
// The inline script's text is made by the server only (the browser's build has this module empty): hydration
// leaves a script's inner HTML as the server wrote it, so the browser renders it empty and never carries its code.
import * as onServer from "./late-scripts.server";

type Props = Parameters<typeof RemixScripts>[0];
type ScriptProps = { rel?: string; href?: string; type?: string; dangerouslySetInnerHTML?: { __html: string } };

const BOX_ID = "late-scripts";

/** Remix's elements, flattened: its preload links, its classic (data) scripts, its module script. */
function parts(node: ReactNode) {
  const preloads: string[] = [];
  const classic: ReactElement[] = [];
  let module = "";
  const visit = (child: ReactNode) => {
    if (!isValidElement(child)) return;
    const element = child as ReactElement<ScriptProps & { children?: ReactNode }>;
    if (element.type === "link" && element.props.rel === "modulepreload" && element.props.href) {
      preloads.push(element.props.href);
    } else if (element.type === "script" && element.props.type === "module") {
      module = element.props.dangerouslySetInnerHTML?.__html ?? "";
    } else if (element.type === "script") {
      classic.push(element);
    } else {
      Children.forEach(element.props.children, visit);
    }
  };
  visit(node);
  return { preloads, classic, module };
}

export function LateScripts(props: Props) {
  // Called as a function, its hooks are this component's own, in the same order on every render; once
  // hydrated it renders nothing, as Remix's does.
  const scripts = RemixScripts(props);
  if (!scripts) return null;
  const { preloads, classic, module } = parts(scripts);
  return (
    <>
      {Children.toArray(classic)}
      <div id={BOX_ID} hidden dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      <script
        nonce={props?.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: onServer.lateScriptsLoader?.(BOX_ID, preloads, module) ?? "" }}
      />
    </>
  );
}
