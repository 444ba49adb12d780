import { useLocation } from '@rewards/shared/router';

/** Shows the router's current path, so tests can assert where a click led. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}
