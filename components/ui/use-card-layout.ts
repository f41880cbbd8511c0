"use client";

import { useSyncExternalStore } from "react";
import { CARD_MEDIA } from "@/components/ui/list-card";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(CARD_MEDIA);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * Whether lists show their rows as cards (a phone's width), for what CSS alone cannot change: a
 * virtualised list's row height. The server renders the table (false); the browser corrects it.
 */
export function useCardLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(CARD_MEDIA).matches,
    () => false,
  );
}
