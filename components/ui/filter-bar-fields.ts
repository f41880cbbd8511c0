// A list's filter bar bound to its filter table and its URL filters: each field is named once,
// and its words (the table's label or choice), its value and its change all follow from the name.
import {
  type AnyFilter,
  type FilterName,
  filterControl,
  filterLabel,
  type LabelledChoice,
  type PageFilters,
} from "@/lib/paging/list-filter-table";

type Bound = { value: string | undefined; onChange: (value: string | undefined) => void };

export function filterBarFields<const T extends readonly AnyFilter[]>(
  table: T,
  filters: PageFilters<T>,
  onChange: (changes: PageFilters<T>) => void,
) {
  const bound = (name: FilterName<T>): Bound => ({
    value: (filters as Record<string, string | undefined>)[name],
    onChange: (value) => onChange({ [name]: value } as PageFilters<T>),
  });
  return {
    /** A ChoiceFilter's props: the choice the table declares for the filter, with its label. */
    choice: (name: FilterName<T>): Bound & { control: LabelledChoice } => ({
      control: filterControl(table, name),
      ...bound(name),
    }),
    /** Any other field's: the filter's label, its value and its change. */
    field: (name: FilterName<T>): Bound & { label: string } => ({ label: filterLabel(table, name), ...bound(name) }),
  };
}
