import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

/**
 * For the tests of a form that uploads a file: jsdom's FormData and File are not the ones Node's fetch (which
 * the test environment hands the page) can send, so a body built from them would arrive as "[object FormData]".
 * Swaps in Node's for the test file. Not for pages that submit through React form actions: React builds their
 * FormData from the form element, which only jsdom's can read.
 */
export function useNodeFormData(): void {
  const original = { FormData: window.FormData, File: window.File, Blob: window.Blob };
  beforeAll(async () => {
    // Node exports no FormData class by name: a parsed form body is one.
    const probe = await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
    Object.assign(window, { FormData: probe.constructor, File: NodeFile, Blob: NodeBlob });
  });
  afterAll(() => {
    Object.assign(window, original);
  });
}
