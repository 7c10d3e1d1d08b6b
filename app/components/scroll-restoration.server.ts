// The text of components/scroll-restoration's inline script, made on the server only (see there).

/**
 * Remix's scroll restoration script (the position stored under this history entry's key, under
 * `storageKey`), except that an entry without a key, a new one, gets its key and reads nothing: nothing can
 * be stored under a key just made. A new page's first parse then does not wait for the session storage
 * (a synchronous request to the browser, 4-10 ms of a desktop CPU in `/booking`'s; issue 44).
 */
export function restoreScrollScript(storageKey: string): string {
  return `(function(k){var h=window.history;if(!h.state||!h.state.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[h.state.key];if(typeof y==="number")window.scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(storageKey)})`;
}
