import { preloadMessageFormatter } from '@rewards/shared/translate/messages';

// Tests read the messages as written, not compiled as the build gives them: every one goes through the message
// formatter, which mf-earn loads on demand. Loaded before the first test, as the shell loads it when idle.
beforeAll(() => preloadMessageFormatter());
