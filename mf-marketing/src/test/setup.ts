import { configure } from '@testing-library/react';
import './browser-observers';

// The landing renders every section at once under test; on a busy 2-core machine a second is not always
// enough for the lazy ones to arrive.
configure({ asyncUtilTimeout: 4_000 });
