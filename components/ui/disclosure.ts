// A button that shows and hides a region (WAI-ARIA's disclosure pattern): it says whether the
// region is shown and which element it is, and toggles it.
export const disclosureProps = (open: boolean, regionId: string, onToggle: () => void) => ({
  "aria-expanded": open,
  "aria-controls": regionId,
  onClick: onToggle,
});
