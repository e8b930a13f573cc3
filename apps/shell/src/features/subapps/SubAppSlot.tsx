/**
 * The route element of a sub-app page inside the layout. The page itself lives in its app's frame,
 * which the layout keeps above the tab body (see SubAppFrames); the slot holds the tab's place.
 */
export function SubAppSlot() {
  return null;
}
