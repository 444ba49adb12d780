import { useLocation } from '@rewards/shared/router';

/** Shows the router's current address, for assertions on navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
