// The text of components/scroll-restoration's inline script, made on the server only (see there).

/**
 * Remix's scroll restoration script (the position stored under this history entry's key, under
 * `storageKey`), except that an entry without a key, a new one, gets its key and reads nothing: nothing can
 * be stored under a key just made. A new page's first parse then does not wait for the session storage
 * (a synchronous request to the browser, 4-10 ms of a desktop CPU in `/booking`'s; issue 44).
 *
 * The new entry's state also gets react-router's index (`idx` 0, what its browser history writes for an
 * entry without one; a state already there keeps its own), so that the router does not replace the state a
 * second time while hydrating: each replacement tells the browser of a same-document navigation (0.3-4 ms of
 * a desktop CPU in a hydration slice).
 */
export function restoreScrollScript(storageKey: string): string {
  return `(function(k){var h=window.history;var s=h.state;if(!s||!s.key){h.replaceState({usr:s?s.usr:null,key:Math.random().toString(32).slice(2),idx:s&&typeof s.idx==="number"?s.idx:0},"");return}try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")window.scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(storageKey)})`;
}
