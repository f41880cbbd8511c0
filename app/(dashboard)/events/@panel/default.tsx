// No event is open over the list.
export default function NoPanel() {
  return null;
}
