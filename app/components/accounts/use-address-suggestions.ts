// The address look-up behind the profile's street field: asks /api/address-suggestions once the typing
// pauses (3 characters at least), drops an answer a newer search has overtaken, and says where it is. The
// asking and what a pick does come with the first look-up (./address-pick), not with the page.
import { useCallback, useEffect, useRef, useState } from "react";
import type { AddressSuggestion } from "~/lib/address-selection";

const MIN_CHARS = 3;
const DELAY_MS = 250;

export type SuggestionStatus = "idle" | "searching" | "done";

export function useAddressSuggestions() {
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [status, setStatus] = useState<SuggestionStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    request.current?.abort();
  }, []);
  useEffect(() => cancel, [cancel]);

  /** Looks `text` up after a short pause, then calls `onFound` with what it found (none when too short or failed). */
  const search = useCallback(
    (text: string, onFound: (found: AddressSuggestion[]) => void) => {
      cancel();
      const q = text.trim();
      if (q.length < MIN_CHARS) {
        setItems([]);
        setStatus("idle");
        onFound([]);
        return;
      }
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        request.current = controller;
        setStatus("searching");
        try {
          const { fetchSuggestions } = await import("./address-pick");
          const found = await fetchSuggestions(q, controller.signal);
          setItems(found);
          setStatus("done");
          onFound(found);
        } catch {
          if (!controller.signal.aborted) {
            setItems([]);
            setStatus("idle");
            onFound([]);
          }
        }
      }, DELAY_MS);
    },
    [cancel],
  );

  return { items, status, search, setStatus };
}
