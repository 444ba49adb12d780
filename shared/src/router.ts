/**
 * The routing API of the platform. Every package imports routing from here, never from react-router
 * itself: the page then holds one router (this module is a federation singleton), and only the parts
 * of react-router the site uses are bundled, since a shared library is never tree-shaken but its
 * imports from here are.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, Location } from 'react-router';
