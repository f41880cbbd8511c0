// The look of the bar's toggle chips (status, period): a label styled by its hidden input's state.
export const chip =
  "inline-flex h-8 cursor-pointer items-center gap-1.5 px-3 text-sm font-medium whitespace-nowrap transition-colors select-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--accent)";
