// What the navigation feature gives the other features of the shell.
export { SiteHeader } from './site-header';
