// What this remote exposes, by name: its rspack config builds them, tools/federation-types publishes their types.
module.exports = {
  name: 'mf_marketing',
  exposes: { './routes': './src/routes.tsx', './site-footer': './src/features/footer/site-footer.tsx' },
};
