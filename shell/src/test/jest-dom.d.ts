// The DOM matchers (toBeInTheDocument, toHaveFocus, ...) that tools/jest/setup-dom.js installs.
/// <reference types="@testing-library/jest-dom" />
