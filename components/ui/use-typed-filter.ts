"use client";

import { useRef, useState } from "react";

/**
 * A text box that edits a filter kept in the URL: the box follows each key, the filter (and so
 * the request) follows once typing pauses. `set` shows a value chosen otherwise (a link, Clear)
 * and drops the change still waiting.
 */
export function useTypedFilter(initial: string, commit: (text: string) => void, delay = 300) {
  const [text, setText] = useState(initial);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  function type(next: string) {
    setText(next);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => commit(next), delay);
  }
  function set(next: string) {
    clearTimeout(typing.current);
    setText(next);
  }
  return { text, type, set };
}
