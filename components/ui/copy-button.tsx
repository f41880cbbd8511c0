"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";

/** Copies a value to the clipboard; says "Copied" for a moment (announced politely). */
export function CopyButton({
  value,
  label = "Copy",
  size = "sm",
  variant = "secondary",
  className,
}: {
  value: string;
  label?: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // No clipboard permission (an insecure origin, a denied prompt): the value stays selectable.
      setState("failed");
    }
  }

  return (
    <>
      <Button variant={variant} size={size} onClick={() => void copy()} className={className} data-state={state}>
        <ControlIcon name={state === "copied" ? "check" : "copy"} className="size-3.5" />
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </>
  );
}
