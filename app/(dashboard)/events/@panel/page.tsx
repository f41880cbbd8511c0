// /events itself: no event open. (Without this, a client navigation to /events, the sidebar's
// link say, would keep the last panel on screen: a slot keeps its state when nothing matches.)
export default function NoPanelOnList() {
  return null;
}
