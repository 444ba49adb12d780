// Tests read the messages as written (ICU text), which the message formatter formats; the shared UI's messages
// load it only when first shown, so a component's first render would wait for it. Loaded before the first test.
beforeAll(async () => {
  const { preloadMessageFormatter } = await import('../translate/messages');
  await preloadMessageFormatter();
});
