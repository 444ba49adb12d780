/** Save-Data (the user asked for less data) or a 2G connection: nothing is fetched that the user did not ask for. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}
