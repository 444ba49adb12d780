import { assertNoCspViolations } from './browser';

// Every end-to-end test runs with the site's Content-Security-Policy on: a violation fails the test it happened in.
afterEach(() => assertNoCspViolations());
// …and one reported while a file's browsers close fails the file.
afterAll(() => assertNoCspViolations());
