/**
 * What the shell's build tells the site server about its own files: the file (beside the shell's `index.html`)
 * naming the scripts a signed-in page loads at start on top of the visitor's ones (RTK Query and the site's API
 * client), so the server can preload them in the page of a request carrying a session.
 */
export const SIGNED_IN_PRELOADS_FILE = 'signed-in-preloads.json';

export type ShellPreload = { href: string; as: 'script' | 'style' };
