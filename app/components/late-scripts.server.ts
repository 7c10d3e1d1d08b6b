// The text of components/late-scripts' inline script, made on the server only (see there).
/** JSON safe inside an inline script: no `</script>`, no `<!--`, no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The inline script that adds the preloads and the module script into the element `boxId` after the first frame. */
export function lateScriptsLoader(boxId: string, preloads: string[], module: string) {
  // The same page's scripts again (issue 44, first views): the text is made once per page kind.
  const key = `${boxId}\n${preloads.join("\n")}\n${module}`;
  let text = made.get(key);
  if (text === undefined) {
    text = loaderText(boxId, preloads, module);
    if (made.size >= MADE_MAX) made.clear();
    made.set(key, text);
  }
  return text;
}

/** The texts made, by their inputs: one per route combination of the build (a few dozen), bounded all the same. */
const made = new Map<string, string>();
const MADE_MAX = 500;

function loaderText(boxId: string, preloads: string[], module: string) {
  // The preloads go one per task, a MessageChannel's message apart (no timer's delay): each starts a request,
  // and the first one a page starts after its load took 2-10 ms of a desktop CPU alone (25 in one task were
  // 8-30 ms; issue 44). The module script comes after the last one, as Remix puts it after its preloads.
  // Before them, a task of its own opens the session storage, which react-router's scroll restoration reads
  // while hydrating: the first access waits for the browser (a synchronous request; components/
  // scroll-restoration.server).
  return `(function(d,n){var done=0;function go(){if(done)return;done=1;var box=d.getElementById(${scriptJson(boxId)}),g=${scriptJson(preloads)},i=0,w=0,c=new MessageChannel();c.port1.onmessage=step;function step(){if(!w){w=1;try{sessionStorage.length}catch(x){}c.port2.postMessage(0);return}if(i<g.length){var l=d.createElement("link");l.rel="modulepreload";l.href=g[i++];box.appendChild(l);c.port2.postMessage(0);return}c.port1.onmessage=null;c.port1.close();var s=d.createElement("script");s.type="module";s.async=true;s.nonce=n;s.textContent=${scriptJson(module)};box.appendChild(s)}step()}if(d.visibilityState!=="visible")go();else requestAnimationFrame(function(){setTimeout(go,0)});d.addEventListener("visibilitychange",go)})(document,document.currentScript.nonce)`;
}
