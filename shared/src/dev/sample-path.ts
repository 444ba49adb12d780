/** A visitable address for a route path: `/ref/:id` becomes `/ref/example`. */
export function samplePath(routePath: string): string {
  return routePath.replace(/:[^/]+/g, 'example');
}
