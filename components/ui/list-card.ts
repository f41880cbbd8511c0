// A list's rows as compact cards below Tailwind's `md` breakpoint (a phone): the same <tr> and
// <td> elements, laid out as a small grid, so that a row's links, buttons and selection keep
// working unchanged. Each list declares, by column header, which columns make its card; the other
// columns are hidden on a phone (a column added later stays off the card until it is declared).
// The declaration becomes a few CSS rules scoped to the table (cells are placed by position,
// which the list's header already fixes), outside Tailwind's layers so that they win over the
// cells' own utilities.

/** Which column (by its header) goes where in a row's card. */
export type CardDeclaration = {
  /** Top left, on its own line: what the row is (a merchant, a username). */
  title: string;
  /** Top right: a short figure beside the title (an amount). */
  aside?: string;
  /** Under the title, one line each: details that identify the row (a provider, MID/TID). */
  lines?: readonly string[];
  /** Bottom left: the state, usually a badge. */
  badge?: string;
  /** Bottom right: when. */
  time?: string;
  /** The full-width last line: the row's buttons; by default the actions column, if the list has one. */
  actions?: string;
  /** Columns whose value means little alone (a count): their header is shown before it. */
  labelled?: readonly string[];
};

/** The header by which a list's actions column (its header is for screen readers only) is declared. */
export const ACTIONS_HEADER = "Actions";

/** Below this width the cards replace the table: Tailwind's `md` breakpoint, 48rem. */
export const CARD_MEDIA = "(width < 48rem)";

/** The cards' CSS for the table whose `data-cards` attribute is `scope`; `columns` are its headers, in order. */
export function cardStyleSheet(scope: string, columns: readonly string[], card: CardDeclaration): string {
  const slots: [area: string, header: string | undefined][] = [
    ["title", card.title],
    ["aside", card.aside],
    ...(card.lines ?? []).map((header, i) => [`line${i}`, header] as [string, string]),
    ["badge", card.badge],
    ["time", card.time],
    ["actions", card.actions ?? (columns.includes(ACTIONS_HEADER) ? ACTIONS_HEADER : undefined)],
  ];
  const placed = slots.flatMap(([area, header]) => {
    if (header === undefined) return [];
    const index = columns.indexOf(header);
    if (index < 0) throw new Error(`The card names "${header}", which is not one of the columns (${columns.join(", ")}).`);
    return [{ area, nth: index + 1 }];
  });
  const has = (area: string) => placed.some((slot) => slot.area === area);
  const rows = [
    has("aside") ? '"title aside"' : '"title title"',
    ...(card.lines ?? []).map((_, i) => `"line${i} line${i}"`),
    ...(has("badge") || has("time") ? [has("time") ? '"badge time"' : '"badge badge"'] : []),
    ...(has("actions") ? ['"actions actions"'] : []),
  ];
  const s = `[data-cards="${scope}"]`;
  const cell = (nth: number) => `${s}>tbody>tr>td:nth-child(${nth})`;
  const rules = [
    `${s},${s}>tbody{display:block;min-width:0}`,
    // The header stays for screen readers, out of sight; a sortable one keeps its sort button in view.
    `${s}>thead:not(:has([aria-sort])){position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`,
    `${s}>thead>tr>th:not([aria-sort]){display:none}`,
    `${s}>tbody>tr{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:${rows.join(" ")};gap:0.25rem 0.75rem;align-content:center;align-items:center;padding:0.75rem 1rem}`,
    `${s}>tbody>tr>td{display:none;text-align:left;width:auto;max-width:none;min-width:0;height:auto;padding:0;overflow-wrap:anywhere}`,
    ...placed.map(({ area, nth }) => `${cell(nth)}{display:block;grid-area:${area}}`),
    ...placed
      .filter(({ area }) => area === "aside" || area === "time")
      .map(({ nth }) => `${cell(nth)}{justify-self:end;text-align:right}`),
    ...placed
      .filter(({ area }) => area.startsWith("line") || area === "time")
      .map(({ nth }) => `${cell(nth)}{font-size:0.8125rem;color:var(--fg-muted)}`),
    ...placed
      .filter(({ area }) => area === "actions")
      .map(
        ({ nth }) =>
          `${cell(nth)}{text-align:left;padding-top:0.25rem}${cell(nth)}>div{justify-content:flex-start;flex-wrap:wrap}`,
      ),
    ...(card.labelled ?? []).map(
      (header) => `${cell(columns.indexOf(header) + 1)}::before{content:${JSON.stringify(`${header}: `)};color:var(--fg-subtle)}`,
    ),
    // A row's details (or a list's footer row) span the card's width: one cell across every column.
    `${s}>tbody>tr:has(>td[colspan]){display:flex;flex-direction:column;justify-content:center;padding:0}`,
    `${s}>tbody>tr>td[colspan]{display:block;padding:0.25rem 1rem 1rem}`,
  ];
  return `@media ${CARD_MEDIA}{${rules.join("")}}`;
}

/** A `data-cards` scope from React's useId (which may hold characters a CSS string would need escaped). */
export const cardScope = (id: string) => id.replace(/[^a-zA-Z0-9_-]/g, "");
